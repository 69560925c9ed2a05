// The contract runner: for every operation of one API document, in the order its links give, plan
// the cases (plan.ts), send them (sender.ts), check every answer (checks.ts, expectations.ts),
// feed the link pools and read back what was created or deleted (state.ts, followups.ts), probe
// the methods each path lacks (probes.ts), and shrink the first failure of each check (shrink.ts)
// into the report (results.ts, report.ts).
import type { CheckFailure } from './checks.ts';
import { SANDBOX_CREDENTIALS, type Credentials } from './credentials.ts';
import { basePathOf, declaredResponse, loadDocument, operationsOf, type ApiId, type OpenApiDocument, type OperationSpec } from './document.ts';
import { checkCase } from './expectations.ts';
import { edgesFor } from './flows.ts';
import { FollowUps } from './followups.ts';
import { planCases, seedFor, type CaseKind, type Plan, type PlannedCase } from './plan.ts';
import { methodProbes } from './probes.ts';
import { preferUnreached } from './prefer.ts';
import { PROFILES } from './profiles.ts';
import { OperationTally, type ApiReport, type OperationReport } from './results.ts';
import { SchemaKit } from './schemas.ts';
import { Sender } from './sender.ts';
import { failureAsFound, shrinkFailure, type ShrinkContext } from './shrink.ts';
import { LinkState, runOrder, withProducers } from './state.ts';
import { hasOtherTenant } from './auth.ts';
import { TenantChecks } from './tenants.ts';
import { UniqueValues } from './unique.ts';
import type { WireResponse } from './wire.ts';

export interface RunOptions {
  api: ApiId;
  /** Where the APIs are served; the document's base path (`/api/v1`) is appended. */
  baseUrl: string;
  document?: OpenApiDocument;
  /** Generated valid requests per operation (the example comes on top). */
  runs?: number;
  /** Negative cases per operation (at least; every applicable mutation runs once). */
  negativeRuns?: number;
  seed?: number;
  credentials?: Credentials;
  /** Only these operations (and the operations whose links feed them), and the method probes of their paths. */
  operations?: string[];
  /** Time the run may spend waiting on 429 Retry-After; default 0 in-process, more for deployments. */
  rateLimitBudgetMs?: number;
  /** Requests one shrink may send (default 40; 0 disables shrinking). */
  shrinkBudget?: number;
  fetch?: typeof fetch;
  log?: (line: string) => void;
  /** The base path as sent, when a proxy in front adds the document's (Prism matches paths without it). */
  wireBasePath?: string;
  /**
   * After each operation's cases, ask for each declared status not reached with `Prefer: code=`
   * (decision S-prefer; a sandbox with the control API on), and check those answers too.
   */
  prefer?: boolean;
  /**
   * Cross-tenant checks (tenants.ts), when the credentials name a second tenant: default on. Off
   * for a deployment whose second credential is the same tenant.
   */
  tenants?: boolean;
  /** The run fails when a declared status of an operation was never reached (2xx only by a real request, not by Prefer). */
  failOnUnexercised?: boolean;
  /** Only cases of these kinds (default all). */
  kinds?: readonly CaseKind[];
  /** Every case as it is answered (verbose output, debugging). */
  onCase?: (op: OperationSpec, c: PlannedCase, response: WireResponse, failures: CheckFailure[]) => void;
}

