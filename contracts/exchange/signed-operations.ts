// The exchange operations that are signed (X1): `METHOD /path/template` of every operation whose
// contract declares the HMAC security requirement. Plain data, so that the client knows which
// calls to sign without loading the contract and zod (a browser bundle stays small);
// signed-operations.test.ts proves it equals what operations.ts declares.
export const SIGNED_OPERATION_KEYS: readonly string[] = [
  'GET /balances',
  'GET /order',
  'GET /orders',
  'GET /trades',
  'POST /order/delete',
  'POST /orders',
  'POST /orders/clear',
  'POST /orders/multi',
];

/** The key of an operation in SIGNED_OPERATION_KEYS: upper-case method, space, path template. */
export const operationKey = (method: string, pathTemplate: string) => `${method.toUpperCase()} ${pathTemplate}`;
