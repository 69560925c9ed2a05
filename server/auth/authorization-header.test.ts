import { describe, expect, it } from 'vitest';
import { parseAuthorization } from './authorization-header.ts';

const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('parseAuthorization', () => {
  it.each([
    [undefined, { scheme: 'missing' }],
    ['  ', { scheme: 'missing' }],
    ['Bearer abc', { scheme: 'bearer', token: 'abc' }],
    ['bearer abc', { scheme: 'bearer', token: 'abc' }],
    [`Basic ${b64('key:secret')}`, { scheme: 'basic', key: 'key', secret: 'secret' }],
    [`Basic ${b64('key:sec:ret')}`, { scheme: 'basic', key: 'key', secret: 'sec:ret' }],
    [`Basic ${b64('key:')}`, { scheme: 'basic', key: 'key', secret: '' }],
    [`Basic ${b64(':secret')}`, { scheme: 'basic', key: '', secret: 'secret' }], // RFC 7617 allows an empty user-id; the verifier refuses it as unknown
    ['Bearer  \tabc ', { scheme: 'bearer', token: 'abc' }], // RFC 7235: one or more spaces after the scheme
    [`Basic ${b64('nocolon')}`, { scheme: 'invalid', reason: 'Basic credentials must be base64 of "key:secret"' }],
    ['Basic ***', { scheme: 'invalid', reason: 'Basic credentials are not base64' }],
    ['Bearer', { scheme: 'invalid', reason: 'expected "<scheme> <credentials>"' }],
    ['Bearer a b', { scheme: 'invalid', reason: 'expected "<scheme> <credentials>"' }],
    ['Digest x', { scheme: 'invalid', reason: 'unsupported scheme "Digest"' }],
  ])('%s', (header, want) => {
    expect(parseAuthorization(header)).toEqual(want);
  });
});
