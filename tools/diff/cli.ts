// `npm run diff -- [--base <git ref | file | URL>] [--api name] [--format text|json|markdown]
// [--fail-on ERR|WARN|INFO|none]` and `cryptopay-toolkit diff`: compares our documents (or
// --revision) with a base, by default each API's last release in api-history/ (what `npm run
// check` gates on). Exit 1 when a finding is at the --fail-on level (default ERR), so a breaking
// change fails CI without a flag; 2 on a usage or loading error.
import { parseArgs } from 'node:util';
import { failsAt, formatReport, type Format, type Report } from './format.ts';
import type { Level } from './finding.ts';
import { diffDocuments } from './index.ts';
import { API_IDS, apiOf, currentDocuments, isSingleDocument, loadDocument, type ApiId } from './load.ts';
import { lastRelease } from './history.ts';
import type { Doc } from './finding.ts';

const usage = (prog: string) => `Usage: ${prog} [--base <git ref | file | URL>] [options]

  --base SOURCE        the older document: a git ref (its generated/openapi/<api>.json), a file
                       (JSON or YAML) or an http(s) URL (default: each API's last release,
                       api-history/<api>/<version>.json, as npm run check compares)
  --revision SOURCE    the newer one, same forms (default: the current generated documents)
  --api NAME           exchange, merchant, partner or all (default all; a single file or URL is
                       matched to its API by info.title)
  --format FORMAT      text (default), json or markdown
  --fail-on LEVEL      ERR (default), WARN, INFO or none: exit 1 when a finding is at that
                       level or worse
  --today DATE         the date sunsets are compared with (default today, UTC)

Requests may only widen, responses only narrow; for webhooks the directions are reversed.`;

/** `write` takes the report and the usage, `fail` the refusals (defaults: stdout and stderr; a test captures both). */
export async function diffCli(
  argv: string[],
  prog = 'npm run diff --',
  write: (s: string) => unknown = (s) => process.stdout.write(s),
  fail: (s: string) => unknown = (s) => process.stderr.write(s),
): Promise<number> {
  let values;
  try {
    values = parseArgs({
      args: argv,
      options: {
        base: { type: 'string' },
        revision: { type: 'string' },
        api: { type: 'string', default: 'all' },
        format: { type: 'string', default: 'text' },
        'fail-on': { type: 'string', default: 'ERR' },
        today: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (e) {
    fail(`diff: ${(e as Error).message} (--help for usage)\n`);
    return 2;
  }
  if (values.help) {
    write(`${usage(prog)}\n`);
    return 0;
  }
  const problem = check(values);
  if (problem) {
    fail(`diff: ${problem} (--help for usage)\n`);
    return 2;
  }
  const base = values.base;
  try {
    const apis = await pickApis(values.api!, base);
    const report: Report = {};
    for (const api of apis) {
      const b = base === undefined ? lastReleased(api) : await loadDocument(base, api);
      const r = values.revision ? await loadDocument(values.revision, api) : currentDocuments[api];
      report[api] = diffDocuments(b, r, { today: values.today });
    }
    write(formatReport(report, values.format as Format));
    const failOn = values['fail-on'] === 'none' ? undefined : (values['fail-on'] as Level);
    return failsAt(report, failOn) ? 1 : 0;
  } catch (e) {
    fail(`diff: ${(e as Error).message}\n`);
    return 2;
  }
}

function check(v: Record<string, unknown>): string | undefined {
  if (v.api !== 'all' && !API_IDS.includes(v.api as ApiId)) return `unknown --api "${String(v.api)}"`;
  if (!['text', 'json', 'markdown'].includes(v.format as string)) return `unknown --format "${String(v.format)}"`;
  if (!['ERR', 'WARN', 'INFO', 'none'].includes(v['fail-on'] as string)) return `--fail-on takes ERR, WARN, INFO or none, not "${String(v['fail-on'])}"`;
  if (v.today !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(v.today as string)) return '--today takes a date YYYY-MM-DD';
  return undefined;
}

/** The API's last release as recorded in api-history/ of the current directory (the repository). */
function lastReleased(api: ApiId): Doc {
  const last = lastRelease(process.cwd(), api);
  if (!last) throw new Error(`${api} has no release recorded in api-history/${api}/ here: give --base`);
  return last.doc;
}

async function pickApis(api: string, base: string | undefined): Promise<ApiId[]> {
  if (api !== 'all') return [api as ApiId];
  if (base === undefined || !isSingleDocument(base)) return [...API_IDS];
  const found = apiOf(await loadDocument(base, 'exchange'));
  if (!found) throw new Error(`cannot tell which API ${base} is (info.title): give --api`);
  return [found];
}
