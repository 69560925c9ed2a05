// What the try-it console of a reference page knows about its API: written into the page by the
// generate pipeline (scripts/pipeline/console-plan.ts) from the document, read by the console in
// the browser (tools/console/main.ts). Plain data, no imports, so both sides share the types.

export type Scalar = string | number | boolean;

/** How the console authenticates: X1 signing, Basic, Bearer or Basic, or none/Basic (control API from loopback). */
export type ConsoleAuth = 'x1' | 'basic' | 'bearer-or-basic' | 'sandbox';

/** A link of a response (OpenAPI Link Object): values of the body that feed another operation. */
export interface ConsoleLink {
  operationId: string;
  /** Parameter name -> runtime expression `$response.body#/pointer`. */
  parameters: Record<string, string>;
  /** Body field -> runtime expression. */
  requestBody: Record<string, string>;
}

export interface ConsoleOperation {
  operationId: string;
  method: string;
  /** Path below the base path, as the typed clients take it: `/tickers/{market}`. */
  pathTemplate: string;
  summary: string;
  /** Redoc's anchor of the operation, without the `#/`: `payments/getpayment`. */
  anchor: string;
  /** Every status the document declares for the operation, ascending. */
  statuses: number[];
  /** Whether the operation carries a security requirement the console fills. */
  secured: boolean;
  /** The example request: required path and query parameters, body. */
  pathParams: Record<string, Scalar>;
  query: Record<string, Scalar>;
  body?: unknown;
  /** Links per declared status. */
  links: Record<string, ConsoleLink[]>;
}

export interface ConsolePlan {
  api: 'exchange' | 'merchant' | 'partner' | 'sandbox';
  title: string;
  basePath: string;
  auth: ConsoleAuth;
  /** The sandbox's default credentials of this API, field name -> value. */
  credentials: Record<string, string>;
  operations: ConsoleOperation[];
}
