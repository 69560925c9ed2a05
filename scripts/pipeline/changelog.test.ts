// Changelog entries from a history of two merchant releases plus unreleased changes: the diff
// between releases, the lines written at release time, the accepted break, and their Markdown.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { merchantContract } from '../../contracts/index.ts';
import { load } from '../../tools/diff/corpus-kit.ts';
import { changeEntries, lastChange, renderChanges } from './changelog.ts';

const root = mkdtempSync(join(tmpdir(), 'changelog-'));
const dir = join(root, 'api-history', 'merchant');
mkdirSync(dir, { recursive: true });
const v200 = load('merchant');
const v210 = load('merchant');
v210.components.schemas.Payment.properties.memo = { type: 'string' };
writeFileSync(join(dir, '2.0.0.json'), JSON.stringify(v200));
writeFileSync(join(dir, '2.1.0.json'), JSON.stringify(v210));
writeFileSync(join(dir, 'releases.json'), JSON.stringify([{ version: '2.1.0', date: '2026-12-01', changelog: ['Payments carry a memo.'] }, { version: '2.0.0', date: '2026-11-25', changelog: [] }]));
const current = load('merchant');
current.components.schemas.Payment.properties.memo = { type: 'string' };
delete current.components.schemas.Payment.properties.url;
current.components.schemas.Payment.required = current.components.schemas.Payment.required.filter((r: string) => r !== 'url');
const contract = {
  ...merchantContract,
  version: '3.0.0',
  unreleased: { changelog: [], acceptedBreaks: [{ rule: 'response-property-removed', pointer: '/components/schemas/Payment/properties/url', changelog: 'Payment no longer has `url`: build it from the id.' }] },
};

describe('changelog', () => {
  const entries = changeEntries(root, contract, current);

  it('lists the unreleased changes, then each release with its diff against the one before', () => {
    expect(entries.map((e) => [e.version, e.date, e.notes, e.findings.map((f) => f.id)])).toEqual([
      ['3.0.0', undefined, ['Payment no longer has `url`: build it from the id.'], ['response-property-removed']],
      ['2.1.0', '2026-12-01', ['Payments carry a memo.'], ['response-property-added']],
      ['2.0.0', '2026-11-25', [], []],
    ]);
    expect(lastChange(entries)).toBe('unreleased: 1 change (1 breaking); Payment no longer has `url`: build it from the id.');
    expect(lastChange(entries.slice(1))).toBe('2.1.0 released 2026-12-01: Payments carry a memo.');
    expect(lastChange(entries.slice(2))).toBe('2.0.0 released 2026-11-25 (first recorded release)');
  });

  it('renders Markdown with the breaking changes marked', () => {
    expect(renderChanges(entries)).toBe(`### 3.0.0 (unreleased)

- Payment no longer has \`url\`: build it from the id.
- Breaking: \`url\` in the 201 response of POST /payments (application/json) was removed: clients that read it find nothing. (\`response-property-removed\`)

### 2.1.0 (2026-12-01)

- Payments carry a memo.
- \`memo\` in the 201 response of POST /payments (application/json) was added. (\`response-property-added\`)

### 2.0.0 (2026-11-25)

- First recorded release.`);
  });
});
