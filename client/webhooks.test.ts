import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EXAMPLES, WEBHOOK_EXAMPLE_SIGNING } from '../contracts/merchant/webhooks.ts';
import { signWebhook, verifyWebhook, WEBHOOK_FAILURE_REASONS, WebhookVerificationError, type WebhookFailureReason } from './webhooks.ts';

const SECRET = 'demo-signing-secret';
const T = 1_767_225_600; // unix seconds
const NOW = T * 1000;
const payment = WEBHOOK_EXAMPLES.paymentConfirmed.payload;
const refund = WEBHOOK_EXAMPLES.refundProcessed.payload;

const raw = (envelope: { signature: string; data: string }) => JSON.stringify(envelope);
const signed = (overrides: Partial<Parameters<typeof signWebhook>[0]> = {}) => signWebhook({ payload: payment, secret: SECRET, timestamp: T, ...overrides });

function reasonOf(fn: () => unknown): WebhookFailureReason | undefined {
  try {
    fn();
  } catch (e) {
    if (e instanceof WebhookVerificationError) return e.reason;
    throw e;
  }
  return undefined;
}

describe('verifyWebhook', () => {
  it('verifies the examples of the contract (as the server signs them)', () => {
    expect(WEBHOOK_EXAMPLE_SIGNING.secret).toBe(SECRET);
    for (const { envelope, payload } of Object.values(WEBHOOK_EXAMPLES)) {
      const event = verifyWebhook({ body: raw(envelope), secret: SECRET, now: () => WEBHOOK_EXAMPLE_SIGNING.t * 1000 });
      expect(event.payload).toEqual(payload);
    }
  });

  it('returns a typed payment event from a raw string, a Buffer or the parsed envelope', () => {
    const envelope = signed();
    for (const body of [raw(envelope), Buffer.from(raw(envelope)), new TextEncoder().encode(raw(envelope)), envelope]) {
      expect(verifyWebhook({ body, secret: SECRET, now: () => NOW })).toEqual({ type: 'payment', payload: payment, timestamp: T });
    }
  });

  it('tells a refund event by its schema', () => {
    const event = verifyWebhook({ body: raw(signed({ payload: refund })), secret: SECRET, now: () => NOW });
    expect(event.type).toBe('refund');
    if (event.type === 'refund') expect(event.payload.id).toBe(refund.id);
  });

  it.each([
    [-299, undefined],
    [299, undefined],
    [300, undefined],
    [301, 'timestamp_too_old'],
    [-301, 'timestamp_in_future'],
  ] as const)('a webhook %i s old (negative: ahead) -> %s', (ageSec, reason) => {
    const body = raw(signed({ timestamp: T - ageSec }));
    expect(reasonOf(() => verifyWebhook({ body, secret: SECRET, now: () => NOW }))).toBe(reason);
  });

  it('uses the given tolerance, absolute in both directions', () => {
    const body = raw(signed({ timestamp: T - 11 }));
    expect(reasonOf(() => verifyWebhook({ body, secret: SECRET, toleranceSec: 10, now: () => NOW }))).toBe('timestamp_too_old');
    expect(reasonOf(() => verifyWebhook({ body, secret: SECRET, toleranceSec: 10, now: () => (T - 22) * 1000 }))).toBe('timestamp_in_future');
  });

  it('refuses a timestamp with a leading zero (one spelling per signed value) and a clock that is not a number', () => {
    const envelope = signed();
    const padded = envelope.signature.replace(`t=${T}`, `t=0${T}`);
    expect(reasonOf(() => verifyWebhook({ body: raw({ ...envelope, signature: padded }), secret: SECRET, now: () => NOW }))).toBe('malformed_header');
    expect(() => verifyWebhook({ body: raw(envelope), secret: SECRET, now: () => Number.NaN })).toThrow(/`now` must return milliseconds/);
    expect(() => verifyWebhook({ body: raw(envelope), secret: SECRET, now: (() => undefined) as never })).toThrow(TypeError);
  });

  it('fails when the data was changed', () => {
    const envelope = signed();
    const other = signed({ payload: { ...payment, amount_received: '999' } });
    expect(reasonOf(() => verifyWebhook({ body: raw({ signature: envelope.signature, data: other.data }), secret: SECRET, now: () => NOW }))).toBe('bad_signature');
  });

  it('fails when the timestamp was changed', () => {
    const envelope = signed();
    const signature = envelope.signature.replace(`t=${T}`, `t=${T + 1}`);
    expect(reasonOf(() => verifyWebhook({ body: raw({ ...envelope, signature }), secret: SECRET, now: () => NOW }))).toBe('bad_signature');
  });

  it('fails when the base64 was tampered with (one character)', () => {
    const envelope = signed();
    const i = 20;
    const data = envelope.data.slice(0, i) + (envelope.data[i] === 'A' ? 'B' : 'A') + envelope.data.slice(i + 1);
    expect(reasonOf(() => verifyWebhook({ body: raw({ ...envelope, data }), secret: SECRET, now: () => NOW }))).toBe('bad_signature');
  });

  it('fails with the wrong secret, naming the likely causes', () => {
    expect(() => verifyWebhook({ body: raw(signed()), secret: 'other', now: () => NOW })).toThrow(/signing secret.*raw body/);
  });

  it('accepts one good s1 among several (header rotation)', () => {
    const envelope = signed({ secret: ['old-secret', SECRET, 'next-secret'] });
    expect(envelope.signature.match(/s1=/g)).toHaveLength(3);
    expect(verifyWebhook({ body: raw(envelope), secret: SECRET, now: () => NOW }).type).toBe('payment');
  });

  it('accepts any one of several secrets (receiver rotation)', () => {
    const body = raw(signed());
    expect(verifyWebhook({ body, secret: ['new-secret', SECRET], now: () => NOW }).type).toBe('payment');
    expect(reasonOf(() => verifyWebhook({ body, secret: ['a', 'b'], now: () => NOW }))).toBe('bad_signature');
  });

  it.each([
    ['s1 before t', (e: { signature: string }) => e.signature.split(',').reverse().join(',')],
    ['no s1', () => `t=${T}`],
    ['upper-case hex', (e: { signature: string }) => e.signature.toUpperCase()],
    ['short signature', (e: { signature: string }) => e.signature.slice(0, -2)],
    ['v1 scheme', (e: { signature: string }) => e.signature.replace('s1=', 'v1=')],
    ['empty', () => ''],
  ])('a malformed header (%s) fails', (_name, mangle) => {
    const envelope = signed();
    expect(reasonOf(() => verifyWebhook({ body: raw({ ...envelope, signature: mangle(envelope) }), secret: SECRET, now: () => NOW }))).toBe('malformed_header');
  });

  it('fails on signed data that is not base64 JSON', () => {
    const sign = (data: string) => ({ data, signature: `t=${T},s1=${createHmac('sha256', SECRET).update(`${T}.${data}`).digest('hex')}` });
    for (const data of ['not base64!', Buffer.from('{"json": no}').toString('base64'), Buffer.from([0xff, 0xfe, 0x7b]).toString('base64')]) {
      expect(reasonOf(() => verifyWebhook({ body: sign(data), secret: SECRET, now: () => NOW }))).toBe('undecodable_data');
    }
  });

  it('fails on a signed payload that matches neither schema, listing the fields', () => {
    const body = raw(signed({ payload: { ...payment, transaction_status: 'nonsense', amount_due: 5 } }));
    let error: WebhookVerificationError | undefined;
    try {
      verifyWebhook({ body, secret: SECRET, now: () => NOW });
    } catch (e) {
      error = e as WebhookVerificationError;
    }
    expect(error?.reason).toBe('payload_invalid');
    expect(error?.message).toMatch(/payment webhook payload.*amount_due.*transaction_status|transaction_status.*amount_due/);
    expect(error?.issues?.length).toBeGreaterThan(0);
    const badRefund = raw(signed({ payload: { ...refund, sandbox_mode: 'yes' } }));
    expect(() => verifyWebhook({ body: badRefund, secret: SECRET, now: () => NOW })).toThrow(/refund webhook payload.*sandbox_mode/);
  });

  it.each([
    [undefined, 'no_body'],
    ['', 'no_body'],
    [Buffer.alloc(0), 'no_body'],
    ['not json', 'malformed_body'],
    [{ payment_id: 1 }, 'malformed_body'],
    [JSON.stringify({ data: 'e30=' }), 'malformed_header'],
  ] as const)('body %j -> %s', (body, reason) => {
    expect(reasonOf(() => verifyWebhook({ body: body as never, secret: SECRET, now: () => NOW }))).toBe(reason);
  });

  it('says "did you pass the raw body?" when the body is a parsed payload', () => {
    expect(() => verifyWebhook({ body: payment as never, secret: SECRET })).toThrow(/Did you pass the raw body/);
  });

  it('refuses a missing secret or a negative tolerance outright', () => {
    expect(() => verifyWebhook({ body: raw(signed()), secret: '' })).toThrow(TypeError);
    expect(() => verifyWebhook({ body: raw(signed()), secret: [] })).toThrow(TypeError);
    expect(() => verifyWebhook({ body: raw(signed()), secret: SECRET, toleranceSec: -1 })).toThrow(RangeError);
  });

  it('uses the real clock by default', () => {
    const envelope = signWebhook({ payload: payment, secret: SECRET });
    expect(verifyWebhook({ body: envelope, secret: SECRET }).type).toBe('payment');
  });
});

