// `npm run release -- --api <api> --major|--minor|--patch` (or `--version x.y.z`): one step. Checks
// the versioning policy against the last release (policy.ts) and writes nothing when it refuses;
// else sets the version in contracts/<api>/release.ts (emptying its unreleased lists; the base path
// follows the major, and so does the client's prefix), regenerates, stores the document as
// api-history/<api>/<version>.json with its line in releases.json, regenerates (the changelog, the
// docs' Changes and the README table now know the release), then runs npm run check and the
// release's tests (verify.ts). `--amend` re-stores the last release from the current document
// (for a first release whose baseline moved before anything was published); `--api all` with it.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { contracts, documents } from '../../contracts/index.ts';
import type { ApiContract } from '../../contracts/shared/contract.ts';
import type { Doc } from '../../tools/diff/finding.ts';
import { generateAll } from '../pipeline/index.ts';
import { pipelineOptions } from '../pipeline/options.ts';
import { versionedPath } from '../../contracts/shared/release.ts';
import { diffDocuments } from '../../tools/diff/index.ts';
import { formatReport } from '../../tools/diff/format.ts';
import { parseCli } from '../../tools/help.ts';
import { historyDir, lastRelease, readHistory, type ReleaseRecord } from './history.ts';
import { planRelease, type Bump } from './policy.ts';
import { writeReleaseFile } from './state.ts';
import { verifyRelease, type TestScope } from './verify.ts';

const USAGE = `Usage: npm run release -- --api <exchange|merchant|partner> (--major | --minor | --patch | --version x.y.z) [options]
       npm run release -- --api <exchange|merchant|partner|all> --amend

Releases one API in one step: checks the versioning policy against its last release (refusing,
without writing anything, a breaking change without an accepted major, a major without a break,
a patch that changes the contract, a skipped version), sets the version in contracts/<api>/release.ts
(a major also moves the base path, /merchant/v2 to /merchant/v3), regenerates, records the document
and changelog in api-history/<api>/, then runs npm run check and the release tests.

  --major | --minor | --patch   the next version from the last release
  --version x.y.z               an explicit version (still one step from the last release)
  --date YYYY-MM-DD             the release date (default today, UTC)
  --tests release|all|none      after check: the release tests (default; all for a major, whose
                                path move reaches every test), the whole suite, or none
  --amend                       re-store the last release from the current document
  -h, --help                    this text

Policy and steps: docs/guides/releases.md. Exit 0 released, 1 refused or check/tests failed, 2 usage.`;

