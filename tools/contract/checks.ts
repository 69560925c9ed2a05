// The checks applied to every response (Schemathesis's set, on our documents): no server error,
// the status is declared, the content type is declared, the declared headers are sent (and
// Retry-After on 429/503, Allow on 405, declared where sent), the body matches the declared
// schema. What each kind of case expects on top is in expectations.ts.
import { declaredResponse, type OperationSpec, type ResponseSpec } from './document.ts';
import { coerceParam } from './requests.ts';
import type { SchemaKit } from './schemas.ts';
import type { WireResponse } from './wire.ts';

export type CheckId =
  | 'not_a_server_error'
  | 'status_code_conformance'
  | 'content_type_conformance'
  | 'response_schema_conformance'
  | 'positive_data_acceptance'
  | 'negative_data_rejection'
  | 'response_headers_conformance'
  | 'ignored_auth'
  | 'unsupported_method'
  | 'ensure_resource_availability'
  | 'use_after_free'
  | 'cross_tenant_isolation';

export interface CheckFailure {
  check: CheckId;
  message: string;
}

const mediaTypeOf = (contentType: string | undefined) => contentType?.split(';')[0]?.trim().toLowerCase();

/** The media type matches a declared one (`application/json`, `application/*`, `*\/*`). */
export function mediaTypeDeclared(declared: string[], actual: string): boolean {
  return declared.some((d) => {
    const [t, sub] = d.toLowerCase().split('/');
    const [at, asub] = actual.split('/');
    return (t === '*' || t === at) && (sub === '*' || sub === asub);
  });
}

/** The spec checks every response gets, whatever the request was. */
export function responseChecks(op: OperationSpec, kit: SchemaKit, res: WireResponse): CheckFailure[] {
  const out: CheckFailure[] = [];
  if (res.status === 0) return [{ check: 'not_a_server_error', message: `no response: ${res.text}` }];
  if (res.status >= 500) out.push({ check: 'not_a_server_error', message: `server error ${res.status}: ${res.text.slice(0, 200)}` });
  const declared = declaredResponse(op, res.status);
  if (!declared) {
    const keys = Object.keys(op.responses);
    const declaredText = keys.length > 0 ? `declared: ${keys.join(', ')}` : `no operation of ${op.path} declares it`;
    out.push({ check: 'status_code_conformance', message: `status ${res.status} is not declared (${declaredText})` });
    return out;
  }
  const { response } = declared;
  out.push(...headerChecks(kit, res, response));
  const media = mediaTypeOf(res.contentType);
  if (response.mediaTypes.length === 0) {
    if (res.text !== '') out.push({ check: 'content_type_conformance', message: `status ${res.status} declares no body, got ${media ?? 'a body'}: ${res.text.slice(0, 120)}` });
    return out;
  }
  if (!media || !mediaTypeDeclared(response.mediaTypes, media)) {
    out.push({ check: 'content_type_conformance', message: `content type ${media ?? '(none)'} is not declared for ${res.status} (declared: ${response.mediaTypes.join(', ')})` });
    return out;
  }
  if (response.schema) {
    if (res.json === undefined) {
      out.push({ check: 'response_schema_conformance', message: `${res.status} body is not JSON: ${res.text.slice(0, 120)}` });
    } else {
      const why = kit.explain(response.schema, res.json);
      if (why) out.push({ check: 'response_schema_conformance', message: `${res.status} body does not match its schema: ${why}` });
    }
  }
  return out;
}

/** Headers every answer with this status must carry, whatever the document says (RFC 9110, RFC 6585). */
const MUST_SEND: Record<number, string[]> = { 405: ['allow'], 429: ['retry-after'], 503: ['retry-after'] };
const title = (name: string) => name.replace(/(^|-)([a-z])/g, (_m, d: string, c: string) => d + c.toUpperCase());

/** Required declared headers are present, declared ones validate, and the must-send ones are sent and declared. */
export function headerChecks(kit: SchemaKit, res: WireResponse, response: ResponseSpec): CheckFailure[] {
  const out: CheckFailure[] = [];
  const fail = (message: string) => out.push({ check: 'response_headers_conformance', message });
  const declared = response.headers ?? [];
  for (const h of declared) {
    const value = res.headers[h.name];
    if (value === undefined) {
      if (h.required) fail(`${res.status} without the required header ${title(h.name)}`);
    } else if (h.schema) {
      const why = kit.explain(h.schema, coerceParam(h.schema, kit, value));
      if (why) fail(`${res.status} header ${title(h.name)}: ${JSON.stringify(value)} does not match its schema: ${why}`);
    }
  }
  for (const name of MUST_SEND[res.status] ?? []) {
    if (res.headers[name] === undefined) fail(`${res.status} without ${title(name)}`);
    else if (!declared.some((h) => h.name === name)) fail(`${res.status} sends ${title(name)}, which the document does not declare for it`);
  }
  return out;
}
