// M3 signing: a fixed vector (computed with `openssl dgst -sha256 -hmac`), cross-checked in the
// test with crypto.createHmac, and the header format both ways.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  encodeWebhookData, formatSignatureHeader, parseSignatureHeader, signWebhookEnvelope, signaturesEqual, webhookSignature,
} from './webhook-signature.ts';

const SECRET = 'demo-signing-secret';
const T = 1767225600;
const DATA = 'eyJoZWxsbyI6IndvcmxkIn0='; // base64 of {"hello":"world"}
const VECTOR = '650b6b7db501db027d00776c4ec04e3a12e5a8f54b1d400baadd3a69deedc97a';

describe('webhookSignature', () => {
  it('matches the fixed vector and an independent HMAC of `<t>.<data>`', () => {
    const independent = createHmac('sha256', SECRET).update(`${T}.${DATA}`, 'utf8').digest('hex');
    expect(independent).toBe(VECTOR);
    expect(webhookSignature(SECRET, T, DATA)).toBe(VECTOR);
  });
  it('signs data as received (still base64), so another secret, time or data gives another signature', () => {
    expect(webhookSignature('other', T, DATA)).not.toBe(VECTOR);
    expect(webhookSignature(SECRET, T + 1, DATA)).not.toBe(VECTOR);
    expect(webhookSignature(SECRET, T, '{"hello":"world"}')).not.toBe(VECTOR);
  });
});

describe('signature header', () => {
  it('formats and parses `t=<t>,s1=<hex>` with one or several s1', () => {
    expect(formatSignatureHeader(T, [VECTOR])).toBe(`t=${T},s1=${VECTOR}`);
    expect(parseSignatureHeader(`t=${T},s1=${VECTOR}`)).toEqual({ t: T, s1: [VECTOR] });
    const two = formatSignatureHeader(T, [VECTOR, 'a'.repeat(64)]);
    expect(parseSignatureHeader(two)).toEqual({ t: T, s1: [VECTOR, 'a'.repeat(64)] });
  });
  it.each([
    ['', 'empty'],
    [`s1=${VECTOR},t=${T}`, 'wrong order'],
    [`t=${T}`, 'no s1'],
    [`t=abc,s1=${VECTOR}`, 'non-numeric t'],
    [`t=${T},s1=${VECTOR.toUpperCase()}`, 'upper-case hex'],
    [`t=${T},s1=${VECTOR.slice(1)}`, 'short hex'],
    [`t=${T}, s1=${VECTOR}`, 'space'],
    [`t=${T},s0=${VECTOR}`, 'unknown scheme'],
    [`t=99999999999999999999,s1=${VECTOR}`, 'timestamp beyond a safe integer'],
  ])('rejects %j (%s) with null', (header) => expect(parseSignatureHeader(header)).toBeNull());
  it('refuses to format what it could not parse', () => {
    expect(() => formatSignatureHeader(T, [])).toThrow(/at least one/);
    expect(() => formatSignatureHeader(-1, [VECTOR])).toThrow(/non-negative/);
    expect(() => formatSignatureHeader(T, ['xyz'])).toThrow(/64 lower-case hex/);
  });
});

describe('envelopes', () => {
  it('encodes the payload as base64 JSON and signs it', () => {
    expect(encodeWebhookData({ hello: 'world' })).toBe(DATA);
    expect(signWebhookEnvelope(SECRET, { hello: 'world' }, T)).toEqual({ signature: `t=${T},s1=${VECTOR}`, data: DATA });
  });
  it('compares signatures in constant time, false on any difference', () => {
    expect(signaturesEqual(VECTOR, VECTOR)).toBe(true);
    expect(signaturesEqual(VECTOR, `${VECTOR.slice(0, 63)}0`)).toBe(false);
    expect(signaturesEqual(VECTOR, VECTOR.slice(1))).toBe(false);
  });
});

describe('formatSignatureHeader at the epoch', () => {
  it('takes timestamp 0 (non-negative) and refuses -1', () => {
    expect(formatSignatureHeader(0, [VECTOR])).toBe(`t=0,s1=${VECTOR}`);
    expect(() => formatSignatureHeader(-1, [VECTOR])).toThrow(RangeError);
  });
});
