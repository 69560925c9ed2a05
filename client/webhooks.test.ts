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
    expect(new WebhookVerificationError('bad_signature', 'x')).not.toHaveProperty('timestamp');
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

describe('verifyWebhook: each refusal says what is wrong, exactly', () => {
  const now = () => NOW;
  const hmacOf = (t: number, data: string) => createHmac('sha256', SECRET).update(`${t}.${data}`).digest('hex');
  /** An envelope over `data` exactly as given, signed by hand (not by the module under test). */
  const signedData = (data: string) => ({ data, signature: `t=${T},s1=${hmacOf(T, data)}` });
  const b64 = (text: string | Uint8Array) => Buffer.from(text).toString('base64');
  function failureOf(options: Parameters<typeof verifyWebhook>[0]) {
    try {
      verifyWebhook(options);
    } catch (e) {
      if (!(e instanceof WebhookVerificationError)) throw e;
      return { reason: e.reason, message: e.message, ...(e.timestamp === undefined ? {} : { timestamp: e.timestamp }) };
    }
    return undefined;
  }
  const RAW_BODY = 'No webhook body: pass the raw request body (e.g. express.raw({ type: "application/json" })) or the parsed {signature, data}.';
  const NO_DATA = 'The webhook body has no string `data`: expected the envelope {signature, data}. Did you pass the raw body (not an already parsed payload)?';

  it('no body: null and values that are neither text, bytes nor an envelope, as well as undefined', () => {
    for (const body of [undefined, null, 42, true]) {
      expect(failureOf({ body: body as never, secret: SECRET, now })).toEqual({ reason: 'no_body', message: RAW_BODY });
    }
    for (const body of ['', '  \n\t ', new Uint8Array(0)]) {
      expect(failureOf({ body, secret: SECRET, now })).toEqual({
        reason: 'no_body',
        message: 'The webhook body is empty: did you pass the raw body before a parser consumed the stream?',
      });
    }
  });

  it('a body that is not the envelope', () => {
    expect(failureOf({ body: '{"data": ', secret: SECRET, now })).toEqual({ reason: 'malformed_body', message: 'The webhook body is not JSON: did you pass the raw body, unmodified?' });
    for (const body of ['null', '[]', '"text"', '{"signature":"t=1,s1=00"}']) {
      expect(failureOf({ body, contentType: 'application/json', secret: SECRET, now })).toEqual({ reason: 'malformed_body', message: NO_DATA });
    }
    expect(failureOf({ body: '{"data":"e30="}', secret: SECRET, now })).toEqual({
      reason: 'malformed_header',
      message: 'The webhook envelope has no string `signature` ("t=<unix seconds>,s1=<hex>").',
    });
    expect(failureOf({ body: 'data=e30%3D', contentType: 'application/x-www-form-urlencoded', secret: SECRET, now })).toEqual({
      reason: 'malformed_body',
      message: 'The form-encoded webhook body has no `signature` field: expected the fields signature and data. Did you pass the raw body, unmodified?',
    });
  });

  it('reads a JSON body with leading white space as JSON, without a Content-Type', () => {
    const envelope = signed();
    expect(verifyWebhook({ body: `\n  ${raw(envelope)}`, secret: SECRET, now })).toEqual({ type: 'payment', payload: payment, timestamp: T });
  });

  it('a malformed signature, quoted up to 100 characters', () => {
    const signature = `t=${T},s1=${'z'.repeat(120)}`;
    expect(failureOf({ body: { signature, data: 'e30=' }, secret: SECRET, now })).toEqual({
      reason: 'malformed_header',
      message: `The signature ${JSON.stringify(signature.slice(0, 100))} is not of the form "t=<unix seconds>,s1=<64 lower-case hex>[,s1=...]": is this a webhook of this API?`,
    });
  });

  it('a timestamp outside the tolerance, with the signed timestamp and the age in the message', () => {
    expect(failureOf({ body: raw(signed({ timestamp: T - 301 })), secret: SECRET, now })).toEqual({
      reason: 'timestamp_too_old',
      message: "The timestamp is 301 s old, more than the tolerance of 300 s: a replayed webhook, or check this machine's clock.",
      timestamp: T - 301,
    });
    expect(failureOf({ body: raw(signed({ timestamp: T + 301 })), secret: SECRET, now })).toEqual({
      reason: 'timestamp_in_future',
      message: "The timestamp is 301 s ahead of this clock, more than the tolerance of 300 s: check this machine's clock.",
      timestamp: T + 301,
    });
  });

  it('accepts a webhook exactly at the tolerance ahead, and a tolerance of 0 for one signed this second', () => {
    expect(failureOf({ body: raw(signed({ timestamp: T + 300 })), secret: SECRET, now })).toBeUndefined();
    expect(failureOf({ body: raw(signed()), secret: SECRET, toleranceSec: 0, now })).toBeUndefined();
    expect(failureOf({ body: raw(signed({ timestamp: T - 1 })), secret: SECRET, toleranceSec: 0, now })?.reason).toBe('timestamp_too_old');
  });

  it('data that is not base64, or not UTF-8 JSON (invalid UTF-8 inside a JSON string included)', () => {
    expect(failureOf({ body: signedData('not base64!'), secret: SECRET, now })).toEqual({
      reason: 'undecodable_data',
      message: '`data` is not valid base64: it must be passed exactly as received.',
    });
    const invalidUtf8InString = new Uint8Array([...Buffer.from('{"x":"'), 0xff, ...Buffer.from('"}')]);
    for (const data of [b64('{"json": no}'), b64(invalidUtf8InString)]) {
      expect(failureOf({ body: signedData(data), secret: SECRET, now })).toEqual({ reason: 'undecodable_data', message: '`data` decodes from base64 but is not UTF-8 JSON.' });
    }
  });

  it('a payload of neither schema: checked against the one it looks meant for, issues listed (five at most)', () => {
    const invalid = (payload: unknown) => failureOf({ body: signedData(b64(JSON.stringify(payload))), secret: SECRET, now });
    // Not an object at all: a payment payload's root issue.
    for (const payload of [null, 'text', 7]) {
      expect(invalid(payload)?.message).toMatch(/^The signed payload is not a payment webhook payload of this API version: \(root\): /);
    }
    // `id` without `transaction_id`: meant as a refund; with both, a payment.
    expect(invalid({ id: 5 })?.message).toMatch(/^The signed payload is not a refund webhook payload of this API version: /);
    expect(invalid({ id: 5, transaction_id: 'x' })?.message).toMatch(/^The signed payload is not a payment webhook payload of this API version: /);
    // Every issue is `path: message`, nested paths dotted, joined by "; ", the first five only.
    const [tx] = payment.blockchain_transactions;
    expect(invalid({ ...payment, blockchain_transactions: [{ ...tx, txid: 5 }] })?.message).toBe(
      'The signed payload is not a payment webhook payload of this API version: blockchain_transactions.0.txid: Invalid input: expected string, received number',
    );
    const six = invalid({ ...payment, amount_due: 1, amount_received: 1, exchange_rate: 1, invoice_number: 1, txid: 1, external_id: 1 });
    expect(six?.message).toBe(
      'The signed payload is not a payment webhook payload of this API version: ' +
        ['external_id', 'amount_due', 'amount_received', 'exchange_rate', 'invoice_number'].map((f) => `${f}: Invalid input: expected string, received number`).join('; '),
    );
  });

  it('the secret and the tolerance checks name what is wrong', () => {
    for (const secret of ['', [], [SECRET, ''], [SECRET, 42 as never]] as const) {
      expect(() => verifyWebhook({ body: raw(signed()), secret, now })).toThrow(
        new TypeError('verifyWebhook: secret must be a non-empty string (or a list of them); sandbox: demo-signing-secret'),
      );
    }
    expect(() => verifyWebhook({ body: raw(signed()), secret: SECRET, toleranceSec: -1, now })).toThrow(new RangeError('verifyWebhook: toleranceSec must be >= 0, got -1'));
  });
});
