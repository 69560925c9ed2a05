// What a run produces: per operation, its cases counted by kind, a row per declared status
// (exercised / not exercised / mismatched) plus any undeclared status seen, and the first failure
// of each check with its shrunk request and the seed that reproduces it.
import type { AuthMode } from './auth.ts';
import type { CheckFailure, CheckId } from './checks.ts';
import { declaredResponse, type ApiId, type OperationSpec } from './document.ts';
import type { CaseKind, PlannedCase } from './plan.ts';
import type { RequestInput, WireResponse } from './wire.ts';

export type StatusState = 'exercised' | 'not exercised' | 'mismatched';

export interface StatusRow {
  status: string;
  declared: boolean;
  /** Responses with this status. */
  count: number;
  /** Of those, responses that failed a check. */
  mismatched: number;
  state: StatusState;
  /** Reached only by asking with Prefer (--prefer): the server never answered it on its own. */
  preferredOnly?: boolean;
}

/** A response as reported (for the report directory): what came back, never what was sent with it. */
export interface ResponseSummary {
  status: number;
  headers: Record<string, string>;
  /** The body as text, cut at 64 kB. */
  body: string;
}

const BODY_LIMIT = 64 * 1024;
export const summarizeResponse = (r: WireResponse): ResponseSummary => ({ status: r.status, headers: { ...r.headers }, body: r.text.length > BODY_LIMIT ? `${r.text.slice(0, BODY_LIMIT)}\n[... ${r.text.length - BODY_LIMIT} more characters]` : r.text });

/** A request as reported: its typed parts and how it authenticated (never the credentials). */
export interface RequestSummary extends RequestInput {
  method: string;
  path_template: string;
  auth: AuthMode;
  slot: number;
}

export interface FailureReport {
  check: CheckId;
  message: string;
  kind: CaseKind;
  label: string;
  status: number;
  /** The status row the failure belongs to (`200`, `4XX`, or the undeclared code). */
  statusKey: string;
  /** The run seed, the operation's derived seed and the sample index that reproduce the case. */
  seed: number;
  operationSeed: number;
  sampleIndex?: number;
  /** The request after shrinking (the original when nothing smaller failed the same way). */
  request: RequestSummary;
  original: RequestSummary;
  shrinkSteps: number;
  /** Further failures of the same check on this operation. */
  more: number;
  /** The answer to `request` (the shrunk one when shrinking succeeded). */
  response?: ResponseSummary;
}

export interface OperationReport {
  operationId: string;
  method: string;
  path: string;
  cases: Record<CaseKind, number>;
  statuses: StatusRow[];
  failures: FailureReport[];
  notes: string[];
  /** A probe of a method the path does not document (probes.ts), not an operation of the document. */
  probe?: boolean;
}

export interface ApiReport {
  api: ApiId;
  baseUrl: string;
  seed: number;
  runs: number;
  negativeRuns: number;
  durationMs: number;
  requests: number;
  rateLimitWaitMs: number;
  operations: OperationReport[];
  /** Declared (operation, status) pairs never reached (a 2xx reached only through Prefer included). */
  unexercised?: { operationId: string; status: string }[];
  /** The webhooks the sandbox sent, checked as received (webhooks-sent.ts; the merchant API against a sandbox). */
  webhooks?: { event: string; received: number; failures: string[]; failed?: { headers: Record<string, string | string[] | undefined>; body: string } }[];
  /** --fail-on-unexercised: `unexercised` fails the run. */
  failOnUnexercised?: boolean;
  ok: boolean;
}

export const summarize = (op: OperationSpec, c: PlannedCase, input: RequestInput = c.input): RequestSummary => ({
  method: (c.method ?? op.method).toUpperCase(),
  path_template: op.path,
  ...structuredClone(input),
  auth: c.auth,
  slot: c.slot,
});

/** Accumulates one operation's outcomes into its report. */
export class OperationTally {
  readonly cases: Record<CaseKind, number> = { example: 0, valid: 0, negative: 0, auth: 0, method: 0, stateful: 0 };
  private readonly rows = new Map<string, { count: number; mismatched: number; real: number }>();
  /**
   * Per check, the case to report: the first generated one (it can be shrunk and replayed from
   * the seed) or, when only examples and credential cases failed, the first of those.
   */
  readonly firstFailures = new Map<CheckId, { c: PlannedCase; check: CheckId; failure: CheckFailure; status: number; more: number; response?: WireResponse }>();

  constructor(readonly op: OperationSpec) {}

  /** `preferred`: the answer was asked for with Prefer (S-prefer), not reached by the request itself. */
  record(c: PlannedCase, status: number, failures: CheckFailure[], response?: WireResponse, preferred = false): void {
    this.cases[c.kind]++;
    const key = declaredResponse(this.op, status)?.key ?? String(status);
    const row = this.rows.get(key) ?? { count: 0, mismatched: 0, real: 0 };
    row.count++;
    if (!preferred) row.real++;
    if (failures.length > 0) row.mismatched++;
    this.rows.set(key, row);
    const generated = (k: PlannedCase) => k.sampleIndex !== undefined && (k.kind === 'valid' || k.kind === 'negative');
    for (const failure of failures) {
      const first = this.firstFailures.get(failure.check);
      const found = { c, check: failure.check, failure, status, ...(response ? { response } : {}) };
      if (!first) this.firstFailures.set(failure.check, { ...found, more: 0 });
      else if (!generated(first.c) && generated(c)) this.firstFailures.set(failure.check, { ...found, more: first.more + 1 });
      else first.more++;
    }
  }

  statuses(): StatusRow[] {
    const declared = Object.keys(this.op.responses);
    const undeclared = [...this.rows.keys()].filter((k) => !declared.includes(k)).sort();
    return [...declared, ...undeclared].map((status) => {
      const row = this.rows.get(status) ?? { count: 0, mismatched: 0, real: 0 };
      const state: StatusState = row.mismatched > 0 || !declared.includes(status) ? 'mismatched' : row.count > 0 ? 'exercised' : 'not exercised';
      return { status, declared: declared.includes(status), count: row.count, mismatched: row.mismatched, state, ...(row.count > 0 && row.real === 0 ? { preferredOnly: true } : {}) };
    });
  }
}
