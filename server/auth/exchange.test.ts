import { describe, expect, it } from 'vitest';
import { SIGNATURE_TEST_VECTORS, sign, signaturePayload } from '../../contracts/exchange/signing.ts';
import { ExchangeDomainError } from '../core/errors.ts';
import { createExchangeVerifier } from './exchange.ts';

const keys = [
  { accessKey: 'demo-trader', secret: 'demo-trader-secret', scopes: ['trade'] as const },
  { accessKey: 'demo-viewer', secret: 'demo-viewer-secret', scopes: [] as const },
];
const verifier = () => createExchangeVerifier({ keys, now: () => 1_700_000_000_000 });

/**
 * What a synchronous verification ended in: `[code, status]` of the domain error it threw, or
 * `['accepted', accessKey]` when it returned a principal. Anything else (a crash, a promise, no
 * principal) fails the test instead of passing for an acceptance.
 */
const codeOf = (f: () => unknown): [number, number] | ['accepted', string] => {
  let result: unknown;
  try {
    result = f();
  } catch (e) {
    if (e instanceof ExchangeDomainError) return [e.code, e.status];
    throw e;
  }
  const principal = result as { api?: unknown; accessKey?: unknown } | undefined;
  if (principal?.api !== 'exchange' || typeof principal.accessKey !== 'string') throw new Error(`not a principal: ${String(result)}`);
  return ['accepted', principal.accessKey];
};

