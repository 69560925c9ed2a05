import { describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from './credentials.ts';
import { loadDocument, operationsOf, type ApiId } from './document.ts';
import { mutationsOf } from './mutations.ts';
import { planCases, seedFor } from './plan.ts';
import { requestProblems } from './requests.ts';
import { SchemaKit } from './schemas.ts';

const setup = (api: ApiId, operationId: string) => {
  const doc = loadDocument(api);
  const kit = new SchemaKit(doc, api);
  const op = operationsOf(api, doc).find((o) => o.operationId === operationId)!;
  const plan = planCases({ op, kit, credentials: SANDBOX_CREDENTIALS, runs: 50, negativeRuns: 25, seed: 7, pool: [] });
  return { op, kit, plan };
};

describe('planCases', () => {
  it('plans the example, 50 valid requests and every mutation at least once', () => {
    const { op, kit, plan } = setup('merchant', 'createPayment');
    // The JSON cases here; the form-encoded ones (now that createPayment declares that media type) are plan-form's.
    const kinds = (k: string) => plan.cases.filter((c) => c.kind === k && c.input.encoding !== 'form' && c.expect.kind !== 'any');
    expect(kinds('example')).toHaveLength(1);
    expect(kinds('valid')).toHaveLength(50);
    expect(plan.cases.filter((c) => c.kind === 'example' && c.input.encoding === 'form')).toHaveLength(1);
    for (const c of kinds('valid')) expect(requestProblems(op, kit, c.input)).toBe('');
    for (const c of kinds('negative')) expect(requestProblems(op, kit, c.input), c.label).not.toBe('');
    const planned = new Set(kinds('negative').map((c) => c.label));
    const missing = mutationsOf(op, kit).filter((m) => !planned.has(m.label)).map((m) => m.label);
    // Only mutations of optional fields no valid request happened to carry may be absent.
    expect(missing.filter((l) => /payment\.(amount|external_id|currency_iso|crypto_iso|email): missing/.test(l))).toEqual([]);
    expect(kinds('auth').map((c) => c.auth)).toEqual(['missing', 'unknown-key', 'wrong-secret', 'wrong-scheme']);
  });

  it('sends one request with a query parameter the document does not name, any declared answer will do', () => {
    const { plan } = setup('merchant', 'listCurrencies');
    expect(plan.cases.filter((c) => c.kind === 'negative').map((c) => [c.label, c.input.query, c.expect])).toEqual([
      ['query: an undocumented parameter', { contract_unknown: '1' }, { kind: 'any' }],
    ]);
  });

  it('fills an operation without inputs up to 25 negative cases with credential cases', () => {
    const { plan } = setup('merchant', 'listCurrencies');
    expect(plan.cases.filter((c) => c.kind === 'auth')).toHaveLength(25);
  });

  it('says so when an operation has nothing to get wrong', () => {
    expect(setup('exchange', 'getTimestamp').plan.notes).toEqual(['no negative case: the operation takes no input and no credentials']);
  });

  it('applies the fixups of rules JSON Schema cannot state (password confirmation)', () => {
    for (const c of setup('partner', 'registerUser').plan.cases.filter((x) => x.kind === 'valid')) {
      const r = (c.input.body as { registration: Record<string, string> }).registration;
      expect(r.password_confirmation).toBe(r.password);
    }
  });

  it('is deterministic per seed and operation', () => {
    const a = setup('exchange', 'createOrder').plan;
    const b = setup('exchange', 'createOrder').plan;
    expect(a.cases.map((c) => c.input)).toEqual(b.cases.map((c) => c.input));
    expect(seedFor(7, 'exchange', 'createOrder')).toBe(a.seed);
    expect(seedFor(8, 'exchange', 'createOrder')).not.toBe(a.seed);
  });
});
