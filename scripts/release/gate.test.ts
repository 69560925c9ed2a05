// The gate: an ERR fails unless accepted with a changelog line and a new major; WARN/INFO pass.
// Then the four classic breaks planted in turn into today's merchant document, each failing
// the gate `npm run check` runs, with a finding that names it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contracts } from '../../contracts/index.ts';
import { deref } from '../../contracts/shared/openapi-walk.ts';
import type { ReleaseState } from '../../contracts/shared/release.ts';
import { load, type Json } from '../../tools/diff/corpus-kit.ts';
import { diffDocuments } from '../../tools/diff/index.ts';
import { checkGate } from './check-gate.ts';
import { gate } from './gate.ts';
import { lastRelease } from './history.ts';

const root = join(import.meta.dirname, '..', '..');
const noChanges: ReleaseState['unreleased'] = { changelog: [], acceptedBreaks: [] };
const released = load('merchant');
const withoutUrl = load('merchant');
delete withoutUrl.components.schemas.Payment.properties.url;
withoutUrl.components.schemas.Payment.required = withoutUrl.components.schemas.Payment.required.filter((r: string) => r !== 'url');
const urlRemoved = diffDocuments(released, withoutUrl);
const url = '/components/schemas/Payment/properties/url';

/** Whether a webhook of the last merchant release reaches the schema at `ref` through its $refs (contentSchema included). */
function webhooksReach(ref: string): boolean {
  const doc = lastRelease(root, 'merchant')!.doc as Json;
  const seen = new Set<string>();
  const walk = (node: unknown): boolean => {
    if (Array.isArray(node)) return node.some(walk);
    if (node === null || typeof node !== 'object') return false;
    const target = deref(doc, node);
    if (target.value !== node) {
      if (target.ptr === ref) return true;
      if (seen.has(target.ptr)) return false;
      seen.add(target.ptr);
      return walk(target.value);
    }
    return Object.values(node).some(walk);
  };
  return walk(doc.webhooks);
}

describe('gate', () => {
  it('fails on an ERR finding nobody accepted, naming rule, pointer and where to accept it', () => {
    const r = gate('merchant', urlRemoved, { version: '2.0.0', unreleased: noChanges }, '2.0.0');
    expect(r.ok).toBe(false);
    expect(r.problems).toEqual([
      `merchant: breaking change response-property-removed at ${url}: ${urlRemoved[0]!.message} Undo it, or accept it in contracts/merchant/release.ts (acceptedBreaks: { rule: 'response-property-removed', pointer: '${url}', changelog }) with a new major version.`,
    ]);
  });

  it('an accepted break still needs a new major version and a changelog line', () => {
    const accepted = { changelog: [], acceptedBreaks: [{ rule: 'response-property-removed', pointer: url, changelog: '' }] };
    const r = gate('merchant', urlRemoved, { version: '2.1.0', unreleased: accepted }, '2.0.0');
    expect(r.problems).toEqual([
      `merchant: the accepted break response-property-removed at ${url} has no changelog line`,
      'merchant: 1 accepted breaking change(s) need a new major version (last release 2.0.0, contracts/merchant/release.ts says 2.1.0)',
    ]);
  });

  it('passes an accepted break with a changelog line and a new major; WARN and INFO are listed', () => {
    const info = diffDocuments(released, { ...withoutUrl, paths: { ...withoutUrl.paths, '/ping': { get: withoutUrl.paths['/currencies'].get } } });
    const accepted = { changelog: [], acceptedBreaks: [{ rule: 'response-property-removed', pointer: url, changelog: 'Payment no longer has `url`.' }, { rule: 'path-removed', pointer: '/paths/~1old', changelog: 'x' }] };
    const r = gate('merchant', info, { version: '3.0.0', unreleased: accepted }, '2.0.0');
    expect(r).toMatchObject({ ok: true, problems: [], accepted: [{ id: 'response-property-removed' }], listed: [{ id: 'path-added', level: 'INFO' }] });
    expect(r.unused).toEqual([accepted.acceptedBreaks[1]]);
  });

  it('passes a break the server already enforced without a new major, with its changelog line', () => {
    const accepted = { changelog: [], acceptedBreaks: [{ rule: 'response-property-removed', pointer: url, changelog: 'The document now says so.', alreadyEnforced: true }] };
    const r = gate('merchant', urlRemoved, { version: '2.0.0', unreleased: accepted }, '2.0.0');
    expect(r).toMatchObject({ ok: true, problems: [], accepted: [{ id: 'response-property-removed' }] });
    const unwritten = { changelog: [], acceptedBreaks: [{ ...accepted.acceptedBreaks[0]!, changelog: ' ' }] };
    expect(gate('merchant', urlRemoved, { version: '2.0.0', unreleased: unwritten }, '2.0.0').problems).toEqual([
      `merchant: the accepted break response-property-removed at ${url} has no changelog line`,
    ]);
  });

  it('refuses a version older than the release, or not semver', () => {
    expect(gate('merchant', [], { version: '1.9.0', unreleased: noChanges }, '2.0.0').problems).toEqual(['merchant: version 1.9.0 is older than the last release 2.0.0']);
    expect(gate('merchant', [], { version: 'v2', unreleased: noChanges }, '2.0.0').problems).toEqual(['merchant: version "v2" in contracts/merchant/release.ts is not semver (x.y.z)']);
  });
});

