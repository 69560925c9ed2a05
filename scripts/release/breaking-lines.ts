// What `npm run generate` says about breaking changes: one line per ERR finding of each API's
// new document against its last release, so a break is seen when it is written, not only when
// `npm run check` or a release refuses it. An accepted break says so.
import type { ApiContract } from '../../contracts/shared/contract.ts';
import { diffDocuments } from '../../tools/diff/index.ts';
import type { Doc } from '../../tools/diff/finding.ts';
import { lastRelease } from './history.ts';

export function breakingLines(root: string, contracts: readonly ApiContract[], generated: (api: string) => Doc | undefined, today?: string): string[] {
  const lines: string[] = [];
  for (const contract of contracts) {
    const last = lastRelease(root, contract.id);
    const doc = generated(contract.id);
    if (!last || !doc) continue;
    const accepted = contract.unreleased?.acceptedBreaks ?? [];
    for (const f of diffDocuments(last.doc, doc, { today }).filter((x) => x.level === 'ERR')) {
      const ok = accepted.some((b) => b.rule === f.id && (b.pointer === f.base || b.pointer === f.revision));
      lines.push(`breaking (against ${contract.id} ${last.record.version}${ok ? ', accepted' : ''}): ${f.id} at ${f.base}: ${f.message}`);
    }
  }
  return lines;
}
