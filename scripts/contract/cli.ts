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
  --max-wait SECONDS    total time to wait on 429 Retry-After (default 900)
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

Against the sandbox (npm start), lift its rate limits first, or the run waits on 429 for minutes
(decision S-rate-limits; 12 s instead of 786 s for all three APIs):
  curl -X POST http://127.0.0.1:8080/sandbox/v1/rate-limits -H 'content-type: application/json' \\
       -d '{"sandbox_keys_exempt": true}'`;

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

/**
 * Runs the contract tests as the command line `argv` says; resolves to the exit code: 0 no
 * mismatch, 1 any mismatch, 2 a usage or connection error. `prog` names the command in the usage.
 */
export async function contractCli(argv: readonly string[], prog = 'npm run contract --'): Promise<number> {
  try {
    return await run(argv, prog);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`contract: ${reason(e.message)} (--help for usage)\n`);
    return 2;
  }
}

async function run(argv: readonly string[], prog: string): Promise<number> {
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
    process.stdout.write(`${usage(prog)}\n`);
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
    });
  } catch (e) {
    fail((e as Error).message);
  }
  const log = parsed.quiet ? undefined : (line: string) => process.stderr.write(`${line}\n`);
  log?.(`contract: ${apis.join(', ')} against ${baseUrl}, seed ${seed}`);

  const reports: ApiReport[] = [];
  let budgetMs = int('max-wait', parsed['max-wait'], 900) * 1000;
  for (const api of apis) {
    try {
      const report = await runContract({
        api, baseUrl, seed, credentials,
        runs: int('runs', parsed.runs, 20, 1),
        negativeRuns: int('negative-runs', parsed['negative-runs'], 25),
        ...(parsed.spec ? { document: loadDocument(api, parsed.spec) } : {}),
        ...(parsed.operation ? { operations: parsed.operation.flatMap((o) => o.split(',')) } : {}),
        rateLimitBudgetMs: budgetMs,
        ...(parsed.prefer ? { prefer: true } : {}),
        ...(parsed['no-shrink'] ? { shrinkBudget: 0 } : {}),
        ...(log ? { log } : {}),
      });
      budgetMs = Math.max(0, budgetMs - report.rateLimitWaitMs);
      reports.push(report);
    } catch (e) {
      process.stderr.write(`contract: ${api}: ${(e as Error).message}\n`);
      return 2;
    }
  }
  process.stdout.write(`${formatTable(reports)}\n`);
  if (parsed.report) writeFileSync(parsed.report, toJson(reports));
  if (parsed.junit) writeFileSync(parsed.junit, toJUnit(reports));
  const ok = reports.every((r) => r.ok);
  process.stdout.write(ok ? 'contract: no mismatch\n' : `contract: MISMATCHES in ${reports.filter((r) => !r.ok).map((r) => r.api).join(', ')} (seed ${seed})\n`);
  return ok ? 0 : 1;
}
