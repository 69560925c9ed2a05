// The contract runner: for every operation of one API document, in flow order, plan the cases,
// send them, check every response, feed the id pools, and shrink the first failure of each check.
import fc from 'fast-check';
import { authorize, NonceClock } from './auth.ts';
import { expectationChecks, responseChecks, type CheckFailure, type CheckId } from './checks.ts';
import { SANDBOX_CREDENTIALS, type Credentials } from './credentials.ts';
import { basePathOf, declaredResponse, loadDocument, operationsOf, type ApiId, type OpenApiDocument, type OperationSpec } from './document.ts';
import { FLOWS, runOrder, type PoolEntry } from './flows.ts';
import { applyMutation } from './mutations.ts';
import { planCases, type CaseKind, type Plan, type PlannedCase } from './plan.ts';
import { PROFILES } from './profiles.ts';
import { requestProblems } from './requests.ts';
import { OperationTally, summarize, type ApiReport, type FailureReport, type OperationReport } from './results.ts';
import { SchemaKit } from './schemas.ts';
import { encodeForm } from './form.ts';
import { send, toWire, type RequestInput, type SendOptions, type WaitBudget, type WireRequest, type WireResponse } from './wire.ts';

export interface RunOptions {
  api: ApiId;
  /**
   * After its cases, ask for every declared status the run did not reach with `Prefer: code=<status>`
   * (decision S-prefer; a sandbox with the control API on), and check those answers too.
   */
  prefer?: boolean;
  /** Where the APIs are served; the document's base path (`/api/v1`) is appended. */
  baseUrl: string;
  document?: OpenApiDocument;
  /** Generated valid requests per operation (the example comes on top). */
  runs?: number;
  /** Negative cases per operation (at least; every applicable mutation runs once). */
  negativeRuns?: number;
  seed?: number;
  credentials?: Credentials;
  /** Only these operations (and the operations that produce their ids). */
  operations?: string[];
  /** Time the run may spend waiting on 429 Retry-After; default 0 in-process, more for deployments. */
  rateLimitBudgetMs?: number;
  /** Requests one shrink may send (default 40; 0 disables shrinking). */
  shrinkBudget?: number;
  fetch?: typeof fetch;
  log?: (line: string) => void;
  /**
   * The base path as sent, when a proxy in front adds the document's (Prism matches paths
   * without it). Signatures still cover the path the server sees.
   */
  wireBasePath?: string;
  /** Only cases of these kinds (default all). */
  kinds?: readonly CaseKind[];
  /** Every case as it is answered (verbose output, debugging). */
  onCase?: (op: OperationSpec, c: PlannedCase, response: WireResponse, failures: CheckFailure[]) => void;
}

interface Outcome {
  response: WireResponse;
  failures: CheckFailure[];
}

