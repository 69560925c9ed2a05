import { fullFormats } from 'ajv-formats/dist/formats.js';
import { describe, expect, it } from 'vitest';
import { EMAIL_REGEX } from './primitives.ts';

describe('the one e-mail rule', () => {
  it('is exactly the regular expression ajv-formats checks `format: email` with in full mode', () => {
    const ajv = fullFormats.email as RegExp;
    expect([EMAIL_REGEX.source, EMAIL_REGEX.flags]).toEqual([ajv.source, ajv.flags]);
  });

  it.each(['a+b{c}@x.dev', 'fm*bm&r{2j@research.m.dev', 'Jane.Doe@Example.COM'])('accepts %s', (address) => {
    expect(EMAIL_REGEX.test(address)).toBe(true);
  });

  it.each(['a@b', 'a..b@x.dev', '@x.dev', 'a@-x.dev', 'a b@x.dev'])('refuses %s', (address) => {
    expect(EMAIL_REGEX.test(address)).toBe(false);
  });
});
