import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../config/config.ts';
import { CURRENCIES } from '../engine/index.ts';
import { seedFromConfig, userOf } from './accounts.ts';

describe('sandbox accounts', () => {
  it('seeds every configured key with seedBalance of every currency', () => {
    const seed = seedFromConfig(resolveConfig({}).exchange);
    expect(Object.keys(seed)).toEqual(['demo-trader', 'demo-trader-2', 'demo-viewer']);
    for (const holdings of Object.values(seed)) {
      expect(Object.keys(holdings).sort()).toEqual(CURRENCIES.map((c) => c.symbol).sort());
      expect(new Set(Object.values(holdings))).toEqual(new Set(['1000000']));
    }
  });

  it('follows the config: other keys, other amount', () => {
    const exchange = { keys: [{ accessKey: 'alice', secret: 's', scopes: ['trade' as const] }], seedBalance: '5.5' };
    expect(seedFromConfig(exchange)).toMatchObject({ alice: { btc: '5.5', usd: '5.5' } });
  });

  it('acts for the access key that signed the request', () => {
    expect(userOf({ api: 'exchange', accessKey: 'demo-trader-2', scopes: ['trade'] })).toBe('demo-trader-2');
  });
});
