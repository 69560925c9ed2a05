// The gate as `npm run check` runs it: each API's current document (as generate would write it)
// against its last release. Prints the accepted breaks and the WARN/INFO changes; false on a problem.
// Between releases contracts/<api>/release.ts keeps the released version (npm run release bumps
// it), so accepted breaks are gated as the next major and the check names the command to run:
// --major when a break is new to clients, --minor when every one was already enforced.
import type { ApiContract } from '../../contracts/shared/contract.ts';
import { diffDocuments } from '../../tools/diff/index.ts';
import type { Finding } from '../../tools/diff/finding.ts';
import { gate } from './gate.ts';
import { lastRelease } from './history.ts';
import { bump } from './policy.ts';

export function checkGate(root: string, contracts: readonly ApiContract[], generated: (path: string) => string | undefined, today?: string): boolean {
  let ok = true;
  for (const contract of contracts) {
    const api = contract.id;
    const last = lastRelease(root, api);
    const json = generated(`generated/openapi/${api}.json`);
    if (!last || json === undefined) {
      console.error(`${api}: no release recorded in api-history/${api}/ (npm run release -- --api ${api} --version ${contract.version})`);
      ok = false;
      continue;
    }
    const findings = diffDocuments(last.doc, JSON.parse(json) as Record<string, unknown>, { today });
    const unreleased = contract.unreleased ?? { changelog: [], acceptedBreaks: [] };
    const unbumped = contract.version === last.record.version;
    const result = gate(api, findings, { version: unbumped ? bump(last.record.version, 'major') : contract.version, unreleased }, last.record.version);
    const line = (f: Finding) => `  ${f.level.padEnd(4)} ${f.id}: ${f.message} (${f.base})`;
    console.log(`${api} ${contract.version} against release ${last.record.version}: ${findings.length} change(s), ${result.accepted.length} accepted break(s)`);
    for (const f of result.accepted) console.log(`${line(f)} [accepted]`);
    for (const f of result.listed) console.log(line(f));
    // Only a break the server did not already enforce needs a major (the policy refuses one without);
    // breaks that merely write down enforced rules go out in a minor.
    if (unbumped && result.needMajor.length > 0) console.log(`  next release: npm run release -- --api ${api} --major (accepted breaking changes)`);
    else if (unbumped && result.accepted.length > 0) console.log(`  next release: npm run release -- --api ${api} --minor (accepted breaks the server already enforced)`);
    for (const b of result.unused) console.log(`  note: the accepted break ${b.rule} at ${b.pointer} matches no change`);
    for (const p of result.problems) console.error(`  FAIL ${p}`);
    ok = ok && result.ok;
  }
  return ok;
}
