import { describe, expect, it } from 'vitest';
import { SIGNATURE_TEST_VECTORS } from '../../contracts/exchange/signing.ts';
import { authCases, authorize, NonceClock, validSlots, type AuthMode } from './auth.ts';
import { SANDBOX_CREDENTIALS as creds } from './credentials.ts';
import type { OperationSpec } from './document.ts';
import { toWire } from './wire.ts';

const op = (api: OperationSpec['api'], method: OperationSpec['method'], path: string, extra: Partial<OperationSpec> = {}): OperationSpec => ({
  api, operationId: 'op', method, path, parameters: [], responses: {}, secured: true, ...extra,
});
const at = (ms: number) => new NonceClock(() => ms);

describe('exchange signing (X1)', () => {
  it.each(SIGNATURE_TEST_VECTORS.map((v) => [v.payload, v] as const))('signs %s as the test vector says', (_p, vector) => {
    const { method, path, query = {}, body } = vector.input;
    const { access_key: _a, nonce, ...params } = query;
    const spec = op('exchange', method.toLowerCase() as OperationSpec['method'], path.replace('/api/v1', ''));
    const wire = toWire(spec, '/api/v1', { path: {}, query: params, ...(body ? { body } : {}) });
    authorize('exchange', spec, wire, 'valid', 0, creds, at(Number(nonce)));
    expect(Object.fromEntries(wire.query)).toMatchObject({ access_key: 'demo-trader', nonce: String(nonce), signature: vector.signature });
  });

  it('never repeats a nonce and never runs behind the clock', () => {
    let now = 1000;
    const clock = new NonceClock(() => now);
    const seen = [clock.next('k'), clock.next('k'), clock.next('k')];
    now = 5000;
    seen.push(clock.next('k'), clock.next('other'));
    expect(seen).toEqual([1000, 1001, 1002, 5000, 5000]);
  });

  it('spreads valid requests over the trading keys', () => {
    const spec = op('exchange', 'get', '/balances');
    const keys = [0, 1, 2].map((slot) => {
      const wire = toWire(spec, '/api/v1', { path: {}, query: {} });
      authorize('exchange', spec, wire, 'valid', slot, creds, new NonceClock());
      return Object.fromEntries(wire.query).access_key;
    });
    expect(keys).toEqual(['demo-trader', 'demo-trader-2', 'demo-trader']);
    expect(validSlots('exchange', creds)).toBe(2);
  });

  it('sends no auth parameter when they are to be missing', () => {
    const spec = op('exchange', 'get', '/balances');
    const wire = toWire(spec, '/api/v1', { path: {}, query: {} });
    authorize('exchange', spec, wire, 'missing', 0, creds, new NonceClock());
    expect(wire.query).toEqual([]);
  });

  it.each<[AuthMode, Record<string, string>]>([
    ['unknown-key', { access_key: 'contract-runner-unknown-key' }],
    ['stale-nonce', { nonce: String(1_700_000_000_000 - 600_000) }],
    ['non-integer-nonce', { nonce: '1700000000000.5' }],
    ['no-permission', { access_key: 'demo-viewer' }],
  ])('%s credentials', (mode, want) => {
    const spec = op('exchange', 'get', '/balances');
    const wire = toWire(spec, '/api/v1', { path: {}, query: {} });
    authorize('exchange', spec, wire, mode, 0, creds, at(1_700_000_000_000));
    expect(Object.fromEntries(wire.query)).toMatchObject(want);
  });

  it('tampers with one digit of the right signature', () => {
    const spec = op('exchange', 'get', '/balances');
    const signed = (mode: AuthMode) => {
      const wire = toWire(spec, '/api/v1', { path: {}, query: {} });
      authorize('exchange', spec, wire, mode, 0, creds, at(1_700_000_000_000));
      return Object.fromEntries(wire.query).signature!;
    };
    const [right, tampered] = [signed('valid'), signed('tampered-signature')];
    expect(tampered).toHaveLength(right.length);
    expect(tampered.slice(0, -1)).toBe(right.slice(0, -1));
    expect(tampered).not.toBe(right);
  });

  it('lists the documented codes, 2011 only for trading operations', () => {
    const codes = (o: OperationSpec) => authCases('exchange', o, creds).map((c) => `${c.mode}=${c.expect.code}`);
    expect(codes(op('exchange', 'post', '/orders', { permission: 'trade' }))).toEqual([
      'missing=2001', 'repeated-param=2001', 'unknown-key=2008', 'stale-nonce=2007', 'non-integer-nonce=2007', 'wrong-secret=2005', 'tampered-signature=2005', 'replayed-nonce=2006', 'no-permission=2011',
    ]);
    expect(codes(op('exchange', 'get', '/balances'))).not.toContain('no-permission=2011');
    expect(authCases('exchange', op('exchange', 'get', '/timestamp', { secured: false }), creds)).toEqual([]);
  });
});

describe('merchant and partner credentials', () => {
  const header = (api: 'merchant' | 'partner', mode: AuthMode, slot = 0) => {
    const spec = op(api, 'get', '/x');
    const wire = toWire(spec, '', { path: {}, query: {} });
    authorize(api, spec, wire, mode, slot, creds, new NonceClock());
    return wire.headers.authorization;
  };
  const b64 = (s: string) => Buffer.from(s).toString('base64');

  it.each<['merchant' | 'partner', AuthMode, number, string | undefined]>([
    ['merchant', 'valid', 0, `Basic ${b64('demo-merchant:demo-merchant-secret')}`],
    ['merchant', 'no-permission', 0, `Basic ${b64('demo-merchant-norefund:demo-merchant-norefund-secret')}`],
    ['merchant', 'wrong-secret', 0, `Basic ${b64('demo-merchant:demo-merchant-secret-wrong')}`],
    ['merchant', 'missing', 0, undefined],
    ['partner', 'valid', 0, 'Bearer demo-partner-key'],
    ['partner', 'valid', 1, `Basic ${b64('demo-partner:demo-partner-secret')}`],
    ['partner', 'wrong-scheme', 0, 'Token demo-partner-key'],
  ])('%s %s (slot %i)', (api, mode, slot, want) => expect(header(api, mode, slot)).toBe(want));

  it('expects 401 code 1001, and 1003 for a key without Refund Create', () => {
    const refund = op('merchant', 'post', '/transactions/{transaction_id}/refunds', { permission: 'refund:create' });
    expect(authCases('merchant', refund, creds).map((c) => c.expect.code)).toEqual(['1001', '1001', '1001', '1001', '1003']);
    expect(new Set(authCases('partner', op('partner', 'post', '/x'), creds).map((c) => `${c.expect.status} ${c.expect.code}`))).toEqual(new Set(['401 1001']));
  });
});

describe('a body X1 cannot sign', () => {
  it('travels with a signature of nothing (the server refuses it before checking signatures: 400 1001)', () => {
    const spec: OperationSpec = { api: 'exchange', operationId: 'cancelOrder', method: 'post', path: '/order/delete', parameters: [], responses: {}, secured: true };
    const wire = toWire(spec, '/api/v1', { path: {}, query: {}, body: { id: 2 ** 53 } });
    authorize('exchange', spec, wire, 'valid', 0, creds, new NonceClock());
    expect(Object.fromEntries(wire.query).signature).toBe('0'.repeat(64));
  });
});
