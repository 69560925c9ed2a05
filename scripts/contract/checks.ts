// The checks applied to every response (Schemathesis's set, on our documents): no server error,
// the status is declared, the content type is declared, the body matches the declared schema; and
// per kind of case: valid data is not rejected as invalid, negative data is rejected with the
// API's validation answer, wrong credentials get 401 with the documented code.
import type { AuthCase } from './auth.ts';
import { declaredResponse, type OperationSpec } from './document.ts';
import type { MutationKind } from './mutations.ts';
import type { ApiProfile, Rejection } from './profiles.ts';
import type { SchemaKit } from './schemas.ts';
import type { WireResponse } from './wire.ts';

export type CheckId =
  | 'not_a_server_error'
  | 'status_code_conformance'
  | 'content_type_conformance'
  | 'response_schema_conformance'
  | 'positive_data_acceptance'
  | 'negative_data_rejection'
  | 'auth_enforced';

export interface CheckFailure {
  check: CheckId;
  message: string;
}

export type Expectation =
  | { kind: 'valid' }
  | { kind: 'negative'; mutation: MutationKind }
  | { kind: 'auth'; auth: AuthCase };

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
    out.push({ check: 'status_code_conformance', message: `status ${res.status} is not declared (declared: ${Object.keys(op.responses).join(', ')})` });
    return out;
  }
  const { response } = declared;
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

function rejection(profile: ApiProfile, expected: Rejection, res: WireResponse, check: CheckId, what: string): CheckFailure[] {
  if (res.status >= 200 && res.status < 300) return [{ check, message: `${what} was accepted with ${res.status}` }];
  if (res.status >= 500) return []; // reported by not_a_server_error
  if (res.status !== expected.status) return [{ check, message: `${what} answered ${res.status}, expected ${expected.status}` }];
  const code = profile.errorCode(res.json);
  if (code !== undefined && expected.codes.length > 0 && !expected.codes.includes(code)) {
    return [{ check, message: `${what} answered code ${code}, expected ${expected.codes.join(' or ')}` }];
  }
  return [];
}

/** The checks of what the case expects, on top of `responseChecks`. */
export function expectationChecks(op: OperationSpec, profile: ApiProfile, expect: Expectation, res: WireResponse, stateful?: readonly string[]): CheckFailure[] {
  if (expect.kind === 'valid') {
    return profile.isValidationRejection(op, res.status, res.json, stateful)
      ? [{ check: 'positive_data_acceptance', message: `schema-valid request rejected as invalid (${res.status}): ${res.text.slice(0, 200)}` }]
      : [];
  }
  if (expect.kind === 'negative') {
    if (expect.mutation === 'malformed-form') {
      const asMalformed = rejection(profile, profile.malformedForm, res, 'negative_data_rejection', 'a body that is not a form');
      const asInvalid = rejection(profile, profile.validation, res, 'negative_data_rejection', 'a body that is not a form');
      return asMalformed.length === 0 || asInvalid.length === 0 ? [] : asMalformed;
    }
    const expected =
      expect.mutation === 'malformed-json' ? profile.malformedJson : expect.mutation === 'oversized' ? profile.oversized : profile.validation;
    return rejection(profile, expected, res, 'negative_data_rejection', 'invalid request');
  }
  const { status, code } = expect.auth.expect;
  return rejection(profile, { status, codes: [code] }, res, 'auth_enforced', `request with ${expect.auth.mode} credentials`);
}
