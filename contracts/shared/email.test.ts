import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, EMAIL_REGEX } from './primitives.ts';

/** A fixed seed in CI (reproducible), a random one elsewhere (fast-check prints it on failure). */
const seed = process.env.CI ? { seed: 27 } : {};

describe('the one e-mail rule', () => {
  it('is exactly the regular expression ajv-formats checks `format: email` with in full mode', () => {
    const ajv = fullFormats.email as RegExp;
    expect([EMAIL_REGEX.source, EMAIL_REGEX.flags]).toEqual([ajv.source, ajv.flags]);
  });

  it.each(['a+b{c}@x.dev', 'fm*bm&r{2j@research.m.dev', 'Jane.Doe@Example.COM', "o'hara@EXAMPLE.com", '#!$%&*+-/=?^_`{}|~@x.io'])('accepts %s', (address) => {
    expect(EMAIL_REGEX.test(address)).toBe(true);
    expect(new RegExp(EMAIL_PATTERN, 'u').test(address)).toBe(true);
  });

  it.each(['a@b', 'a..b@x.dev', '@x.dev', 'a@-x.dev', 'a b@x.dev', '"a b"@x.dev', 'a@[127.0.0.1]', 'a@x_y.dev', 'jané@x.dev'])('refuses %s', (address) => {
    expect(EMAIL_REGEX.test(address)).toBe(false);
    expect(new RegExp(EMAIL_PATTERN, 'u').test(address)).toBe(false);
  });

  it('the document pattern (no flags, as JSON Schema and Ajv read it) accepts exactly what `format: email` accepts', () => {
    const ajv = new Ajv2020({ strict: false });
    const byPattern = ajv.compile({ type: 'string', pattern: EMAIL_PATTERN });
    // Addresses near the rule's edges: letters of both cases, every allowed symbol, and characters
    // the rule refuses (space, quotes, brackets, `_` and `.` in odd places, non-ASCII).
    const char = fc.constantFrom(...'aZz09.-_@!#$%&\'*+/=?^`{|}~ "[]()é\u212a'.split(''));
    const address = fc.oneof(
      fc.string({ unit: char, maxLength: 30 }),
      fc.tuple(fc.string({ unit: char, minLength: 1, maxLength: 10 }), fc.string({ unit: char, minLength: 1, maxLength: 12 })).map(([l, d]) => `${l}@${d}`),
    );
    fc.assert(fc.property(address, (a) => byPattern(a) === EMAIL_REGEX.test(a)), { numRuns: 5000, ...seed });
  });

  it('is the only e-mail rule of every published document: each e-mail field has EMAIL_PATTERN and none has format: email', () => {
    for (const api of ['exchange', 'merchant', 'partner', 'sandbox']) {
      const text = readFileSync(new URL(`../../generated/openapi/${api}.json`, import.meta.url), 'utf8');
      expect(text, api).not.toContain('"format": "email"');
      const patterns = [...text.matchAll(/"pattern": ("(?:[^"\\]|\\.)*")/g)].map((m) => JSON.parse(m[1]!) as string).filter((p) => p.includes('@'));
      expect(new Set(patterns), api).toEqual(new Set(api === 'exchange' ? [] : [EMAIL_PATTERN]));
    }
  });
});
