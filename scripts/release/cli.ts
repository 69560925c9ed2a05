// `npm run release -- --api <api> --version <semver>`: checks the gate against the last release,
// sets the version in contracts/<api>/release.ts (emptying its unreleased lists), regenerates, and
// stores the document as api-history/<api>/<version>.json with a line in releases.json.
// `--amend` re-stores the last release from the current document (for a first release whose
// baseline moved before anything was published); `--api all` with it.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { contracts } from '../../contracts/index.ts';
import { buildDocument, type ApiContract } from '../../contracts/shared/contract.ts';
import { diffDocuments } from '../diff/index.ts';
import { formatReport } from '../diff/format.ts';
import { gate } from './gate.ts';
import { compareSemver, historyDir, lastRelease, readHistory, SEMVER, type ReleaseRecord } from './history.ts';
import { packSources, pruneSources } from './sources.ts';
import { writeReleaseFile } from './state.ts';

const USAGE = `Usage: npm run release -- --api <exchange|merchant|partner> --version <x.y.z> [--date YYYY-MM-DD]
       npm run release -- --api <exchange|merchant|partner|all> --amend`;

export function releaseCli(argv: string[], root: string): number {
  const { values } = parseArgs({ args: argv, options: { api: { type: 'string' }, version: { type: 'string' }, date: { type: 'string' }, amend: { type: 'boolean' } }, strict: true });
  const picked = values.api === 'all' && values.amend ? [...contracts] : contracts.filter((c) => c.id === values.api);
  if (picked.length === 0 || (!values.amend && !values.version)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  if (values.amend) {
    const ok = picked.every((c) => amend(c, root));
    pruneSources(root, contracts.map((c) => c.id));
    return ok ? 0 : 1;
  }
  return release(picked[0]!, values.version!, values.date ?? new Date().toISOString().slice(0, 10), root);
}

function currentDocument(contract: ApiContract): Record<string, unknown> {
  return buildDocument(contract);
}

function release(contract: ApiContract, version: string, date: string, root: string): number {
  const api = contract.id;
  if (!SEMVER.test(version)) return fail(`--version "${version}" is not semver (x.y.z)`);
  const last = lastRelease(root, api);
  const unreleased = contract.unreleased ?? { changelog: [], acceptedBreaks: [] };
  let lines = [...unreleased.changelog];
  if (last) {
    if (compareSemver(version, last.record.version) <= 0) return fail(`${api} ${version} is not newer than the last release ${last.record.version}`);
    const findings = diffDocuments(last.doc, currentDocument(contract));
    const result = gate(api, findings, { version, unreleased }, last.record.version);
    if (!result.ok) return fail(result.problems.join('\n'));
    lines = [...unreleased.acceptedBreaks.filter((b) => !result.unused.includes(b)).map((b) => b.changelog), ...lines];
  }
  writeReleaseFile(root, api, { version, unreleased: { changelog: [], acceptedBreaks: [] } });
  if (!generate(root)) return fail('npm run generate failed');
  const dir = historyDir(root, api);
  mkdirSync(dir, { recursive: true });
  copyFileSync(join(root, 'generated/openapi', `${api}.json`), join(dir, `${version}.json`));
  const records: ReleaseRecord[] = [...readHistory(root, api), { version, date, changelog: lines, source: packSources(root) }];
  writeFileSync(join(dir, 'releases.json'), `${JSON.stringify(records, null, 2)}\n`);
  // The changelog, the docs' Changes and the index now know the release: generate again.
  if (!generate(root)) return fail('npm run generate failed');
  console.log(`released ${api} ${version}: api-history/${api}/${version}.json`);
  return 0;
}

function generate(root: string): boolean {
  return spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/generate.ts')], { cwd: root, stdio: 'inherit' }).status === 0;
}

function amend(contract: ApiContract, root: string): boolean {
  const api = contract.id;
  const last = lastRelease(root, api);
  if (!last) return fail(`${api} has no release to amend`) === 0;
  if (contract.version !== last.record.version) return fail(`${api}: contracts/${api}/release.ts says ${contract.version}, the last release is ${last.record.version}; amend only re-stores the same version`) === 0;
  const absorbed = diffDocuments(last.doc, currentDocument(contract));
  copyFileSync(join(root, 'generated/openapi', `${api}.json`), join(historyDir(root, api), `${last.record.version}.json`));
  const records = readHistory(root, api).map((r) => (r.version === last.record.version ? { ...r, source: packSources(root) } : r));
  writeFileSync(join(historyDir(root, api), 'releases.json'), `${JSON.stringify(records, null, 2)}\n`);
  process.stdout.write(`amended ${api} ${last.record.version}; changes absorbed into it:\n${formatReport({ [api]: absorbed }, 'text')}`);
  return true;
}

function fail(message: string): number {
  process.stderr.write(`release: ${message}\n`);
  return 1;
}
