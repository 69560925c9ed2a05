// The pure helpers of the benchmarks (the benchmarks themselves are `npm run bench`, not tests).
import { describe, expect, it } from 'vitest';
import { signaturePayload, verifySignature } from '../contracts/exchange/signing.ts';
import { parseEngineLine } from './engine-figure.ts';
import { LOAD_KEYS, benchConfig, memoryConfig, type BenchKey } from './fixtures.ts';
import { NonceCounter, paymentBody, signedBalancesPath } from './load.ts';
import { area } from './profile-summary.ts';
import { median } from './stats.ts';
import { judge, judgeBoth, renderTable } from './table.ts';
import { resolveConfig } from '../server/config/config.ts';

describe('bench helpers', () => {
  it.each([
    [[3, 1, 2], 2],
    [[4, 1, 3, 2], 2.5],
    [[7], 7],
  ])('median of %j is %d', (values, want) => expect(median(values)).toBe(want));

  it('hands out strictly increasing nonces per key, even within one millisecond', () => {
    const nonces = new NonceCounter();
    const a = Array.from({ length: 1000 }, () => nonces.next('a'));
    expect(a.every((n, i) => i === 0 || n > (a[i - 1] as number))).toBe(true);
    expect(nonces.next('b')).toBeLessThanOrEqual(Date.now());
  });

  it('signs balances paths the server can verify (X1)', () => {
    const key = LOAD_KEYS[0] as BenchKey;
    const url = new URL(`http://127.0.0.1${signedBalancesPath(key, new NonceCounter())}`);
    const query = Object.fromEntries(url.searchParams);
    const payload = signaturePayload({ method: 'GET', path: url.pathname, query });
    expect(payload).toBe(`GET|/api/v1/balances|access_key=${key.accessKey}&nonce=${query.nonce}`);
    expect(verifySignature(payload, key.secret, query.signature as string)).toBe(true);
  });

  it('never repeats an invoice number and keeps it to a-z A-Z 0-9', () => {
    const numbers = Array.from({ length: 100 }, () => (JSON.parse(paymentBody()) as { payment: { invoice_number: string } }).payment.invoice_number);
    expect(new Set(numbers).size).toBe(100);
    expect(numbers.every((n) => /^[a-zA-Z0-9]+$/.test(n))).toBe(true);
  });

  it('writes a CONFIG the server accepts', () => {
    const config = resolveConfig(benchConfig());
    expect(config.logRequests).toBe(false);
    expect(config.exchange.keys.length).toBeGreaterThanOrEqual(220);
    expect(resolveConfig(memoryConfig()).exchange.nonceTtlMs).toBe(11_000);
  });

  it('reads the lines bench/engine.ts prints', () => {
    const out = [
      'node v20.20.2, load average 1.00 on 2 CPUs',
      'submitOrder (engine only): 341,568 orders/sec wall clock, 342,759 orders/sec of CPU time (median of 3 runs of 20,000 orders; x)',
      'placeOrder (building the Order response): 286,599 orders/sec wall clock, 287,274 orders/sec of CPU time (median of 3 runs)',
    ].join('\n');
    expect(parseEngineLine(out, 'submitOrder')).toMatchObject({ ordersPerSecWall: 341568, ordersPerSecCpu: 342759 });
    expect(parseEngineLine(out, 'placeOrder').ordersPerSecWall).toBe(286599);
    expect(() => parseEngineLine('nothing', 'placeOrder')).toThrow(/no placeOrder line/);
  });

  it('judges lower and upper bounds', () => {
    expect(judge(0.85, { min: 0.85 })).toBe('met');
    expect(judge(0.84, { min: 0.85 })).toBe('MISSED');
    expect(judge(5000, { max: 5000 })).toBe('MISSED');
    expect(judge(Number.NaN, { min: 1 })).toBe('n/a');
    expect(judgeBoth(0.9, 0.95, { min: 0.85 })).toBe('met');
    expect(judgeBoth(0.8, 0.95, { min: 0.85 })).toBe('MISSED; met on CPU time');
    expect(judgeBoth(0.9, 0.8, { min: 0.85 })).toBe('met; MISSED on CPU time');
    expect(judgeBoth(0.9, Number.NaN, { min: 0.85 })).toBe('met');
  });

  it('renders a markdown table', () => {
    expect(renderTable(['a', 'bb'], [['1', '2']])).toBe('| a | bb |\n|---|----|\n| 1 | 2  |');
  });

  it.each([
    ['file:///w/node_modules/express-openapi-validator/dist/x.js', 'express-openapi-validator'],
    ['file:///w/node_modules/@scope/pkg/a.js', '@scope/pkg'],
    ['node:internal/deps/undici/undici', 'node:internal/deps/undici'],
    ['file:///w/server/http/pipeline.ts', 'server/http'],
    ['', '(f)'],
  ])('puts %s in area %s', (url, want) => expect(area(url, 'f')).toBe(want));
});
