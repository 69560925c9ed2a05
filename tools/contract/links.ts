// OpenAPI links as the runner follows them: each Link Object of a response becomes an edge from
// the producing operation (and the status it is declared on) to the operation it leads to, with
// the request places it fills (`path.id`, `query.crypto_iso`, `body.invoice.invoice_recipient_id`)
// and the runtime expression of each (`$response.body#/id`, `$request.body#/payment/crypto_iso`).
import { getPointer } from '../../contracts/shared/openapi-walk.ts';
import type { LinkSpec, OperationSpec } from './document.ts';
import type { RequestInput, WireResponse } from './wire.ts';

export interface LinkEdge {
  from: string;
  /** The response key the link is declared on (`201`, `2XX`); `2XX` for any success. */
  status: string;
  name: string;
  to: string;
  /** Request place of the target -> value or runtime expression. */
  bind: Record<string, unknown>;
}

/** The request place a link parameter names: `path.id` as is, a bare name looked up on the target. */
function placeOf(target: OperationSpec, key: string): string | undefined {
  const qualified = /^(path|query|header|cookie)\.(.+)$/.exec(key);
  const param = qualified
    ? target.parameters.find((p) => p.in === qualified[1] && p.name === qualified[2])
    : target.parameters.find((p) => p.name === key);
  return param && (param.in === 'path' || param.in === 'query') ? `${param.in}.${param.name}` : undefined;
}

/** The leaves of a link's requestBody as body places (`{invoice: {id: expr}}` -> `body.invoice.id`). */
function bodyPlaces(value: unknown, prefix = 'body'): [string, unknown][] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [[prefix, value]];
  return Object.entries(value).flatMap(([k, v]) => bodyPlaces(v, `${prefix}.${k}`));
}

/** The edges of one link, or an error naming what the document gets wrong. */
export function edgeOf(from: OperationSpec, status: string, link: LinkSpec, byId: Map<string, OperationSpec>): LinkEdge {
  const target = byId.get(link.operationId);
  if (!target) throw new Error(`${from.operationId} ${status}: link ${link.name} names an unknown operation ${link.operationId}`);
  const bind: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(link.parameters)) {
    const place = placeOf(target, key);
    if (!place) throw new Error(`${from.operationId} ${status}: link ${link.name} sets ${key}, which ${target.operationId} does not have`);
    bind[place] = value;
  }
  if ('requestBody' in link) for (const [place, value] of bodyPlaces(link.requestBody)) bind[place] = value;
  return { from: from.operationId, status, name: link.name, to: target.operationId, bind };
}

/** Every link the document declares, as edges. */
export function documentEdges(ops: OperationSpec[]): LinkEdge[] {
  const byId = new Map(ops.map((o) => [o.operationId, o]));
  return ops.flatMap((op) => Object.entries(op.responses).flatMap(([status, r]) => (r.links ?? []).map((l) => edgeOf(op, status, l, byId))));
}

/** Reads a JSON pointer (`/transactions/0/id`); undefined when it leads nowhere. */
export function pointer(value: unknown, ptr: string): unknown {
  return ptr === '' || ptr.startsWith('/') ? getPointer(value, ptr) : undefined;
}

/** The value of a runtime expression over one exchange; any other value is a literal. */
export function evaluate(expr: unknown, request: RequestInput, response: Pick<WireResponse, 'json' | 'headers'>): unknown {
  if (typeof expr !== 'string' || !expr.startsWith('$')) return expr;
  const body = /^\$(request|response)\.body(?:#(.*))?$/.exec(expr);
  if (body) return pointer(body[1] === 'request' ? request.body : response.json, body[2] ?? '');
  const param = /^\$request\.(path|query)\.(.+)$/.exec(expr);
  if (param) return request[param[1] as 'path' | 'query'][param[2]!];
  const header = /^\$response\.header\.(.+)$/.exec(expr);
  if (header) return response.headers[header[1]!.toLowerCase()];
  throw new Error(`unsupported runtime expression ${expr}`);
}

/** The target's request values an edge gives for one response; undefined when any is missing. */
export function valuesOf(edge: LinkEdge, request: RequestInput, response: Pick<WireResponse, 'json' | 'headers'>): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const [place, expr] of Object.entries(edge.bind)) {
    const value = evaluate(expr, request, response);
    if (value === undefined || value === null) return undefined;
    out[place] = value;
  }
  return out;
}

/** The edge applies to this answer: its status matches the key the link is declared on. */
export function edgeApplies(edge: LinkEdge, status: number, declaredKey: string | undefined): boolean {
  if (status < 200 || status >= 300) return false;
  return edge.status === '2XX' || edge.status === declaredKey;
}