describe('createExchangeVerifier', () => {
  it.each(SIGNATURE_TEST_VECTORS.map((v) => [v.payload, v] as const))('accepts %s', (_p, v) => {
    const verify = verifier();
    const query = { ...v.input.query, signature: v.signature } as Record<string, unknown>;
    // Values arrive as strings from a URL.
    for (const k of Object.keys(query)) query[k] = String(query[k]);
    expect(verify({ method: v.input.method, path: v.input.path, query, body: v.input.body }, 'trade')).toEqual({
      api: 'exchange',
      accessKey: 'demo-trader',
      scopes: ['trade'],
    });
  });

  it('refuses, in order: 2001 missing, 2008 key, 2007 nonce, 2005 signature, 2006 reuse, 2011 scope', () => {
    const v = SIGNATURE_TEST_VECTORS[0]!;
    const q = { access_key: 'demo-trader', nonce: '1700000000000', signature: v.signature };
    const verify = verifier();
    const req = (query: Record<string, unknown>) => ({ method: 'GET', path: '/api/v1/balances', query });
    expect(codeOf(() => verify(req({ nonce: '1', signature: 'x' })))).toEqual([2001, 401]);
    expect(codeOf(() => verify(req({ ...q, access_key: ['a', 'b'] })))).toEqual([2001, 401]);
    expect(codeOf(() => verify(req({ ...q, access_key: 'nobody', nonce: '1' })))).toEqual([2008, 401]);
    expect(codeOf(() => verify(req({ ...q, nonce: '1', signature: 'x' })))).toEqual([2007, 401]);
    expect(codeOf(() => verify(req({ ...q, nonce: '1.7e12' })))).toEqual([2007, 401]);
    expect(codeOf(() => verify(req({ ...q, signature: v.signature.toUpperCase() })))).toEqual([2005, 401]);
    expect(codeOf(() => verify(req(q)))).toEqual(['accepted', 'demo-trader']);
    expect(codeOf(() => verify(req(q)))).toEqual([2006, 401]);
    expect(codeOf(() => verify(req({ ...q, signature: 'bad' })))).toEqual([2005, 401]);
  });

  it('claims a nonce by its number, not its text: leading zeros name the same nonce', () => {
    const verify = verifier();
    const signed = (nonce: string) => {
      const query = { access_key: 'demo-trader', nonce };
      return { method: 'GET', path: '/api/v1/balances', query: { ...query, signature: sign(signaturePayload({ method: 'GET', path: '/api/v1/balances', query }), 'demo-trader-secret') } };
    };
    expect(codeOf(() => verify(signed('1700000000000')))).toEqual(['accepted', 'demo-trader']);
    for (const again of ['01700000000000', '001700000000000', '0001700000000000']) expect(codeOf(() => verify(signed(again)))).toEqual([2006, 401]);
    // The other way round: a zero-padded first use makes the plain number a reuse.
    expect(codeOf(() => verify(signed('01700000000001')))).toEqual(['accepted', 'demo-trader']);
    expect(codeOf(() => verify(signed('1700000000001')))).toEqual([2006, 401]);
    // 16 digits at most, leading zeros counted: a longer text is outside the window, whatever its value.
    expect(codeOf(() => verify(signed('00001700000000002')))).toEqual([2007, 401]);
  });

  it('refuses the right signature with anything after it, cut short, or empty (2005), and spends no nonce on it', () => {
    const verify = verifier();
    const query = { access_key: 'demo-trader', nonce: '1700000000000' };
    const good = sign(signaturePayload({ method: 'GET', path: '/api/v1/balances', query }), 'demo-trader-secret');
    const req = (signature: string) => ({ method: 'GET', path: '/api/v1/balances', query: { ...query, signature } });
    for (const bad of [`${good}0`, `${good}00`, `${good}${good}`, good.slice(0, -1), good.slice(0, 2)]) {
      expect([bad.length, codeOf(() => verify(req(bad)))]).toEqual([bad.length, [2005, 401]]);
    }
    expect(codeOf(() => verify(req(good)))).toEqual(['accepted', 'demo-trader']);
  });

  it('needs the trade scope only where the operation requires it', async () => {
    const verify = createExchangeVerifier({ keys, now: () => 1_700_000_000_000 });
    const signed = (nonce: string) => {
      const query = { access_key: 'demo-viewer', nonce };
      return { method: 'GET', path: '/api/v1/balances', query: { ...query, signature: sign(signaturePayload({ method: 'GET', path: '/api/v1/balances', query }), 'demo-viewer-secret') } };
    };
    expect((await verify(signed('1700000000000'))).accessKey).toBe('demo-viewer');
    expect(codeOf(() => verify(signed('1700000000001'), 'trade'))).toEqual([2011, 401]);
  });

  it('takes tonce for nonce (X-tonce): one of them or both with one value, one nonce whichever name carried it', async () => {
    const verify = verifier();
    const signed = (query: Record<string, string>, body?: Record<string, string>, formBody = false) => ({
      method: 'POST', path: '/api/v1/orders/clear', formBody, body,
      query: { ...query, ...(formBody ? {} : { signature: sign(signaturePayload({ method: 'POST', path: '/api/v1/orders/clear', query, body }), 'demo-trader-secret') }) },
    });
    expect((await verify(signed({ access_key: 'demo-trader', tonce: '1700000000000' }))).accessKey).toBe('demo-trader');
    expect(codeOf(() => verify(signed({ access_key: 'demo-trader', nonce: '1700000000000' })))).toEqual([2006, 401]);
    // Both names with one value: one nonce, signed as sent (both in the payload); different values: 2001.
    expect((await verify(signed({ access_key: 'demo-trader', nonce: '1700000000001', tonce: '1700000000001' }))).accessKey).toBe('demo-trader');
    expect(codeOf(() => verify(signed({ access_key: 'demo-trader', tonce: '1700000000001' })))).toEqual([2006, 401]);
    expect(codeOf(() => verify(signed({ access_key: 'demo-trader', nonce: '1700000000002', tonce: '1700000000003' })))).toEqual([2001, 401]);
    expect(codeOf(() => verify(signed({ access_key: 'demo-trader' })))).toEqual([2001, 401]);
  });

  it('reads the auth parameters from a form body, each from one place (X-form)', async () => {
    const verify = verifier();
    const fields = { side: 'buy', access_key: 'demo-trader', tonce: '1700000000002' };
    const signature = sign(`POST|/api/v1/orders/clear|access_key=demo-trader&side=buy&tonce=1700000000002`, 'demo-trader-secret');
    const req = (query: Record<string, string>, body: Record<string, string>, formBody = true) => ({ method: 'POST', path: '/api/v1/orders/clear', query, body, formBody });
    // A JSON body never carries them.
    expect(codeOf(() => verify(req({}, { ...fields, signature }, false)))).toEqual([2001, 401]);
    expect(codeOf(() => verify(req({ signature }, { ...fields, signature })))).toEqual([2001, 401]);
    expect((await verify(req({ signature }, fields))).accessKey).toBe('demo-trader');
    expect(codeOf(() => verify(req({}, { ...fields, tonce: '1700000000003', signature })))).toEqual([2005, 401]);
  });

  it('says in each refusal what is wrong, by name', () => {
    const v = SIGNATURE_TEST_VECTORS[0]!;
    const q = { access_key: 'demo-trader', nonce: '1700000000000', signature: v.signature };
    const messageOf = (f: () => unknown): string => {
      try {
        f();
      } catch (e) {
        if (e instanceof ExchangeDomainError) return `${e.code} ${e.message}`;
        throw e;
      }
      throw new Error('accepted');
    };
    const verify = createExchangeVerifier({ keys, now: () => 1_700_000_000_000, nonceWindowMs: 5000 });
    const get = (query: Record<string, unknown>) => () => verify({ method: 'GET', path: '/api/v1/balances', query }, 'trade');
    const form = (query: Record<string, unknown>, body: unknown) => () =>
      verify({ method: 'POST', path: '/api/v1/orders/clear', query, body, formBody: true });
    expect(messageOf(get({}))).toBe('2001 Authorization failed: missing or repeated parameter access_key, nonce (or tonce), signature');
    expect(messageOf(get({ tonce: '', access_key: '' }))).toBe('2001 Authorization failed: missing or repeated parameter access_key, tonce, signature');
    expect(messageOf(get({ ...q, signature: ['a', 'b'] }))).toBe('2001 Authorization failed: missing or repeated parameter signature');
    expect(messageOf(form({ access_key: 'demo-trader', nonce: '1' }, { nonce: '1', access_key: 'demo-trader', signature: 'x' }))).toBe(
      '2001 Authorization failed: access_key, nonce given both in the query and in the body; send each once',
    );
    // A form body that is no record (null, a list) carries no auth parameters.
    expect(messageOf(form({}, null))).toBe('2001 Authorization failed: missing or repeated parameter access_key, nonce (or tonce), signature');
    expect(messageOf(get({ ...q, tonce: '2' }))).toBe(
      '2001 Authorization failed: nonce and tonce given with different values; send one of them (tonce is another name for nonce)',
    );
    expect(messageOf(get({ ...q, access_key: 'nobody' }))).toBe('2008 The access key does not exist');
    expect(messageOf(get({ ...q, nonce: '1' }))).toBe(
      '2007 The nonce is invalid: it must be milliseconds within 5 s of the server time, which is 1700000000000',
    );
    expect(messageOf(get({ ...q, x: [[['deep']]] }))).toMatch(/^1001 x/);
    expect(codeOf(get(q))).toEqual(['accepted', 'demo-trader']);
    expect(messageOf(get(q))).toBe('2006 The nonce 1700000000000 has already been used by the access key');
  });

  it('names the permission a key lacks (2011)', () => {
    const verify = verifier();
    const nonce = '1700000000000';
    const query = { access_key: 'demo-viewer', nonce };
    const signature = sign(signaturePayload({ method: 'GET', path: '/api/v1/balances', query }), 'demo-viewer-secret');
    try {
      verify({ method: 'GET', path: '/api/v1/balances', query: { ...query, signature } }, 'trade');
      expect.unreachable();
    } catch (e) {
      expect([(e as ExchangeDomainError).code, (e as Error).message]).toEqual([
        2011, 'Requested API is out of access key scopes: it needs the "trade" permission',
      ]);
    }
  });
});
