// The contract runner's command line (`npm run contract -- ...`, `cryptopay-toolkit contract ...`):
// --api <exchange|merchant|partner|all> --base-url <url> [options] against any deployment. Prints
// the diff table; exit code 1 on any mismatch, 2 on a usage or connection error.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { reason } from '../help.ts';
import { resolveCredentials } from './credentials.ts';
import { API_IDS, loadDocument, type ApiId } from './document.ts';
import { formatTable, toJUnit, toJson } from './report.ts';
import type { ApiReport } from './results.ts';
import { runContract } from './runner.ts';
import { writeReportDir } from './artifacts.ts';
import { detectSandbox, withLiftedRateLimits } from './sandbox-control.ts';
import { checkSentWebhooks } from './webhooks-sent.ts';

const usage = (prog: string) => `Usage: ${prog} --api <exchange|merchant|partner|sandbox|all> --base-url <url> [options]

  --api NAME            API to test, or "all" (default all: the three APIs; "sandbox" is the
                        control API, which resets the sandbox at the end: only on request)
  --base-url URL        server root; the document's base path (/api/v1, ...) is appended
                        (default $CONTRACT_BASE_URL or http://127.0.0.1:8080)
  --runs N              generated valid requests per operation (default 20)
  --negative-runs N     negative cases per operation, at least (default 25)
  --seed S              seed of the generators (default: random, printed)
  --operation ID        only this operation (and those producing its ids); repeatable
  --spec FILE           document to test against (default the generated one of --api; one API only)
  --report FILE         write the JSON report
  --junit FILE          write JUnit XML
  --report-dir DIR      write each failing request and its response as files (DIR/index.json lists them)
  --fail-on-unexercised fail when a declared (operation, status) was never reached (listed; a 2xx
                        reached only through --prefer counts as never reached)
  --keep-rate-limits    never touch a sandbox's rate limits
  --no-tenants          skip the cross-tenant checks
  --no-webhooks         skip the webhooks check (on a sandbox with the control API and --api
                        merchant or all: a receiver on 127.0.0.1 gets every declared webhook the
                        sandbox sends, checked against the document)
  --merchant-signing-secret S  the merchant key's webhook signing secret
                        ($CONTRACT_MERCHANT_SIGNING_SECRET, default demo-signing-secret)
  --max-wait SECONDS    time each API's run may wait on 429 Retry-After (default 900)
  --no-shrink           report failing cases as found
  --prefer              then ask for each declared status not reached with Prefer: code=<status>
                        (a sandbox with the control API: decision S-prefer)
  --quiet               no progress lines
Credentials (flag, else environment, else the sandbox defaults of docs/guides/integrator.md; "none" skips a check):
  --exchange-keys k:s[,k:s]   CONTRACT_EXCHANGE_KEYS      keys with the trading permission
  --exchange-viewer k:s       CONTRACT_EXCHANGE_VIEWER    key without it (2011 check)
  --merchant-key k:s          CONTRACT_MERCHANT_KEY
  --merchant-norefund k:s     CONTRACT_MERCHANT_NOREFUND  key without Refund Create (1003 check)
  --partner-bearer KEY        CONTRACT_PARTNER_BEARER
  --partner-basic k:s         CONTRACT_PARTNER_BASIC
  --merchant-other k:s        CONTRACT_MERCHANT_OTHER     another merchant (cross-tenant checks;
                                                          default demo-merchant-norefund)
  --partner-other-bearer KEY  CONTRACT_PARTNER_OTHER_BEARER  another partner (cross-tenant checks)
  The exchange's cross-tenant checks ask with the next of --exchange-keys (demo-trader-2 for demo-trader).

Against a sandbox with the control API (a default npm start), the runner lifts its rate limits for
the run (POST /sandbox/v1/rate-limits) and puts them back when it ends, fails or is interrupted;
a deployment without the control API is left as it is (429 answers are waited out).
`;

/** A usage error: printed with the usage text, exit code 2. */
class UsageError extends Error {}

function fail(message: string): never {
  throw new UsageError(message);
}

const int = (name: string, v: string | undefined, fallback: number, min = 0): number => {
  if (v === undefined) return fallback;
  if (!/^\d+$/.test(v) || Number(v) < min) fail(`--${name} must be an integer >= ${min}, got "${v}"`);
  return Number(v);
};

/** Where the command writes: the report and usage (`out`), progress and refusals (`err`); a test captures both. */
export interface CliOutput {
  out: (text: string) => unknown;
  err: (text: string) => unknown;
}
const STD_OUTPUT: CliOutput = { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) };

/**
 * Runs the contract tests as the command line `argv` says; resolves to the exit code: 0 no
 * mismatch, 1 any mismatch, 2 a usage or connection error. `prog` names the command in the usage.
 */
export async function contractCli(argv: readonly string[], prog = 'npm run contract --', io: CliOutput = STD_OUTPUT): Promise<number> {
  try {
    return await run(argv, prog, io);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.err(`contract: ${reason(e.message)} (--help for usage)\n`);
    return 2;
  }
}