describe('WebhookVerificationError', () => {
  it('carries its reason and optional details', () => {
    const e = new WebhookVerificationError('timestamp_too_old', 'old', { timestamp: 5 });
    expect(e).toBeInstanceOf(Error);
    expect(e).toMatchObject({ name: 'WebhookVerificationError', reason: 'timestamp_too_old', message: 'old', timestamp: 5 });
    expect(new WebhookVerificationError('bad_signature', 'x')).not.toHaveProperty('issues');
  });

  it('lists every reason once', () => {
    expect(new Set(WEBHOOK_FAILURE_REASONS).size).toBe(8);
  });
});

describe('verifyWebhook: form-encoded bodies (decision M-webhook-form)', () => {
  // Built by hand, as a PHP or Rack sender would, not with the module under test.
  const form = (e: { signature: string; data: string }) => `signature=${encodeURIComponent(e.signature)}&data=${encodeURIComponent(e.data)}`;
  // A payload whose base64 holds `+` and `/`, the characters a form encoding must escape.
  const tricky = { ...payment, external_id: 'order-~~~???' };

  it('reads signature and data from a raw form body, by Content-Type or by its first character', () => {
    const envelope = signed({ payload: tricky });
    expect(envelope.data).toMatch(/\+.*\/|\/.*\+/);
    const want = { type: 'payment', payload: tricky, timestamp: T };
    for (const contentType of ['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded; charset=UTF-8', undefined]) {
      expect(verifyWebhook({ body: form(envelope), contentType, secret: SECRET, now: () => NOW })).toEqual(want);
      expect(verifyWebhook({ body: new TextEncoder().encode(form(envelope)), contentType, secret: SECRET, now: () => NOW })).toEqual(want);
    }
    // Field order and extra fields do not matter.
    const reordered = `merchant_id=7&data=${encodeURIComponent(envelope.data)}&signature=${encodeURIComponent(envelope.signature)}`;
    expect(verifyWebhook({ body: reordered, secret: SECRET, now: () => NOW })).toEqual(want);
  });

  it('fails on a form with a field missing or repeated, and on data re-encoded by the receiver', () => {
    const e = signed({ payload: tricky });
    const check = (body: string) => reasonOf(() => verifyWebhook({ body, contentType: 'application/x-www-form-urlencoded', secret: SECRET, now: () => NOW }));
    expect(check(`signature=${encodeURIComponent(e.signature)}`)).toBe('malformed_body');
    expect(check(`data=${encodeURIComponent(e.data)}`)).toBe('malformed_body');
    expect(check(`${form(e)}&data=${encodeURIComponent(e.data)}`)).toBe('malformed_body');
    // `+` left unescaped becomes a space in every form parser: the signature no longer matches.
    expect(check(`signature=${encodeURIComponent(e.signature)}&data=${e.data}`)).toBe('bad_signature');
    // The same bytes declared as JSON are not JSON.
    expect(reasonOf(() => verifyWebhook({ body: form(e), contentType: 'application/json', secret: SECRET, now: () => NOW }))).toBe('malformed_body');
  });
});
