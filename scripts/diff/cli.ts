// `npm run diff -- --base <git ref | file | URL> [--api name] [--format text|json|markdown]
// [--fail-on ERR|WARN]` and `cryptopay-toolkit diff`: compares our documents (or --revision)
// with a base. Exit 1 when --fail-on is met, 2 on a usage or loading error.
import { parseArgs } from 'node:util';
import { failsAt, formatReport, type Format, type Report } from './format.ts';
import type { Level } from './finding.ts';
import { diffDocuments } from './index.ts';
import { API_IDS, apiOf, currentDocuments, isSingleDocument, loadDocument, type ApiId } from './load.ts';

const usage = (prog: string) => `Usage: ${prog} --base <git ref | file | URL> [options]

  --base SOURCE        the older document: a git ref (its generated/openapi/<api>.json), a file
                       (JSON or YAML) or an http(s) URL
  --revision SOURCE    the newer one, same forms (default: the current generated documents)
  --api NAME           exchange, merchant, partner or all (default all; a single file or URL is
                       matched to its API by info.title)
  --format FORMAT      text (default), json or markdown
  --fail-on LEVEL      ERR or WARN: exit 1 when a finding is at that level or worse
  --today DATE         the date sunsets are compared with (default today, UTC)

Requests may only widen, responses only narrow; for webhooks the directions are reversed.`;

export async function diffCli(argv: string[], prog = 'npm run diff --', write: (s: string) => unknown = (s) => process.stdout.write(s)): Promise<number> {
  let values;
  try {
    values = parseArgs({
      args: argv,
      options: {
        base: { type: 'string' },
        revision: { type: 'string' },
        api: { type: 'string', default: 'all' },
        format: { type: 'string', default: 'text' },
        'fail-on': { type: 'string' },
        today: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n\n${usage(prog)}\n`);
    return 2;
  }
  if (values.help) {
    write(`${usage(prog)}\n`);
    return 0;
  }
  const problem = check(values);
  if (problem) {
    process.stderr.write(`${problem}\n\n${usage(prog)}\n`);
    return 2;
  }
  const base = values.base!;
  try {
    const apis = await pickApis(values.api!, base);
    const report: Report = {};
    for (const api of apis) {
      const b = await loadDocument(base, api);
      const r = values.revision ? await loadDocument(values.revision, api) : currentDocuments[api];
      report[api] = diffDocuments(b, r, { today: values.today });
    }
    write(formatReport(report, values.format as Format));
    return failsAt(report, values['fail-on'] as Level | undefined) ? 1 : 0;
  } catch (e) {
    process.stderr.write(`diff: ${(e as Error).message}\n`);
    return 2;
  }
}

function check(v: Record<string, unknown>): string | undefined {
  if (typeof v.base !== 'string') return '--base is required';
  if (v.api !== 'all' && !API_IDS.includes(v.api as ApiId)) return `unknown --api "${String(v.api)}"`;
  if (!['text', 'json', 'markdown'].includes(v.format as string)) return `unknown --format "${String(v.format)}"`;
  if (v['fail-on'] !== undefined && !['ERR', 'WARN'].includes(v['fail-on'] as string)) return `--fail-on takes ERR or WARN, not "${String(v['fail-on'])}"`;
  if (v.today !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(v.today as string)) return '--today takes a date YYYY-MM-DD';
  return undefined;
}

async function pickApis(api: string, base: string): Promise<ApiId[]> {
  if (api !== 'all') return [api as ApiId];
  if (!isSingleDocument(base)) return [...API_IDS];
  const found = apiOf(await loadDocument(base, 'exchange'));
  if (!found) throw new Error(`cannot tell which API ${base} is (info.title): give --api`);
  return [found];
}
