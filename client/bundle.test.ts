// What a browser app gets from each client entry (esbuild, platform browser, as bench/bundle.ts
// measures it): it builds at all (a `node:*` import fails the browser build), uses no Node global,
// carries no zod unless it is the webhooks entry, and a merchant- or partner-only app carries no
// exchange signing. The sizes are a benchmark figure (npm run bench, figure 7), not a test.
import { describe, expect, it } from 'vitest';
import { bundle, BUNDLE_ENTRIES } from '../bench/bundle.ts';

const entry = (name: string) => BUNDLE_ENTRIES.find((e) => e.name === name)!;
const ZOD = /node_modules\/(zod|@asteasolutions\/zod-to-openapi)\//;
const SIGNING = /node_modules\/@noble\/hashes\/|contracts\/exchange\/signing\.ts|client\/exchange-signing\.ts/;

describe('client bundles for the browser', () => {
  it.each(BUNDLE_ENTRIES.map((e) => [e.name]))('%s: builds for the browser with no Node global or node:* module', async (name) => {
    const b = await bundle(entry(name));
    expect(b.code).not.toMatch(/\bBuffer\b/);
    // (openapi-fetch reads `process` behind `typeof process === "object"`, which a browser passes.)
    expect(b.code).not.toMatch(/\brequire\(|["']node:/);
    expect(b.inputs.filter((i) => /^(server|tools|scripts|bench)\//.test(i))).toEqual([]);
  });

  it.each(BUNDLE_ENTRIES.filter((e) => e.name !== './client/webhooks').map((e) => [e.name]))('%s: no zod', async (name) => {
    const b = await bundle(entry(name));
    expect(b.inputs.filter((i) => ZOD.test(i) || i === 'contracts/shared/zod.ts')).toEqual([]);
    // Only the pure-function modules of contracts/ (no schemas).
    expect(b.inputs.filter((i) => i.startsWith('contracts/')).sort()).toEqual(
      name.includes('merchant') || name.includes('partner')
        ? ['contracts/shared/base64.ts']
        : ['contracts/exchange/signed-operations.ts', 'contracts/exchange/signing.ts', 'contracts/shared/base64.ts', 'contracts/shared/crypto.ts'],
    );
  });

  it.each([['./client/merchant'], ['./client/partner']])('%s: no exchange signing', async (name) => {
    const b = await bundle(entry(name));
    expect(b.inputs.filter((i) => SIGNING.test(i))).toEqual([]);
  });

  it('./client/webhooks: the contract schemas (zod) are there, to parse payloads', async () => {
    const b = await bundle(entry('./client/webhooks'));
    expect(b.inputs.some((i) => ZOD.test(i))).toBe(true);
    expect(b.inputs).toContain('contracts/merchant/webhooks.ts');
  });
});
