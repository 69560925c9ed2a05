// The documents' links in the console: after an answer, the values its links name (runtime
// expressions `$response.body#/json/pointer`) are kept for the operations they feed, so picking
// GET /payments/{payment_id} after a POST /payments fills in the payment just created.
import { getPointer } from '../../contracts/shared/openapi-walk.ts';
import type { ConsoleOperation, Scalar } from './types.ts';

export interface Carried {
  /** The operation whose answer gave the values. */
  from: string;
  parameters: Record<string, Scalar>;
  requestBody: Record<string, Scalar>;
}

const isScalar = (v: unknown): v is Scalar => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** The value at a JSON pointer (RFC 6901), or undefined. */
export function atPointer(value: unknown, pointer: string): unknown {
  return pointer === '' || pointer.startsWith('/') ? getPointer(value, pointer) : undefined;
}

/** `$response.body#/a/0/id` of `body`, when it is a scalar. */
export function evaluate(expression: string, body: unknown): Scalar | undefined {
  const m = /^\$response\.body#(.*)$/.exec(expression);
  if (!m) return undefined;
  const v = atPointer(body, m[1]!);
  return isScalar(v) ? v : undefined;
}

function resolveAll(expressions: Record<string, string>, body: unknown): Record<string, Scalar> | undefined {
  const out: Record<string, Scalar> = {};
  for (const [name, expression] of Object.entries(expressions)) {
    const v = evaluate(expression, body);
    if (v === undefined) return undefined; // a link applies whole or not at all
    out[name] = v;
  }
  return out;
}

/** What the answer (`status`, parsed `body`) of `op` carries to other operations, by operationId. */
export function carriedBy(op: ConsoleOperation, status: number, body: unknown): Record<string, Carried> {
  const out: Record<string, Carried> = {};
  for (const link of op.links[String(status)] ?? []) {
    const parameters = resolveAll(link.parameters, body);
    const requestBody = resolveAll(link.requestBody, body);
    if (parameters && requestBody) out[link.operationId] = { from: op.operationId, parameters, requestBody };
  }
  return out;
}

/** The operation's example request with the carried values in place of the examples. */
export function withCarried(op: ConsoleOperation, carried: Carried | undefined) {
  const pathParams = { ...op.pathParams };
  const query = { ...op.query };
  let body = op.body;
  if (carried) {
    for (const [name, v] of Object.entries(carried.parameters)) {
      if (name in pathParams || op.pathTemplate.includes(`{${name}}`)) pathParams[name] = v;
      else query[name] = v;
    }
    if (Object.keys(carried.requestBody).length > 0) {
      body = { ...(typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}), ...carried.requestBody };
    }
  }
  return { pathParams, query, body };
}