export async function runContract(options: RunOptions): Promise<ApiReport> {
  const started = performance.now();
  const { api } = options;
  const { doc, kit } = options.document ? { doc: options.document, kit: new SchemaKit(options.document, api) } : generated(api);
  const profile = PROFILES[api];
  const seed = options.seed ?? 1;
  const runs = options.runs ?? 50;
  const negativeRuns = options.negativeRuns ?? 25;
  const credentials = options.credentials ?? SANDBOX_CREDENTIALS;
  const wanted = (kind: CaseKind) => !options.kinds || options.kinds.includes(kind);
  const sender = new Sender({
    api, baseUrl: options.baseUrl, basePath: basePathOf(doc), credentials, rateLimitBudgetMs: options.rateLimitBudgetMs ?? 0,
    ...(options.wireBasePath !== undefined ? { wireBasePath: options.wireBasePath } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}), ...(options.log ? { log: options.log } : {}),
  });

  const all = operationsOf(api, doc);
  const { edges, source } = edgesFor(api, all);
  const ops = selected(all, edges, options.operations, api);
  const byId = new Map(all.map((o) => [o.operationId, o]));
  const state = new LinkState(edges, profile.seeds);
  const followUps = new FollowUps(byId, kit, seed);
  const tallies = new Map(ops.map((o) => [o.operationId, new OperationTally(o)]));
  const unique = new UniqueValues();
  const tenants = options.tenants !== false && hasOtherTenant(api, credentials) ? new TenantChecks(doc, byId, kit, seed) : undefined;
  // Unique values (invoice numbers, e-mails) fresh on every send, replays and shrinking included.
  const fresh = (op: OperationSpec, c: PlannedCase): PlannedCase =>
    c.kind === 'valid' || c.kind === 'example' ? { ...c, input: unique.freshen(api, op, kit, c.input) } : c;
  const send = async (op: OperationSpec, planned: PlannedCase) => {
    const c = fresh(op, planned);
    const response = await sender.execute(op, c);
    const failures = checkCase(op, kit, profile, c.expect, response, profile.stateful?.[op.operationId]);
    return { response, failures, c };
  };
  const record = async (op: OperationSpec, planned: PlannedCase, extra?: (response: WireResponse) => CheckFailure[]) => {
    const { response, failures, c } = await send(op, planned);
    failures.push(...(extra?.(response) ?? []));
    tallies.get(op.operationId)?.record(c, response.status, failures, response);
    options.onCase?.(op, c, response, failures);
    return { response, c };
  };
  const shrinkCtx: ShrinkContext = { kit, seed, budget: options.shrinkBudget ?? 40, run: send };

  const plans = new Map<string, Plan>();
  sender.progress.total = ops.length;
  for (const op of ops) {
    const plan = planCases({ op, kit, credentials, runs, negativeRuns, seed, pool: state.pool(op.operationId) });
    plans.set(op.operationId, plan);
    Object.assign(sender.progress, { index: sender.progress.index + 1, operation: op.operationId });
    sender.progress.planned += plan.cases.filter((c) => wanted(c.kind)).length;
    for (const c of plan.cases) {
      if (!wanted(c.kind)) continue;
      const { response, c: sent } = await record(op, c);
      if (c.kind !== 'valid' && c.kind !== 'example') continue;
      const key = declaredResponse(op, response.status)?.key;
      const produced = state.produce(op, key, sent.input, response, c.slot);
      tenants?.noteCreated(op, key, c.slot, response);
      const deleted = op.method === 'delete' && c.entry && response.status < 300 ? state.consume(c.entry) : [];
      if (!wanted('stateful')) continue;
      // The other tenant first: the owner's availability read after it shows its writes changed nothing.
      for (const f of tenants?.plan(op, produced) ?? []) await record(f.target, f.c);
      for (const f of [...followUps.plan(op, produced, 'produced'), ...followUps.plan(op, deleted, 'deleted')]) await record(f.target, f.c);
    }
    if (options.prefer) await preferUnreached(op, plan, tallies.get(op.operationId)!, kit, sender, options.onCase);
    options.log?.(`${api} ${op.operationId}: ${plan.cases.length} cases`);
  }

  // The lists, read by the other tenant of each credential that created records: none of them may show.
  if (tenants && wanted('stateful')) {
    for (const f of tenants.listCases(ops)) await record(f.target, f.c, (response) => tenants.listLeaks(f.target, f.c.slot, response));
  }

  // The paths of the operations run (all, or those asked for), each with every method it lacks.
  const paths = new Set(ops.map((o) => o.path));
  const probes = wanted('method') ? methodProbes(all, kit, seedFor(seed, api, 'probes')).filter((p) => paths.has(p.op.path)) : [];
  // One report row per path: `/payments (methods)`, every probe of the path counted there.
  const probeTallies = new Map<string, OperationTally>();
  for (const p of probes) {
    const tally = probeTallies.get(p.op.path) ?? new OperationTally({ ...p.op, operationId: `${p.op.path} (methods)` });
    probeTallies.set(p.op.path, tally);
    const { response, failures } = await send(p.op, p.c);
    tally.record(p.c, response.status, failures, response);
    options.onCase?.(p.op, p.c, response, failures);
  }

  const reports: OperationReport[] = [];
  for (const op of ops) {
    const tally = tallies.get(op.operationId)!;
    const plan = plans.get(op.operationId)!;
    const failures = [];
    for (const first of tally.firstFailures.values()) failures.push(await shrinkFailure(shrinkCtx, op, plan, first));
    if (!tenants && wanted('stateful') && api !== 'sandbox' && op === ops[0]) plan.notes.push('no second tenant among the credentials: cross-tenant checks skipped');
    reports.push({ operationId: op.operationId, method: op.method.toUpperCase(), path: op.path, cases: tally.cases, statuses: tally.statuses(), failures, notes: plan.notes });
  }
  for (const tally of probeTallies.values()) {
    const { op } = tally;
    const failures = [...tally.firstFailures.values()].map((f) => failureAsFound(op, seed, 0, f));
    reports.push({ operationId: op.operationId, method: 'OTHER', path: op.path, cases: tally.cases, statuses: tally.statuses(), failures, notes: [], probe: true });
  }
  if (source === 'fallback' && edges.length > 0) reports[0]?.notes.push(`the document declares no links: stateful flows follow the runner's fallback table (flows.ts)`);

  // Declared statuses never reached; a success reached only because Prefer asked for it counts as never reached.
  const unexercised = reports
    .filter((r) => !r.probe)
    .flatMap((r) => r.statuses.filter((s) => s.state === 'not exercised' || (s.preferredOnly && s.status.startsWith('2'))).map((s) => ({ operationId: r.operationId, status: s.status })));
  return {
    api, baseUrl: options.baseUrl, seed, runs, negativeRuns, durationMs: Math.round(performance.now() - started), requests: sender.requests,
    rateLimitWaitMs: sender.budget.waitedMs, operations: reports, unexercised, failOnUnexercised: options.failOnUnexercised === true,
    ok: reports.every((r) => r.failures.length === 0) && (!options.failOnUnexercised || unexercised.length === 0),
  };
}

// The generated document of each API and its compiled validators, built once per process: a
// second run (another seed, --prefer, a test file's next run) compiles nothing again. The runner
// never writes to the document.
const GENERATED = new Map<ApiId, { doc: OpenApiDocument; kit: SchemaKit }>();
function generated(api: ApiId): { doc: OpenApiDocument; kit: SchemaKit } {
  let entry = GENERATED.get(api);
  if (!entry) {
    const doc = loadDocument(api);
    entry = { doc, kit: new SchemaKit(doc, api) };
    GENERATED.set(api, entry);
  }
  return entry;
}

/** The operations to run, in link order: all, or those asked for and the ones feeding them. */
function selected(all: OperationSpec[], edges: ReturnType<typeof edgesFor>['edges'], ids: string[] | undefined, api: ApiId): OperationSpec[] {
  if (ids) {
    const unknown = ids.filter((id) => !all.some((o) => o.operationId === id));
    if (unknown.length > 0) throw new Error(`Unknown operation(s) of ${api}: ${unknown.join(', ')}`);
  }
  const keep = ids ? withProducers(ids, edges) : undefined;
  return runOrder(all, edges).filter((op) => !keep || keep.has(op.operationId));
}
