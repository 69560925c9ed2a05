// What npm run generate prints about breaks: for today's documents only the breaks their contracts
// accept (between releases), and one exact line more per ERR finding when a break is planted in the
// merchant document (marked when the contract accepts it).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contracts } from '../../contracts/index.ts';
import { load } from '../../tools/diff/corpus-kit.ts';
import { breakingLines } from './breaking-lines.ts';
import { readHistory } from './history.ts';

const root = join(import.meta.dirname, '..', '..');
const released = readHistory(root, 'merchant').at(-1)!.version;
const url = '/components/schemas/Payment/properties/url';
const withoutUrl = () => {
  const d = load('merchant');
  delete d.components.schemas.Payment.properties.url;
  d.components.schemas.Payment.required = d.components.schemas.Payment.required.filter((r: string) => r !== 'url');
  return d;
};

describe('npm run generate: breaking changes against the last release', () => {
  const today = () => breakingLines(root, contracts, (api) => load(api as 'merchant'));

  it('prints for the documents as they are only the breaks their contracts accept, one line each', () => {
    const lines = today();
    const accepted = contracts.flatMap((c) => (c.unreleased?.acceptedBreaks ?? []).map((b) => `breaking (against ${c.id} ${readHistory(root, c.id).at(-1)!.version}, accepted): ${b.rule} at ${b.pointer}: `));
    expect(lines.filter((l) => !accepted.some((a) => l.startsWith(a)))).toEqual([]);
    expect(lines).toHaveLength(accepted.length);
  });

  it('prints one line per breaking finding, naming the release, the rule, the pointer and the sentence', () => {
    const lines = breakingLines(root, contracts, (api) => (api === 'merchant' ? withoutUrl() : load(api as 'merchant')));
    const before = today();
    expect(lines.filter((l) => !before.includes(l))).toEqual([
      `breaking (against merchant ${released}): response-property-removed at ${url}: \`url\` in the 201 response of POST /payments (application/json) was removed: clients that read it find nothing.`,
    ]);
    expect(lines).toHaveLength(before.length + 1);
  });

  it('says when the contract accepts the break', () => {
    const merchant = contracts.find((c) => c.id === 'merchant')!;
    // The merchant contract's own accepted breaks (if any) stay accepted beside the planted one.
    const acceptedBreaks = [...(merchant.unreleased?.acceptedBreaks ?? []), { rule: 'response-property-removed', pointer: url, changelog: 'Payment has no `url`.' }];
    const accepting = { ...merchant, unreleased: { changelog: [], acceptedBreaks } };
    const before = breakingLines(root, [merchant], () => load('merchant'));
    const lines = breakingLines(root, [accepting], () => withoutUrl());
    const added = lines.filter((l) => !before.includes(l));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(new RegExp(`^breaking \\(against merchant ${released.replace(/\./g, '\\.')}, accepted\\): response-property-removed at ${url}: `));
    expect(lines).toHaveLength(before.length + 1);
  });
});
