// The diff's command line: the last release as the default base, a file base (API found by title),
// a git ref, the three formats, --fail-on (ERR by default) and usage errors; and
// `cryptopay-toolkit diff` dispatching to it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { exchangeContract } from '../../contracts/exchange/index.ts';
import { merchantContract } from '../../contracts/merchant/index.ts';
import { partnerContract } from '../../contracts/partner/index.ts';
import { gate } from '../../scripts/release/gate.ts';
import { bump } from '../../scripts/release/policy.ts';
import { load } from './corpus-kit.ts';
import { diffCli } from './cli.ts';
import type { Finding } from './finding.ts';
import { failsAt } from './format.ts';
import { lastRelease } from './history.ts';
import { entryArgs } from '../../test/server-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'diff-cli-'));
const withoutUrl = load('merchant');
delete withoutUrl.components.schemas.Payment.properties.url;
withoutUrl.components.schemas.Payment.required = withoutUrl.components.schemas.Payment.required.filter((r: string) => r !== 'url');
const revision = join(dir, 'merchant-no-url.yaml');
writeFileSync(revision, YAML.stringify(withoutUrl));
const original = join(dir, 'merchant.json');
writeFileSync(original, JSON.stringify(load('merchant')));

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await diffCli(argv, 'diff', (s) => (out += s), (s) => (err += s));
  return { code, out, err };
}

const removal = {
  id: 'response-property-removed',
  level: 'ERR',
  base: '/components/schemas/Payment/properties/url',
  revision: '/components/schemas/Payment/properties',
  message: '`url` in the 201 response of POST /payments (application/json) was removed: clients that read it find nothing.',
};

describe('diff command line', () => {
  it('compares two files as JSON, the API found by info.title; --fail-on ERR exits 1', async () => {
    const r = await run('--base', original, '--revision', revision, '--format', 'json', '--fail-on', 'ERR');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toEqual({ merchant: [removal] });
  });

  it('fails on an ERR finding by default; --fail-on none exits 0; text and markdown name the rule, the pointers and the sentence', async () => {
    const text = await run('--base', original, '--revision', revision);
    expect(text.code).toBe(1);
    expect((await run('--base', original, '--revision', revision, '--fail-on', 'none')).code).toBe(0);
    expect(text.out).toBe(`merchant: 1 finding (1 ERR, 0 WARN, 0 INFO)\n  ERR  ${removal.id}: ${removal.message}\n       base ${removal.base}\n       revision ${removal.revision}\n`);
    const md = await run('--base', original, '--revision', revision, '--format', 'markdown');
    expect(md.out).toContain(`| ERR | \`${removal.id}\` | ${removal.message} | \`${removal.base}\` | \`${removal.revision}\` |`);
  });

  it('reads a git ref of the repository, all three APIs', async () => {
    const r = await run('--base', 'HEAD', '--revision', 'HEAD', '--format', 'json', '--fail-on', 'WARN');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ exchange: [], merchant: [], partner: [] });
  });

  it('without --base compares each API with its last release in api-history/ (the same base npm run check uses)', async () => {
    const same = await run('--format', 'json');
    const report = JSON.parse(same.out) as Record<string, Finding[]>;
    expect(Object.keys(report)).toEqual(['exchange', 'merchant', 'partner']);
    expect(same.code).toBe(failsAt(report, 'ERR') ? 1 : 0);
    for (const contract of [exchangeContract, merchantContract, partnerContract]) {
      const api = contract.id;
      const last = lastRelease(process.cwd(), api)!;
      // The same report as naming the last release's file (merchant has two releases: the last is meant).
      const named = await run('--base', join('api-history', api, `${last.record.version}.json`), '--api', api, '--format', 'json', '--fail-on', 'none');
      expect(report[api], api).toEqual(JSON.parse(named.out)[api]);
      // Between releases every break against the last release is one the contract accepts, and every
      // accepted break is found (decided as npm run check does: an unbumped version is gated as the
      // next major); WARN and INFO changes since the release are listed, whatever their number.
      const version = contract.version === last.record.version ? bump(last.record.version, 'major') : contract.version;
      const result = gate(api, report[api]!, { version, unreleased: contract.unreleased ?? { changelog: [], acceptedBreaks: [] } }, last.record.version);
      const errors = report[api]!.filter((f) => f.level === 'ERR');
      expect({ problems: result.problems, unused: result.unused, accepted: result.accepted }, api).toEqual({ problems: [], unused: [], accepted: errors });
    }
    const broken = await run('--revision', revision, '--api', 'merchant', '--format', 'json');
    expect(broken.code).toBe(1);
    // The planted removal is the one finding more than the documents as they are have against the release.
    const found = (JSON.parse(broken.out) as Record<string, Finding[]>).merchant!;
    const today = new Set(report.merchant!.map((f) => JSON.stringify(f)));
    expect(found.filter((f) => !today.has(JSON.stringify(f)))).toEqual([removal]);
    expect(found).toHaveLength(report.merchant!.length + 1);
  });

  it('refuses a bad format, level, API or an unknown option with exit code 2', async () => {
    const refusals = [
      await run('--base', original, '--format', 'html'),
      await run('--base', original, '--fail-on', 'SEVERE'),
      await run('--bogus'),
      await run('--base', original, '--api', 'billing'),
      await run('--base', 'no-such-ref-or-file', '--api', 'merchant'),
    ];
    expect(refusals.map((r) => [r.code, r.out, r.err])).toEqual([
      [2, '', 'diff: unknown --format "html" (--help for usage)\n'],
      [2, '', 'diff: --fail-on takes ERR, WARN, INFO or none, not "SEVERE" (--help for usage)\n'],
      [2, '', "diff: Unknown option '--bogus' (--help for usage)\n"],
      [2, '', 'diff: unknown --api "billing" (--help for usage)\n'],
      [2, '', 'diff: "no-such-ref-or-file" is neither a file, a URL, nor a git ref holding generated/openapi/merchant.json\n'],
    ]);
  });

  it('is `cryptopay-toolkit diff` too', () => {
    const r = spawnSync(process.execPath, [...entryArgs('bin/cli.ts'), 'diff', '--base', original, '--revision', revision, '--fail-on', 'ERR'], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(`ERR  ${removal.id}: ${removal.message}`);
  }, 30_000);
});
