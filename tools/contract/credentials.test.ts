import { describe, expect, it } from 'vitest';
import { parseKeyPair, resolveCredentials, SANDBOX_CREDENTIALS } from './credentials.ts';

describe('resolveCredentials', () => {
  it('defaults to the sandbox credentials', () => {
    expect(resolveCredentials({}, {})).toEqual(SANDBOX_CREDENTIALS);
  });

  it('takes flags over environment over defaults', () => {
    const env = { CONTRACT_MERCHANT_KEY: 'env-key:env-secret', CONTRACT_EXCHANGE_KEYS: 'a:1, b:2' };
    const creds = resolveCredentials({ merchantKey: 'flag-key:flag:secret' }, env);
    expect(creds.merchant.key).toEqual({ key: 'flag-key', secret: 'flag:secret' });
    expect(creds.exchange.trade).toEqual([{ key: 'a', secret: '1' }, { key: 'b', secret: '2' }]);
    expect(creds.partner).toEqual(SANDBOX_CREDENTIALS.partner);
  });

  it('switches optional credentials off with "none"', () => {
    const creds = resolveCredentials({ exchangeViewer: 'none', partnerBasic: 'none' }, { CONTRACT_MERCHANT_NOREFUND: 'none' });
    expect(creds.exchange.viewer).toBeUndefined();
    expect(creds.merchant.noRefund).toBeUndefined();
    expect(creds.partner).toEqual({ bearer: 'demo-partner-key' });
    expect(() => resolveCredentials({ partnerBearer: 'none', partnerBasic: 'none' }, {})).toThrow(/Bearer key or a Basic/);
  });

  it('says what is wrong with a malformed pair', () => {
    expect(() => parseKeyPair('no-colon', 'merchant key')).toThrow('merchant key must be written key:secret, got "no-colon"');
  });
});