const OPTIONS = {
  api: { type: 'string' },
  major: { type: 'boolean' },
  minor: { type: 'boolean' },
  patch: { type: 'boolean' },
  version: { type: 'string' },
  date: { type: 'string' },
  tests: { type: 'string' },
  amend: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function releaseCli(argv: string[], root: string): Promise<number> {
  const parsed = parseCli({ name: 'release', usage: USAGE, options: OPTIONS }, argv);
  if (typeof parsed === 'number') return parsed;
  const v = parsed.values;
  const usage = (message: string) => (process.stderr.write(`release: ${message} (--help for usage)\n`), 2);
  const picked = v.api === 'all' && v.amend ? [...contracts] : contracts.filter((c) => c.id === v.api);
  if (picked.length === 0) return usage(v.api === undefined ? '--api is required' : `unknown --api "${v.api}"`);
  if (v.amend) {
    let ok = true;
    for (const c of picked) ok = (await amend(c, root)) && ok;
    return ok ? 0 : 1;
  }
  const bumps = (['major', 'minor', 'patch'] as const).filter((k) => v[k]);
  if (bumps.length + (v.version ? 1 : 0) !== 1) return usage('give exactly one of --major, --minor, --patch, --version x.y.z');
  if (v.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(v.date)) return usage('--date takes YYYY-MM-DD');
  if (v.tests !== undefined && !['release', 'all', 'none'].includes(v.tests)) return usage('--tests takes release, all or none');
  return release(picked[0]!, { bump: bumps[0] as Bump | undefined, version: v.version }, v.date ?? new Date().toISOString().slice(0, 10), v.tests as TestScope | undefined, root);
}

let generated: ReturnType<typeof generateAll> | undefined;

/** The API's document as npm run generate writes it now (in memory: a refused release writes nothing; once per process). */
async function currentDocument(api: string): Promise<Doc> {
  generated ??= generateAll(documents, pipelineOptions);
  const file = (await generated).find((f) => f.path === `generated/openapi/${api}.json`);
  return JSON.parse(file!.content) as Doc;
}

async function release(contract: ApiContract, ask: { bump?: Bump; version?: string }, date: string, tests: TestScope | undefined, root: string): Promise<number> {
  const api = contract.id;
  const last = lastRelease(root, api);
  const current = await currentDocument(api);
  const unreleased = contract.unreleased ?? { changelog: [], acceptedBreaks: [] };
  const findings = last ? diffDocuments(last.doc, current) : [];
  const plan = planRelease({ api, last: last && { version: last.record.version, doc: last.doc }, current, findings, unreleased, ask });
  if (plan.problems.length > 0) return fail(`refused, nothing written:\n  ${plan.problems.join('\n  ')}`);
  const version = plan.version!;
  writeReleaseFile(root, api, { version, unreleased: { changelog: [], acceptedBreaks: [] } });
  const path = versionedPath(contract.basePath.replace(/\/v\d+$/, ''), version);
  if (path !== contract.basePath) movePrefix(root, api, contract.basePath, path);
  if (!generate(root)) return fail('npm run generate failed');
  const dir = historyDir(root, api);
  mkdirSync(dir, { recursive: true });
  copyFileSync(join(root, 'generated/openapi', `${api}.json`), join(dir, `${version}.json`));
  const records: ReleaseRecord[] = [...readHistory(root, api), { version, date, changelog: plan.changelog }];
  writeFileSync(join(dir, 'releases.json'), `${JSON.stringify(records, null, 2)}\n`);
  if (!generate(root)) return fail('npm run generate failed');
  console.log(`recorded ${api} ${version} (${plan.step ?? 'first release'}${path !== contract.basePath ? `, base path ${path}` : ''}): api-history/${api}/${version}.json`);
  const scope: TestScope = tests ?? (plan.step === 'major' ? 'all' : 'release');
  if (!verifyRelease(root, scope)) {
    return fail(`${api} ${version} is written but check or tests fail: fix them, or undo with git checkout -- contracts/${api}/release.ts client/base-url.ts generated README.md CHANGELOG.md api-history/${api}/releases.json && rm api-history/${api}/${version}.json`);
  }
  console.log(`released ${api} ${version}: commit api-history/, contracts/${api}/release.ts and the regenerated files together`);
  return 0;
}

/** The client's prefix for the API (client/base-url.ts; a test keeps it equal to the contract's base path). */
function movePrefix(root: string, api: string, from: string, to: string): void {
  const file = join(root, 'client/base-url.ts');
  const text = readFileSync(file, 'utf8');
  const line = `  ${api}: '${from}',`;
  if (!text.includes(line)) throw new Error(`client/base-url.ts has no line ${line.trim()}`);
  writeFileSync(file, text.replace(line, `  ${api}: '${to}',`));
}

function generate(root: string): boolean {
  return spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/generate.ts')], { cwd: root, stdio: 'inherit' }).status === 0;
}

async function amend(contract: ApiContract, root: string): Promise<boolean> {
  const api = contract.id;
  const last = lastRelease(root, api);
  if (!last) return fail(`${api} has no release to amend`) === 0;
  if (contract.version !== last.record.version) return fail(`${api}: contracts/${api}/release.ts says ${contract.version}, the last release is ${last.record.version}; amend only re-stores the same version`) === 0;
  const absorbed = diffDocuments(last.doc, await currentDocument(api));
  copyFileSync(join(root, 'generated/openapi', `${api}.json`), join(historyDir(root, api), `${last.record.version}.json`));
  process.stdout.write(`amended ${api} ${last.record.version}; changes absorbed into it:\n${formatReport({ [api]: absorbed }, 'text')}`);
  return true;
}

function fail(message: string): number {
  process.stderr.write(`release: ${message}\n`);
  return 1;
}
