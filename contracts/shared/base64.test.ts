import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, utf8ToBase64 } from './base64.ts';

const fromNode = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('utf8ToBase64', () => {
  it.each(['', 'demo-merchant:demo-merchant-secret', 'ключ:пароль', 'emoji:🚀', 'a', 'ab', 'abc'])('%j as Buffer encodes it', (text) => {
    expect(utf8ToBase64(text)).toBe(fromNode(text));
  });

  it('encodes large inputs (chunked) as Buffer does', () => {
    const bytes = new Uint8Array(100_000).map((_, i) => (i * 31) & 0xff);
    expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
  });
});

describe('base64ToBytes', () => {
  it('decodes canonical base64', () => {
    expect(new TextDecoder().decode(base64ToBytes(fromNode('{"a":"ü"}')))).toBe('{"a":"ü"}');
    expect(base64ToBytes('')).toEqual(new Uint8Array());
  });

  it.each([
    ['missing padding', 'YQ'],
    ['stray character', 'YW*j'],
    ['whitespace', 'YW Jj'],
    ['non-zero unused bits', 'YR=='],
    ['not base64 at all', '%%%'],
  ])('refuses %s (%j)', (_why, data) => {
    expect(base64ToBytes(data)).toBeUndefined();
  });
});