async function run(argv: readonly string[], prog: string, io: CliOutput): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        api: { type: 'string', default: 'all' },
        'base-url': { type: 'string' },
        runs: { type: 'string' },
        'negative-runs': { type: 'string' },
        seed: { type: 'string' },
        operation: { type: 'string', multiple: true },
        spec: { type: 'string' },
        report: { type: 'string' },
        junit: { type: 'string' },
        'report-dir': { type: 'string' },
        'fail-on-unexercised': { type: 'boolean', default: false },
        'keep-rate-limits': { type: 'boolean', default: false },
        'no-tenants': { type: 'boolean', default: false },
        'no-webhooks': { type: 'boolean', default: false },
        'merchant-signing-secret': { type: 'string' },
        'merchant-other': { type: 'string' },
        'partner-other-bearer': { type: 'string' },
        'max-wait': { type: 'string' },
        'no-shrink': { type: 'boolean', default: false },
        quiet: { type: 'boolean', default: false },
        'exchange-keys': { type: 'string' },
        'exchange-viewer': { type: 'string' },
        'merchant-key': { type: 'string' },
        'merchant-norefund': { type: 'string' },
        'partner-bearer': { type: 'string' },
        'partner-basic': { type: 'string' },
        prefer: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (e) {
    fail((e as Error).message);
  }
  if (parsed.help) {
    io.out(`${usage(prog)}\n`);
    return 0;
  }
  const apis: ApiId[] = parsed.api === 'all' ? [...API_IDS] : [...API_IDS, 'sandbox'].includes(parsed.api as ApiId) ? [parsed.api as ApiId] : fail(`--api must be exchange, merchant, partner, sandbox or all, got "${parsed.api}"`);
  if (parsed.spec && apis.length > 1) fail('--spec needs a single --api');
  const baseUrl = parsed['base-url'] ?? process.env.CONTRACT_BASE_URL ?? 'http://127.0.0.1:8080';
  if (!/^https?:\/\/[^/]/.test(baseUrl)) fail(`--base-url must be an http(s) URL, got "${baseUrl}"`);
  const seed = int('seed', parsed.seed, Math.floor(Math.random() * 2 ** 31));
  let credentials;
  try {
    credentials = resolveCredentials({
      exchangeKeys: parsed['exchange-keys'], exchangeViewer: parsed['exchange-viewer'], merchantKey: parsed['merchant-key'],
      merchantNoRefund: parsed['merchant-norefund'], partnerBearer: parsed['partner-bearer'], partnerBasic: parsed['partner-basic'],
      merchantOther: parsed['merchant-other'], partnerOtherBearer: parsed['partner-other-bearer'],
    });
  } catch (e) {
    fail((e as Error).message);
  }
  const log = parsed.quiet ? undefined : (line: string) => io.err(`${line}\n`);
  log?.(`contract: ${apis.join(', ')} against ${baseUrl}, seed ${seed}`);

  const reports: ApiReport[] = [];
  const budgetMs = int('max-wait', parsed['max-wait'], 900) * 1000;
  const runs = int('runs', parsed.runs, 20, 1);
  const negativeRuns = int('negative-runs', parsed['negative-runs'], 25);
  // The APIs run side by side: their state is separate, and while one waits on the server another
  // computes, so the runner and the server can each keep a core busy.
  const runAll = async (): Promise<number | undefined> => {
    const runOne = async (api: ApiId): Promise<ApiReport | undefined> => {
      try {
        return await runContract({
          api, baseUrl, seed, credentials,
          runs, negativeRuns,
          ...(parsed['fail-on-unexercised'] ? { failOnUnexercised: true } : {}),
          ...(parsed['no-tenants'] ? { tenants: false } : {}),
          ...(parsed.spec ? { document: loadDocument(api, parsed.spec) } : {}),
          ...(parsed.operation ? { operations: parsed.operation.flatMap((o) => o.split(',')) } : {}),
          rateLimitBudgetMs: budgetMs,
          ...(parsed.prefer ? { prefer: true } : {}),
          ...(parsed['no-shrink'] ? { shrinkBudget: 0 } : {}),
          ...(log ? { log } : {}),
        });
      } catch (e) {
        io.err(`contract: ${api}: ${(e as Error).message}\n`);
        return undefined;
      }
    };
    const done = await Promise.all(apis.map(runOne));
    if (done.some((r) => r === undefined)) return 2;
    reports.push(...(done as ApiReport[]));
    return undefined;
  };
  const failed = parsed['keep-rate-limits'] ? await runAll() : await withLiftedRateLimits(baseUrl, credentials, log, runAll);
  if (failed !== undefined) return failed;
  const merchantReport = reports.find((r) => r.api === 'merchant');
  if (merchantReport && !parsed['no-webhooks'] && !parsed.spec && (await detectSandbox(baseUrl, credentials))) {
    log?.('contract: webhooks: a payment found, confirmed and refunded; every delivery checked against the document');
    try {
      const signingSecret = parsed['merchant-signing-secret'] ?? process.env.CONTRACT_MERCHANT_SIGNING_SECRET ?? 'demo-signing-secret';
      merchantReport.webhooks = await checkSentWebhooks({ baseUrl, doc: loadDocument('merchant'), credentials, signingSecret });
      merchantReport.ok &&= merchantReport.webhooks.every((w) => w.failures.length === 0);
    } catch (e) {
      io.err(`contract: ${(e as Error).message}\n`);
      return 2;
    }
  }
  io.out(`${formatTable(reports)}\n`);
  if (parsed.report) writeFileSync(parsed.report, toJson(reports));
  if (parsed.junit) writeFileSync(parsed.junit, toJUnit(reports));
  if (parsed['report-dir']) {
    const files = writeReportDir(parsed['report-dir'], reports);
    log?.(`contract: ${files.length} file(s) of failing cases written to ${parsed['report-dir']}`);
  }
  const ok = reports.every((r) => r.ok);
  io.out(ok ? 'contract: no mismatch\n' : `contract: MISMATCHES in ${reports.filter((r) => !r.ok).map((r) => r.api).join(', ')} (seed ${seed})\n`);
  return ok ? 0 : 1;
}