describe('the four classic breaks, planted one at a time, fail npm run check', () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  afterEach(() => errors.mockClear());
  const current = (api: string) => readFileSync(join(root, 'generated/openapi', `${api}.json`), 'utf8');
  const plant = (mutate: (d: Json) => void) => (path: string) => {
    if (!path.endsWith('merchant.json')) return current(path.split('/').pop()!.replace('.json', ''));
    const d = JSON.parse(current('merchant'));
    mutate(d);
    return JSON.stringify(d);
  };
  const S = (n: string) => `/components/schemas/${n}`;
  const paymentFields = (d: Json) => d.paths['/payments'].post.requestBody.content['application/json'].schema.properties.payment;

  it('passes on the documents as they are', () => {
    expect(checkGate(root, contracts, (p) => current(p.split('/').pop()!.replace('.json', '')))).toBe(true);
  });

  const txidBreak = { rule: 'response-property-removed', pointer: `${S('Payment')}/properties/txid`, changelog: 'Payment no longer has `txid`.' };
  const dropTxid = plant((d: Json) => { delete d.components.schemas.Payment.properties.txid; d.components.schemas.Payment.required = d.components.schemas.Payment.required.filter((r: string) => r !== 'txid'); });
  const merchant = contracts.find((c) => c.id === 'merchant')!;
  // The merchant contract's own accepted breaks (if any) stay accepted beside the planted one.
  const own = merchant.unreleased?.acceptedBreaks ?? [];
  const suggestions = () => vi.mocked(console.log).mock.calls.map((c) => String(c[0])).filter((l) => l.startsWith('  next release:'));

  it('passes an accepted break while release.ts keeps the released version, naming the major release to run', () => {
    vi.mocked(console.log).mockClear();
    const accepting = { ...merchant, unreleased: { changelog: [], acceptedBreaks: [...own, txidBreak] } };
    expect(checkGate(root, [accepting], dropTxid)).toBe(true);
    expect(suggestions()).toEqual(['  next release: npm run release -- --api merchant --major (accepted breaking changes)']);
  });

  it('names a minor release when every accepted break only writes down what the server already enforced', () => {
    vi.mocked(console.log).mockClear();
    const enforced = [...own, txidBreak].map((b) => ({ ...b, alreadyEnforced: true }));
    const accepting = { ...merchant, unreleased: { changelog: [], acceptedBreaks: enforced } };
    expect(checkGate(root, [accepting], dropTxid)).toBe(true);
    expect(suggestions()).toEqual(['  next release: npm run release -- --api merchant --minor (accepted breaks the server already enforced)']);
  });

  it.each([
    ['a property removed from the Payment response', (d: Json) => { delete d.components.schemas.Payment.properties.txid; d.components.schemas.Payment.required = d.components.schemas.Payment.required.filter((r: string) => r !== 'txid'); }, 'response-property-removed', `${S('Payment')}/properties/txid`],
    // Where the last release's webhooks declare a payload that reaches BlockchainStatus, receivers read
    // it too: the same value is a break there as well. A release whose webhook data declares no
    // schema promised receivers nothing about it.
    ['a value added to a response enum', (d: Json) => d.components.schemas.BlockchainStatus.enum.push('Reorged'), webhooksReach(S('BlockchainStatus')) ? ['response-enum-value-added', 'webhook-request-enum-value-added'] : ['response-enum-value-added'], S('BlockchainStatus')],
    // The payment fields have defaults, so the documents write them into the request body (the
    // release before did not): the gate still names the release's component.
    ['an optional request field made required', (d: Json) => paymentFields(d).required.push('phone'), 'request-property-made-required', `${S('CreatePaymentFields')}/properties/phone`],
    ['a request maxLength narrowed', (d: Json) => (paymentFields(d).properties.external_id.maxLength = 8), 'request-max-length-tightened', `${S('CreatePaymentFields')}/properties/external_id`],
  ])('%s', (_name, mutate, rules, pointer) => {
    expect(checkGate(root, contracts, plant(mutate))).toBe(false);
    const failures = errors.mock.calls.map((c) => String(c[0])).filter((l) => l.includes('FAIL'));
    const expected = [rules].flat();
    expect(failures).toHaveLength(expected.length);
    expected.forEach((rule, i) => expect(failures[i]).toContain(`FAIL merchant: breaking change ${rule} at ${pointer}: `));
  });
});