export async function runContract(options: RunOptions): Promise<ApiReport> {
  const started = performance.now();
  const { api } = options;
  const doc = options.document ?? loadDocument(api);
  const kit = new SchemaKit(doc, api);
  const basePath = basePathOf(doc);
  const credentials = options.credentials ?? SANDBOX_CREDENTIALS;
  const profile = PROFILES[api];
  const flows = FLOWS[api];
  const nonces = new NonceClock();
  const budget: WaitBudget = { leftMs: options.rateLimitBudgetMs ?? 0, waitedMs: 0 };
  const wireBase = options.wireBasePath;
  // Where the run is, for the line printed while it waits out a rate limit (minutes, on a deployment).
  const progress = { operation: '', index: 0, total: 0, planned: 0 };
  const onWait = (waitMs: number) =>
    options.log?.(
      `rate limited by ${api}: waiting ${Math.round(waitMs / 100) / 10} s (Retry-After) — ${requests}/${progress.planned} requests done ` +
        `(planned so far; operation ${progress.index}/${progress.total}, ${progress.operation})`,
    );
  const sendOpts: SendOptions = {
    baseUrl: options.baseUrl,
    onWait,
    rateLimitBudgetMs: budget.leftMs,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(wireBase !== undefined ? { rewritePath: (p: string) => wireBase + p.slice(basePath.length) } : {}),
  };
  const runs = options.runs ?? 50;
  const negativeRuns = options.negativeRuns ?? 25;
  const seed = options.seed ?? 1;
  const pools = new Map<string, PoolEntry[]>(Object.entries(flows.seeds ?? {}).map(([k, v]) => [k, [...v]]));
  let requests = 0;

  const execute = async (op: OperationSpec, c: PlannedCase, prefer?: number): Promise<Outcome> => {
    const prepare = () => {
      const wire = toWire(op, basePath, c.input);
      authorize(api, op, wire, c.auth === 'replayed-nonce' ? 'valid' : c.auth, c.slot, credentials, nonces);
      if (prefer !== undefined) wire.headers.prefer = `code=${prefer}`;
      return wire;
    };
    let response: WireResponse;
    try {
      response = c.auth === 'replayed-nonce' ? await replay(prepare) : (await send(prepare, sendOpts, budget)).response;
      requests++;
    } catch (err) {
      const inner = (err as { cause?: { code?: string; message?: string } }).cause;
      const cause = inner?.code ?? inner?.message ?? (err as Error).message;
      if (requests === 0) throw new Error(`Cannot reach ${options.baseUrl} (${cause}): is the server running?`);
      response = { status: 0, contentType: undefined, headers: {}, text: `request failed: ${cause}`, ms: 0 };
    }
    if (prefer !== undefined) {
      // The asked-for answer, declared and well-formed; a 5xx asked for is no server error.
      const failures = responseChecks(op, kit, response).filter((f) => f.check !== 'not_a_server_error');
      if (response.status !== prefer) failures.push({ check: 'status_code_conformance', message: `Prefer: code=${prefer} answered ${response.status}` });
      return { response, failures };
    }
    const stateful = flows.stateful?.[op.operationId];
    return { response, failures: [...responseChecks(op, kit, response), ...expectationChecks(op, profile, c.expect, response, stateful)] };
  };

  /**
   * A signed request, then the same one again at once: its nonce is now used (2006). A 429 on the
   * second must not delay it (the nonce would leave the ±30 s window, 2007): wait, then redo both.
   */
  const replay = async (prepare: () => WireRequest): Promise<WireResponse> => {
    for (;;) {
      const first = await send(prepare, sendOpts, budget);
      const again = (await send(() => first.wire, sendOpts, { leftMs: 0, waitedMs: 0 })).response;
      const waitMs = Number(again.headers['retry-after']) * 1000;
      if (again.status !== 429 || !(waitMs >= 0) || waitMs > budget.leftMs) return again;
      budget.leftMs -= waitMs;
      budget.waitedMs += waitMs;
      onWait(waitMs);
      await new Promise((r) => setTimeout(r, waitMs));
    }
  };

  const all = operationsOf(api, doc);
  const wanted = options.operations ? withProducers(options.operations, api) : undefined;
  const ops = runOrder(all, flows).filter((op) => !wanted || wanted.has(op.operationId));
  if (options.operations) {
    const unknown = options.operations.filter((id) => !all.some((o) => o.operationId === id));
    if (unknown.length > 0) throw new Error(`Unknown operation(s) of ${api}: ${unknown.join(', ')}`);
  }

  const reports: OperationReport[] = [];
  progress.total = ops.length;
  for (const op of ops) {
    const consumer = flows.consumers.find((c) => c.operationId === op.operationId);
    const producers = flows.producers.filter((p) => p.operationId === op.operationId);
    const pool = consumer ? (pools.get(consumer.pool) ?? []).slice(-64) : [];
    const plan = planCases({ op, kit, credentials, runs, negativeRuns, seed, pool, ...(consumer ? { consumer } : {}) });
    const tally = new OperationTally(op);
    progress.index++;
    progress.operation = op.operationId;
    progress.planned += plan.cases.filter((c) => !options.kinds || options.kinds.includes(c.kind)).length;
    for (const c of plan.cases) {
      if (options.kinds && !options.kinds.includes(c.kind)) continue;
      const { response, failures } = await execute(op, c);
      tally.record(c, response.status, failures);
      options.onCase?.(op, c, response, failures);
      const ok = response.status >= 200 && response.status < 300;
      if (ok && (c.kind === 'valid' || c.kind === 'example')) {
        for (const p of producers) {
          const list = pools.get(p.pool) ?? [];
          for (const values of p.extract(response.json, c.input)) list.push({ values, slot: c.slot });
          pools.set(p.pool, list);
        }
        if (consumer?.consumes && c.entry) {
          pools.set(consumer.pool, (pools.get(consumer.pool) ?? []).filter((e) => e !== c.entry));
        }
      }
    }
    const example = plan.cases.find((c) => c.kind === 'example' || c.kind === 'valid');
    if (options.prefer && example) {
      for (const row of tally.statuses()) {
        // 429 is left to the real limiter: the runner waits out every 429 it gets.
        if (row.state !== 'not exercised' || !/^\d{3}$/.test(row.status) || row.status === '429') continue;
        const { response, failures } = await execute(op, example, Number(row.status));
        tally.record(example, response.status, failures);
        options.onCase?.(op, example, response, failures);
      }
    }
    const failures: FailureReport[] = [];
    for (const [check, first] of tally.firstFailures) {
      failures.push(await shrinkFailure(op, plan, first.c, check, first.failure, first.status, first.more));
    }
    const report: OperationReport = { operationId: op.operationId, method: op.method.toUpperCase(), path: op.path, cases: tally.cases, statuses: tally.statuses(), failures, notes: plan.notes };
    reports.push(report);
    options.log?.(`${api} ${op.operationId}: ${plan.cases.length} cases, ${failures.length === 0 ? 'ok' : `${failures.length} failing check(s)`}`);
  }

  async function shrinkFailure(op: OperationSpec, plan: Plan, c: PlannedCase, check: CheckId, failure: CheckFailure, status: number, more: number): Promise<FailureReport> {
    const base: FailureReport = {
      check, message: failure.message, kind: c.kind, label: c.label, status, statusKey: statusKey(op, status), seed, operationSeed: plan.seed,
      ...(c.sampleIndex !== undefined ? { sampleIndex: c.sampleIndex } : {}),
      request: summarize(op, c), original: summarize(op, c), shrinkSteps: 0, more,
    };
    const allowance = options.shrinkBudget ?? 40;
    if (c.sampleIndex === undefined || allowance <= 0 || (c.kind !== 'valid' && c.kind !== 'negative')) return base;
    let left = allowance;
    let last: { message: string; status: number } | undefined;
    const arbitrary = c.kind === 'negative' ? plan.arbitrary.map((s) => ({ ...s, input: applyMutation(s.input, c.mutation!) })) : plan.arbitrary;
    const form = c.input.encoding === 'form';
    const property = fc.asyncProperty(arbitrary, async (s) => {
      if (!s.input || left <= 0) return true;
      // A form case shrinks over form bodies: one with no form encoding is skipped, a negative must stay invalid however read.
      const input: RequestInput = form ? { ...s.input, encoding: 'form' } : s.input;
      if (form && input.rawBody === undefined && input.body !== undefined && encodeForm(input.body) === undefined) return true;
      const invalid = requestProblems(op, kit, input) !== '' && (!form || c.kind !== 'negative' || requestProblems(op, kit, input, 'loose') !== '');
      if (invalid !== (c.kind === 'negative')) return true; // keep the nature of the case
      left--;
      const outcome = await execute(op, { ...c, input, slot: s.entry?.slot ?? c.slot });
      const same = outcome.failures.find((f) => f.check === check);
      if (same) last = { message: same.message, status: outcome.response.status };
      return !same;
    });
    const result = await fc.check(property, { seed: plan.seed, path: String(c.sampleIndex), numRuns: c.sampleIndex + 1 });
    const found = result.counterexample?.[0];
    if (!result.failed || !found?.input || !last) return base; // state moved on: the original stands
    const shrunk: RequestInput = form ? { ...found.input, encoding: 'form' } : found.input;
    return { ...base, message: last.message, status: last.status, statusKey: statusKey(op, last.status), request: summarize(op, c, shrunk), shrinkSteps: result.numShrinks };
  }

  const ok = reports.every((r) => r.failures.length === 0);
  return {
    api, baseUrl: options.baseUrl, seed, runs, negativeRuns,
    durationMs: Math.round(performance.now() - started), requests, rateLimitWaitMs: budget.waitedMs, operations: reports, ok,
  };
}

const statusKey = (op: OperationSpec, status: number) => declaredResponse(op, status)?.key ?? String(status);

/** The operations asked for plus, transitively, those that produce the ids they consume. */
function withProducers(ids: string[], api: ApiId): Set<string> {
  const flows = FLOWS[api];
  const out = new Set(ids);
  for (let changed = true; changed; ) {
    changed = false;
    for (const c of flows.consumers) {
      if (!out.has(c.operationId)) continue;
      for (const p of flows.producers) if (p.pool === c.pool && !out.has(p.operationId)) changed = Boolean(out.add(p.operationId));
    }
  }
  return out;
}
