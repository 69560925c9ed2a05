// One module reads references: contracts/shared/openapi-walk.ts splits and unescapes JSON
// pointers and follows `$ref`s, for the server, the runner, the diff, the pipeline, the tools and
// the tests alike. Everything else asks it. Writing a `$ref` (`{ $ref: '#/components/...' }`,
// rewriteRefs) is free; reading one is allowed only where the file says why below, and never to
// follow it by hand: no string surgery on a `$ref` read, no component looked up by a name cut out
// of a reference, no pointer token unescaped or escaped by hand.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const DIRS = ['contracts', 'client', 'server', 'scripts', 'tools', 'bin', 'test', 'packages'];
const READER = 'contracts/shared/openapi-walk.ts';
/** This file: its rules and the examples they are tried on spell what they forbid. */
const SELF = 'test/one-reader.test.ts';

/** Files that read a `$ref` without following it, and why. */
const READS_REF: Record<string, string> = {
  'contracts/shared/openapi-walk.test.ts': "the reader's own tests: what it resolves and rewrites",
  'tools/contract/tenants.ts': 'records the component a response record is an instance of (its name for the report); resolveRef follows it',
  'test/generators/validate.ts': "names the component schema a generator's error schema is called after",
  'contracts/exchange/exchange.test.ts': 'asserts which component a schema refers to',
  'contracts/merchant/merchant.resources.test.ts': 'asserts which component an error response refers to',
  'scripts/pipeline/document-rules.test.ts': 'asserts that every error response is a reference to components/responses',
};

/** A property read of `$ref` (`x.$ref`, `x?.$ref`, `x['$ref']`). */
const REF_READ = /\.\$ref\b|\[\s*['"`]\$ref['"`]\s*\]/;
/** What following a reference by hand looks like. */
const HAND_FOLLOWING: [string, RegExp][] = [
  ['string surgery on a $ref read', /(?:\.\$ref\b|\[\s*['"`]\$ref['"`]\s*\])\)?\.(?:split|slice|replace|replaceAll|substring|substr|lastIndexOf|indexOf|match)\(/],
  ['a reference prefix cut off to look up a name', /\.(?:replace|replaceAll)\(\s*['"`]#\/[^'"`]*['"`]\s*,\s*['"`]['"`]\s*\)|\.slice\(\s*['"`]#\/[^'"`]*['"`]\.length\s*\)/],
  ['a pointer split by hand', /\.slice\(\s*[12]\s*\)\s*\.split\(\s*['"`]\/['"`]\s*\)/],
  ['a pointer token unescaped or escaped by hand', /\.(?:replace|replaceAll)\(\s*(?:\/~[01]\/g?|['"`]~[01]?['"`])\s*,|\.(?:replace|replaceAll)\(\s*(?:\/\\?\/\/g|\/~\/g|['"`]\/['"`]|['"`]~['"`])\s*,\s*['"`]~[01]['"`]\s*\)/],
];

function files(): string[] {
  return DIRS.flatMap((dir) =>
    readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && /\.(?:ts|mts|js|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts'))
      .map((e) => relative(ROOT, join(e.parentPath, e.name)).split(sep).join('/'))
      .filter((f) => !/(^|\/)(node_modules|dist)\//.test(f)),
  ).sort();
}

/** Each rule broken by `text`, with the line. */
function handFollowing(text: string): string[] {
  return text.split('\n').flatMap((line, i) => HAND_FOLLOWING.filter(([, re]) => re.test(line)).map(([rule]) => `${i + 1}: ${rule}: ${line.trim()}`));
}

describe('one reader of references', () => {
  const all = files().filter((f) => f !== READER && f !== SELF);

  it('scans the source, the tools and the tests', () => {
    expect(all.length).toBeGreaterThan(500);
    for (const f of ['server/validation/scalar-coercion.ts', 'tools/diff/schema.ts', 'tools/contract/links.ts', 'contracts/partner/partner.test.ts', 'test/amount-bounds.test.ts']) expect(all).toContain(f);
  });

  it('no file but the reader follows a $ref or splits a pointer by hand', () => {
    const found = all.flatMap((f) => handFollowing(readFileSync(join(ROOT, f), 'utf8')).map((v) => `${f}:${v}`));
    expect(found).toEqual([]);
  });

  it('a file reads a $ref only where it says why, and each one listed still does', () => {
    const readers = all.filter((f) => REF_READ.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(readers.sort()).toEqual(Object.keys(READS_REF).sort());
  });

  it('the rules catch the hand-written walkers they replaced, and let writes through', () => {
    const replaced = [
      "  if (schema.$ref) return resolve(doc.components.schemas[String(schema.$ref).replace('#/components/schemas/', '')]);",
      "const deref = (s: Schema): Schema => (s.$ref ? deref(schemas[s.$ref.split('/').pop()!]!) : s);",
      "  while (isRecord(n) && typeof n.$ref === 'string') n = n.$ref.slice(2).split('/').reduce((o, k) => o?.[k], doc);",
      "  const resolve = (r: string): unknown => r.slice(2).split('/').reduce((o: Json, k) => o?.[k], doc);",
      "    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');",
      "const ref = doc.webhooks[hook].post.requestBody.content['application/json'].schema.$ref.split('/').pop();",
      "const ptr = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');",
      "  if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#/$defs/')) return resolve(csvRow.$defs[x.slice('#/$defs/'.length)]);",
    ];
    for (const line of replaced) expect(handFollowing(line), line).not.toEqual([]);
    const writes = [
      "      responses[status] = { $ref: `#/components/responses/${spec.component}` };",
      "const rebaseRefs = (node: unknown) => rewriteRefs(node, (ref) => ref.replace('#/components/schemas/', '#/$defs/'));",
      "  const target = resolveRef(doc, schema);",
    ];
    for (const line of writes) expect(handFollowing(line), line).toEqual([]);
    expect(REF_READ.test(writes[0]!)).toBe(false);
  });
});
