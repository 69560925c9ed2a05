// What each kind of case expects, on top of the checks every response gets (checks.ts): valid
// data is not rejected as invalid, negative data is refused with the API's validation answer,
// removed or perturbed credentials get 401 with the documented code, a method a path lacks gets
// 405 with the API's error body and an `Allow` naming exactly the documented methods, a created
// resource can be read, and a deleted one is gone.
import type { AuthCase } from './auth.ts';
import { responseChecks, type CheckFailure, type CheckId } from './checks.ts';
import type { OperationSpec } from './document.ts';
import type { MutationKind } from './mutations.ts';
import type { ApiProfile, Rejection } from './profiles.ts';
import type { SchemaKit } from './schemas.ts';
import type { WireResponse } from './wire.ts';

export type Expectation =
  | { kind: 'valid' }
  /** Any declared answer will do (an undocumented query parameter: ignored or refused, as declared). */
  | { kind: 'any' }
  | { kind: 'negative'; mutation: MutationKind }
  | { kind: 'auth'; auth: AuthCase }
  /** A method the path lacks (405), or OPTIONS: `Allow` lists `allow` (HEAD beside GET, and OPTIONS, may be added). */
  | { kind: 'method'; allow: string[] }
  /** Reading what a link says was just created (ensure_resource_availability). */
  | { kind: 'available'; producer: string }
  /** Reading what was just deleted (use_after_free). */
  | { kind: 'freed'; deleter: string }
  /** What one tenant created, asked for by another (tenants.ts): refused with 404 or 401. */
  | { kind: 'isolated'; producer: string };

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

/** The methods of an `Allow` header, upper case. */
export const allowOf = (header: string | undefined): string[] =>
  header === undefined ? [] : header.split(',').map((m) => m.trim().toUpperCase()).filter(Boolean);

/** `Allow` names every documented method and nothing else but HEAD (where GET is) and OPTIONS. */
export function allowProblem(header: string | undefined, documented: readonly string[]): string {
  if (header === undefined) return 'no Allow header';
  const sent = allowOf(header);
  const tolerated = new Set([...documented, ...(documented.includes('GET') ? ['HEAD'] : []), 'OPTIONS']);
  const missing = documented.filter((m) => !sent.includes(m));
  const extra = sent.filter((m) => !tolerated.has(m));
  if (missing.length === 0 && extra.length === 0) return '';
  return `Allow: ${header} (documented: ${documented.join(', ')}${missing.length ? `; missing ${missing.join(', ')}` : ''}${extra.length ? `; not documented ${extra.join(', ')}` : ''})`;
}

function methodChecks(op: OperationSpec, profile: ApiProfile, allow: string[], res: WireResponse): CheckFailure[] {
  const fail = (message: string): CheckFailure[] => [{ check: 'unsupported_method', message }];
  const what = `${op.method.toUpperCase()} ${op.path}`;
  const options = op.method.toUpperCase() === 'OPTIONS';
  if (res.status >= 500) return [];
  // OPTIONS is documented nowhere: answered (2xx) or refused (405), its Allow must be the truth.
  if (options ? !(res.status < 300 || res.status === 405) : res.status !== 405) {
    return fail(`${what} (not documented) answered ${res.status}, expected ${options ? '2xx or 405' : 405}: ${res.text.slice(0, 160)}`);
  }
  const why = allowProblem(res.headers.allow, allow);
  if (why) return fail(`${what} answered ${res.status} with ${why}`);
  if (res.status === 405) return rejection(profile, profile.methodNotAllowed, res, 'unsupported_method', what);
  return [];
}

/** The checks of what the case expects, on top of `responseChecks`. */
export function expectationChecks(op: OperationSpec, profile: ApiProfile, expect: Expectation, res: WireResponse, stateful?: readonly string[]): CheckFailure[] {
  switch (expect.kind) {
    case 'any':
      return [];
    case 'valid':
      return profile.isValidationRejection(op, res.status, res.json, stateful)
        ? [{ check: 'positive_data_acceptance', message: `schema-valid request rejected as invalid (${res.status}): ${res.text.slice(0, 200)}` }]
        : [];
    case 'method':
      return methodChecks(op, profile, expect.allow, res);
    case 'available':
      return res.status === 404
        ? [{ check: 'ensure_resource_availability', message: `what ${expect.producer} created (per its link) answers 404: ${res.text.slice(0, 160)}` }]
        : [];
    case 'freed':
      return res.status === 404
        ? []
        : [{ check: 'use_after_free', message: `what ${expect.deleter} deleted answers ${res.status}, expected 404: ${res.text.slice(0, 160)}` }];
    case 'isolated':
      return res.status === 404 || res.status === 401 || res.status >= 500 || res.status === 429
        ? []
        : [{ check: 'cross_tenant_isolation', message: `what ${expect.producer} created for one tenant answers ${res.status} to another, expected 404 or 401: ${res.text.slice(0, 160)}` }];
    case 'auth': {
      const { status, code } = expect.auth.expect;
      return rejection(profile, { status, codes: [code] }, res, 'ignored_auth', `request with ${expect.auth.mode} credentials`);
    }
    case 'negative': {
      if (expect.mutation === 'malformed-form') {
        const asMalformed = rejection(profile, profile.malformedForm, res, 'negative_data_rejection', 'a body that is not a form');
        const asInvalid = rejection(profile, profile.validation, res, 'negative_data_rejection', 'a body that is not a form');
        return asMalformed.length === 0 || asInvalid.length === 0 ? [] : asMalformed;
      }
      const expected =
        expect.mutation === 'malformed-json' ? profile.malformedJson : expect.mutation === 'oversized' ? profile.oversized : profile.validation;
      return rejection(profile, expected, res, 'negative_data_rejection', 'invalid request');
    }
  }
}

/** Every check of one answered case: the response checks (all but a server error skipped for OPTIONS, which no document declares), then the case's own. */
export function checkCase(op: OperationSpec, kit: SchemaKit, profile: ApiProfile, expect: Expectation, res: WireResponse, stateful?: readonly string[]): CheckFailure[] {
  const common = op.method === 'options' ? responseChecks(op, kit, res).filter((f) => f.check === 'not_a_server_error') : responseChecks(op, kit, res);
  return [...common, ...expectationChecks(op, profile, expect, res, stateful)];
}
