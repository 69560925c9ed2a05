// The versioning policy on planted changes to the last merchant release (versions derived from
// api-history/): a break needs an accepted major, a major needs a break, a patch no finding. The
// changes are planted into the released document itself, so the findings are exactly the planted
// ones whatever the contracts carry unreleased today.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReleaseState } from '../../contracts/shared/release.ts';
import type { Json } from '../../tools/diff/corpus-kit.ts';
import { diffDocuments } from '../../tools/diff/index.ts';
import { lastRelease } from './history.ts';
import { bump, planRelease, stepOf } from './policy.ts';

const root = join(import.meta.dirname, '..', '..');
const released = lastRelease(root, 'merchant')!;
const last = { version: released.record.version, doc: released.doc };
const none: ReleaseState['unreleased'] = { changelog: [], acceptedBreaks: [] };
const url = '/components/schemas/Payment/properties/url';
const accepted = { changelog: ['Payments list faster.'], acceptedBreaks: [{ rule: 'response-property-removed', pointer: url, changelog: 'Payment no longer has `url`.' }] };

function plan(change: (d: Json) => void, ask: { bump?: 'major' | 'minor' | 'patch'; version?: string }, unreleased = none) {
  const current: Json = structuredClone(last.doc);
  change(current);
  return planRelease({ api: 'merchant', last, current, findings: diffDocuments(last.doc, current), unreleased, ask });
}
const removeUrl = (d: Json) => {
  delete d.components.schemas.Payment.properties.url;
  d.components.schemas.Payment.required = d.components.schemas.Payment.required.filter((r: string) => r !== 'url');
};
const addPath = (d: Json) => (d.paths['/ping'] = { get: d.paths['/currencies'].get });
const describeMore = (d: Json) => (d.info.description = `${d.info.description} More.`);

describe('versioning policy', () => {
  it('steps: one major, minor or patch from the last release', () => {
    expect([bump('2.3.4', 'major'), bump('2.3.4', 'minor'), bump('2.3.4', 'patch')]).toEqual(['3.0.0', '2.4.0', '2.3.5']);
    expect([stepOf('2.3.4', '3.0.0'), stepOf('2.3.4', '2.4.0'), stepOf('2.3.4', '2.3.5'), stepOf('2.3.4', '2.5.0')]).toEqual(['major', 'minor', 'patch', undefined]);
  });

  it('a breaking change without acceptance is refused whatever the step', () => {
    for (const step of ['major', 'minor', 'patch'] as const) {
      expect(plan(removeUrl, { bump: step }).problems.some((p) => p.startsWith(`merchant: breaking change response-property-removed at ${url}`))).toBe(true);
    }
  });

  it('an accepted break needs the major; with it, the changelog is the break then the unreleased lines', () => {
    expect(plan(removeUrl, { bump: 'minor' }, accepted).problems).toEqual([`merchant: 1 accepted breaking change(s) need a new major version (last release ${last.version}, contracts/merchant/release.ts says ${bump(last.version, 'minor')})`]);
    expect(plan(removeUrl, { bump: 'major' }, accepted)).toEqual({ version: bump(last.version, 'major'), step: 'major', problems: [], changelog: ['Payment no longer has `url`.', 'Payments list faster.'] });
  });

  it('a break the server already enforced is a minor: a major is refused for it alone', () => {
    const enforced = { changelog: [], acceptedBreaks: [{ ...accepted.acceptedBreaks[0]!, alreadyEnforced: true }] };
    expect(plan(removeUrl, { bump: 'major' }, enforced).problems).toEqual([expect.stringMatching(/^merchant: a major release moves the base path to v\d+ .* \(use --minor or --patch\)$/)]);
    expect(plan(removeUrl, { bump: 'minor' }, enforced)).toEqual({ version: bump(last.version, 'minor'), step: 'minor', problems: [], changelog: ['Payment no longer has `url`.'] });
  });

  it('a major needs a break; a patch needs no finding; an addition is a minor', () => {
    expect(plan(addPath, { bump: 'major' }).problems).toHaveLength(1);
    expect(plan(addPath, { bump: 'major' }).problems[0]).toMatch(/^merchant: a major release moves the base path to v\d+ /);
    expect(plan(addPath, { bump: 'patch' }).problems).toEqual(['merchant: a patch changes nothing a client sees, but the diff finds 1 change(s) (path-added): use --minor']);
    expect(plan(addPath, { bump: 'minor' })).toMatchObject({ version: bump(last.version, 'minor'), step: 'minor', problems: [] });
    expect(plan(describeMore, { bump: 'patch' })).toMatchObject({ version: bump(last.version, 'patch'), step: 'patch', problems: [] });
  });

  it('an explicit version is held to the same steps', () => {
    expect(plan(addPath, { version: bump(last.version, 'minor') }).problems).toEqual([]);
    expect(plan(addPath, { version: bump(bump(last.version, 'minor'), 'minor') }).problems[0]).toContain('skips versions');
  });
});
