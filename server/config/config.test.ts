import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, deepMerge, loadConfig, resolveConfig } from './config.ts';

const file = (content: string) => {
  const path = join(mkdtempSync(join(tmpdir(), 'config-')), 'c.json');
  writeFileSync(path, content);
  return path;
};

describe('config', () => {
  it('defaults to the sandbox defaults the integrator guide lists', () => {
    const c = resolveConfig();
    expect([c.host, c.port, c.validate, c.bodyLimit, c.rateLimit.enabled]).toEqual(['127.0.0.1', 8080, 'all', '100kb', true]);
    expect(c.rateLimit.exchange).toEqual({ limit: 60, windowMs: 60_000, banMs: 60_000 });
    expect(c.exchange.keys.map((k) => [k.accessKey, k.secret, k.scopes])).toEqual([
      ['demo-trader', 'demo-trader-secret', ['trade']],
      ['demo-trader-2', 'demo-trader-2-secret', ['trade']],
      ['demo-viewer', 'demo-viewer-secret', []],
    ]);
    expect(c.merchant.keys.map((k) => [k.apiKey, k.secret, k.sandbox, k.permissions])).toEqual([
      ['demo-merchant', 'demo-merchant-secret', true, ['refund:create']],
      ['demo-merchant-norefund', 'demo-merchant-norefund-secret', true, []],
    ]);
    expect(c.merchant.keys[0]).toMatchObject({ hostedPaymentIds: [1], webhookSigningSecret: 'demo-signing-secret' });
    expect(c.merchant.sandbox).toEqual({ foundAfterMs: 2000, confirmedAfterMs: 5000 });
    expect(c.partner.credentials).toEqual([{ partnerId: 'demo-partner', bearerKey: 'demo-partner-key', basicKey: 'demo-partner', basicSecret: 'demo-partner-secret' }]);
  });

  it('merges a CONFIG file over the defaults (objects by key, arrays replaced), then the environment', () => {
    const path = file(JSON.stringify({ port: 9000, rateLimit: { exchange: { limit: 10 } }, merchant: { sandbox: { foundAfterMs: 10 } } }));
    const c = loadConfig({ CONFIG: path, PORT: '9100', VALIDATE: 'requests', RATE_LIMIT: 'off' });
    expect([c.port, c.validate, c.rateLimit.enabled]).toEqual([9100, 'requests', false]);
    expect(c.rateLimit.exchange).toEqual({ limit: 10, windowMs: 60_000, banMs: 60_000 });
    expect(c.merchant.sandbox).toEqual({ foundAfterMs: 10, confirmedAfterMs: 5000 });
    expect(c.merchant.keys).toHaveLength(2);
  });

  it.each([
    ['unreadable file', { CONFIG: '/nonexistent/c.json' }, /Cannot read CONFIG file/],
    ['invalid JSON', { CONFIG: file('{') }, /is not valid JSON/],
    ['wrong type, with its path', { CONFIG: file('{"rateLimit":{"merchant":{"banMs":-1}}}') }, /rateLimit\.merchant\.banMs/],
    ['unknown key (a typo)', { CONFIG: file('{"bodyLimt":"1mb"}') }, /bodyLimt/],
    ['nonce memory shorter than the window allows', { CONFIG: file('{"exchange":{"nonceTtlMs":30000}}') }, /exchange\.nonceTtlMs: nonceTtlMs must be at least/],
    ['PORT not a number', { PORT: 'eighty' }, /PORT must be an integer/],
    ['VALIDATE unknown', { VALIDATE: 'some' }, /validate/],
    ['RATE_LIMIT unknown', { RATE_LIMIT: 'no' }, /RATE_LIMIT must be "on" or "off"/],
    ['REDIS_URL not a redis URL', { REDIS_URL: 'http://user:pw@127.0.0.1:6379' }, /redis\.url: a redis:\/\/ or rediss:\/\/ URL/],
  ])('fails clearly: %s', (_name, env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('takes a webhook encoding per merchant key: json (the sandbox keys) or form, nothing else', () => {
    expect(resolveConfig().merchant.keys.map((k) => k.webhookEncoding)).toEqual(['json', 'json']);
    const key = { apiKey: 'shop', secret: 's', sandbox: false, permissions: [], hostedPaymentIds: [2], webhookSigningSecret: 'w' };
    expect(resolveConfig({ merchant: { keys: [{ ...key, webhookEncoding: 'form' }] } }).merchant.keys[0]!.webhookEncoding).toBe('form');
    expect(resolveConfig({ merchant: { keys: [key] } }).merchant.keys[0]!.webhookEncoding).toBeUndefined(); // json
    expect(() => resolveConfig({ merchant: { keys: [{ ...key, webhookEncoding: 'xml' }] } })).toThrow(/merchant\.keys\.0\.webhookEncoding/);
  });

  it('takes the shared Redis store from REDIS_URL, with the default key prefix and timeout; none without it', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6390/2' }).redis).toEqual({ url: 'redis://127.0.0.1:6390/2', keyPrefix: 'cryptopay:', commandTimeoutMs: 1000 });
    expect(loadConfig({}).redis).toBeUndefined();
  });

  it('ignores __proto__ in a config file', () => {
    const merged = deepMerge({ a: 1 }, JSON.parse('{"__proto__":{"polluted":true},"b":2}')) as Record<string, unknown>;
    expect(merged).toEqual({ a: 1, b: 2 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
