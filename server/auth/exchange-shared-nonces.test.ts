// The exchange verifier with an asynchronous nonce store (the shape of the Redis one, in memory
// here): X2 order kept (the store is asked only after the signature verified), a promise only when
// the store answers with one, and a store failure passed on (503), never an accepted request.
import { describe, expect, it } from 'vitest';
import { sign, signaturePayload } from '../../contracts/exchange/signing.ts';
import { ExchangeDomainError, StoreUnavailableError } from '../core/errors.ts';
import { createExchangeVerifier } from './exchange.ts';
import { NonceStore, type NonceClaims } from './nonce-store.ts';

const NOW = 1_700_000_000_000;
const keys = [
  { accessKey: 'demo-trader', secret: 'demo-trader-secret', scopes: ['trade'] as const },
  { accessKey: 'demo-viewer', secret: 'demo-viewer-secret', scopes: [] as const },
];
const signed = (nonce: number, accessKey = 'demo-trader', secret = `${accessKey}-secret`) => {
  const query = { access_key: accessKey, nonce: String(nonce) };
  return { method: 'GET', path: '/api/v1/balances', query: { ...query, signature: sign(signaturePayload({ method: 'GET', path: '/api/v1/balances', query }), secret) } };
};

/** An asynchronous store that records what it was asked; `down` makes it fail like an unreachable Redis. */
function asyncStore() {
  const inner = new NonceStore(61_000, () => NOW);
  const asked: string[] = [];
  const store = {
    down: false,
    asked,
    claim: async (key: string, nonce: string) => {
      asked.push(`${key}:${nonce}`);
      if (store.down) throw new StoreUnavailableError('nonce', new Error('connection refused'));
      return inner.claim(key, nonce);
    },
  } satisfies NonceClaims & Record<string, unknown>;
  return store;
}

describe('createExchangeVerifier with a shared (asynchronous) nonce store', () => {
  it('answers synchronously with the in-memory store: no promise on that path', () => {
    const verify = createExchangeVerifier({ keys, now: () => NOW });
    const result = verify(signed(NOW));
    expect(result).not.toBeInstanceOf(Promise);
    expect(result).toEqual({ api: 'exchange', accessKey: 'demo-trader', scopes: ['trade'] });
  });

  it('asks the store only after the signature verified, then resolves, or rejects a reuse with 2006', async () => {
    const store = asyncStore();
    const verify = createExchangeVerifier({ keys, now: () => NOW, nonces: store });
    expect(() => verify(signed(NOW, 'demo-trader', 'wrong-secret'))).toThrow(expect.objectContaining({ code: 2005 }));
    expect(store.asked).toEqual([]);
    await expect(verify(signed(NOW))).resolves.toEqual({ api: 'exchange', accessKey: 'demo-trader', scopes: ['trade'] });
    await expect(verify(signed(NOW))).rejects.toMatchObject({ code: 2006, status: 401 });
    expect(store.asked).toEqual(['demo-trader:1700000000000', 'demo-trader:1700000000000']);
  });

  it('checks the scope after the claim (2011), as X2 orders it', async () => {
    const store = asyncStore();
    const verify = createExchangeVerifier({ keys, now: () => NOW, nonces: store });
    await expect(verify(signed(NOW + 1, 'demo-viewer'), 'trade')).rejects.toMatchObject({ code: 2011 });
    expect(store.asked).toEqual(['demo-viewer:1700000000001']);
  });

  it('passes a store failure on as StoreUnavailableError, and accepts the nonce once the store is back', async () => {
    const store = asyncStore();
    store.down = true;
    const verify = createExchangeVerifier({ keys, now: () => NOW, nonces: store });
    const failed = verify(signed(NOW + 2));
    await expect(failed).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(failed).rejects.not.toBeInstanceOf(ExchangeDomainError);
    store.down = false;
    await expect(verify(signed(NOW + 2))).resolves.toMatchObject({ accessKey: 'demo-trader' });
  });
});
