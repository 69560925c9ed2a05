// JSON Schema -> fast-check arbitrary, for the subset our documents use: types, enum/const,
// pattern, format, length and range limits, required/optional properties, allOf (merged), anyOf
// of `required` sets (each branch merged into the object), oneOf with or without a discriminator,
// and `not: {}` (the property must be absent). Values shrink with fast-check.
import fc from 'fast-check';
import type { JsonSchema, OpenApiDocument } from './document.ts';
import { flatten, mergeSchemas, typeOf } from './schemas.ts';

export interface ArbitraryContext {
  doc: OpenApiDocument;
  /** Replaces the generator at a dotted path (`id`, `orders.price`); undefined keeps the schema's. */
  override?: (path: string, schema: JsonSchema) => fc.Arbitrary<unknown> | undefined;
}

/** The decimal patterns of the documents: `^[0-9]+…` and the exchange's `^[0-9]{1,24}…`. */
const DECIMAL = /^\^\[0-9\](?:\+|\{1,(\d+)\})\(\\\.\[0-9\]\+\)\?\$$/;
const MAX_ARRAY = 4;

/** An arbitrary of values valid against `schema` (callers re-check with Ajv: formats are approximated). */
export function arbitraryFor(schema: JsonSchema, ctx: ArbitraryContext, path = ''): fc.Arbitrary<unknown> {
  const s = flatten(ctx.doc, schema);
  const custom = ctx.override?.(path, s);
  if (custom) return custom;
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  if (Array.isArray(s.oneOf)) return fc.oneof(...(s.oneOf as JsonSchema[]).map((b) => arbitraryFor(mergeBranch(ctx.doc, s, b, 'oneOf'), ctx, path)));
  if (Array.isArray(s.anyOf)) return fc.oneof(...(s.anyOf as JsonSchema[]).map((b) => arbitraryFor(mergeBranch(ctx.doc, s, b, 'anyOf'), ctx, path)));
  if (Array.isArray(s.type)) return fc.oneof(...(s.type as string[]).map((t) => arbitraryFor({ ...s, type: t }, ctx, path)));
  switch (typeOf(s)) {
    case 'string':
      return stringArbitrary(s);
    case 'integer':
      return integerArbitrary(s);
    case 'number':
      return fc
        .double({ noNaN: true, noDefaultInfinity: true, ...numberBounds(s) })
        .map((n) => (Object.is(n, -0) ? 0 : n));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return arrayArbitrary(s, ctx, path);
    case 'object':
      return objectArbitrary(s, ctx, path);
    default:
      return fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean());
  }
}

/** A branch of oneOf/anyOf with the sibling keywords (properties, required) of its parent. */
function mergeBranch(doc: OpenApiDocument, parent: JsonSchema, branch: JsonSchema, keyword: 'oneOf' | 'anyOf'): JsonSchema {
  const { [keyword]: _drop, discriminator: _d, ...rest } = parent;
  return mergeSchemas(doc, rest, branch);
}

function objectArbitrary(s: JsonSchema, ctx: ArbitraryContext, path: string): fc.Arbitrary<unknown> {
  const props = (s.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((s.required as string[] | undefined) ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, sub] of Object.entries(props)) {
    // `not: {}` forbids the property (a market order has no price).
    if (isForbidden(sub)) continue;
    model[key] = arbitraryFor(sub, ctx, path ? `${path}.${key}` : key);
  }
  // A required key without a declared schema still has to be sent.
  for (const key of required) model[key] ??= fc.string({ minLength: 1, maxLength: 8 });
  const requiredKeys = [...required].filter((k) => k in model);
  const record = fc.record(model, { requiredKeys });
  const minProps = typeof s.minProperties === 'number' ? s.minProperties : 0;
  const sized = minProps > 0 ? record.filter((o) => Object.keys(o).length >= minProps) : record;
  return withExtraFields(sized, s, ctx, path);
}

/**
 * Fields a body does not declare, where its schema says which it takes (`propertyNames`, and for
 * their values `unevaluatedProperties`): one time in four, one or two of them, under names that
 * are valid but odd (a dot, a dash, a space, `=`, `&`, non-ASCII, a digit) and with values the schema
 * allows (a flat object, lists, the largest safe integer; any short string where it says nothing). A server refusing them enforces a rule
 * the document does not state (a signer that cannot sign them, a form parser refusing the name).
 */
const EXTRA_NAMES = ['x_extra', 'x-extra.v2', 'a b', 'a=b&c', 'ünï', '0', '$x', 'UPPER'];
function withExtraFields(record: fc.Arbitrary<Record<string, unknown>>, s: JsonSchema, ctx: ArbitraryContext, path: string): fc.Arbitrary<Record<string, unknown>> {
  if (typeof s.propertyNames !== 'object' || s.propertyNames === null || s.additionalProperties === false) return record;
  const names = (s.propertyNames as JsonSchema).pattern;
  const declared = (s.properties ?? {}) as Record<string, unknown>;
  const allowed = EXTRA_NAMES.filter((n) => !Object.hasOwn(declared, n) && (typeof names !== 'string' || new RegExp(names, 'u').test(n)));
  if (allowed.length === 0) return record;
  // Values every body form carries the same way (JSON, and Rack form fields): no null, no mixed lists.
  const values = typeof s.unevaluatedProperties === 'object' && s.unevaluatedProperties !== null
    ? fc.constantFrom<unknown>('v', 'a b&c=d', 'ünï', Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 0.5, true, { a: '1', b: 2 }, ['x', 'y'], [{ k: 'v' }, { k: 'w' }])
    : fc.string({ maxLength: 12 });
  const extras = fc.dictionary(fc.constantFrom(...allowed), values, { minKeys: 1, maxKeys: 2 });
  return fc.oneof({ weight: 3, arbitrary: record }, { weight: 1, arbitrary: fc.tuple(record, extras).map(([r, e]) => ({ ...e, ...r })) });
}

export const isForbidden = (s: JsonSchema): boolean =>
  typeof s.not === 'object' && s.not !== null && Object.keys(s.not).length === 0;

function arrayArbitrary(s: JsonSchema, ctx: ArbitraryContext, path: string): fc.Arbitrary<unknown> {
  const items = arbitraryFor((s.items ?? {}) as JsonSchema, ctx, path);
  const minLength = typeof s.minItems === 'number' ? s.minItems : 0;
  const maxLength = Math.min(typeof s.maxItems === 'number' ? s.maxItems : Infinity, minLength + MAX_ARRAY);
  const array = (min: number, max: number) =>
    s.uniqueItems === true ? fc.uniqueArray(items, { minLength: min, maxLength: max, selector: (v) => JSON.stringify(v) }) : fc.array(items, { minLength: min, maxLength: max });
  // Where no maxItems is stated, sometimes more items than a server would quietly cap (an undocumented limit).
  if (typeof s.maxItems === 'number') return array(minLength, maxLength);
  return fc.oneof({ weight: 9, arbitrary: array(minLength, maxLength) }, { weight: 1, arbitrary: array(Math.max(minLength, LONG_ARRAY), LONG_ARRAY + 5) });
}

/** More items than the round limits servers keep (100), for arrays whose schema states no maxItems. */
const LONG_ARRAY = 101;

/**
 * Integers within the schema's bounds; where it states none, also the large ones it allows
 * (2^31 to 2^53 and beyond): a server refusing them enforces a limit the document does not state.
 */
function integerArbitrary(s: JsonSchema): fc.Arbitrary<number> {
  const bounds = integerBounds(s);
  const small = fc.integer(bounds);
  const unbounded = typeof s.maximum !== 'number' && typeof s.exclusiveMaximum !== 'number';
  const edges = unbounded ? [2 ** 31, 2 ** 32 + 1, Number.MAX_SAFE_INTEGER, 2 ** 53, 2 ** 60].filter((n) => n >= bounds.min) : [];
  return edges.length === 0 ? small : fc.oneof({ weight: 9, arbitrary: small }, { weight: 1, arbitrary: fc.constantFrom(...edges) });
}

function integerBounds(s: JsonSchema): { min: number; max: number } {
  let min = typeof s.minimum === 'number' ? Math.ceil(s.minimum) : -(2 ** 31);
  let max = typeof s.maximum === 'number' ? Math.floor(s.maximum) : 2 ** 31 - 1;
  if (typeof s.exclusiveMinimum === 'number') min = Math.max(min, Math.floor(s.exclusiveMinimum) + 1);
  if (typeof s.exclusiveMaximum === 'number') max = Math.min(max, Math.ceil(s.exclusiveMaximum) - 1);
  return { min, max };
}

function numberBounds(s: JsonSchema): { min?: number; max?: number; minExcluded?: boolean; maxExcluded?: boolean } {
  return {
    ...(typeof s.minimum === 'number' ? { min: s.minimum } : {}),
    ...(typeof s.maximum === 'number' ? { max: s.maximum } : {}),
    ...(typeof s.exclusiveMinimum === 'number' ? { min: s.exclusiveMinimum, minExcluded: true } : {}),
    ...(typeof s.exclusiveMaximum === 'number' ? { max: s.exclusiveMaximum, maxExcluded: true } : {}),
  };
}

// Formats honoured with unusual but valid values (RFC 5322 dot-atoms, ports, percent-escapes,
// fractions of seconds, offsets, leap days), beside plain ones: a server stricter than the declared
// format refuses some, and positive_data_acceptance names it. Hosts stay reserved (RFC 2606/6761).
const MAIL_DOMAINS = ['example.com', 'example.org', 'mail.example.net', 'x.example'];
const plainEmail = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,9}(\.[a-z0-9]{1,6})?$/), fc.stringMatching(/^[a-z][a-z0-9-]{0,8}[a-z0-9]$/), fc.constantFrom('example.com', 'example.org', 'example.net'))
  .map(([local, host, domain]) => `${local}@${host}.${domain}`);
/** Every atext character RFC 5322 allows in a local part: `a+b{c}`, `o'neil`, `x|y~z`. */
const unusualEmail = fc
  .tuple(fc.stringMatching(/^[a-z0-9!#$%&'*+/=?^_`{|}~-]{1,8}(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]{1,6})?$/), fc.constantFrom(...MAIL_DOMAINS))
  .map(([local, domain]) => `${local}@${domain}`);
const email = fc.oneof(plainEmail, unusualEmail, fc.constantFrom('a+b{c}@x.example', "o'neil.x_y@mail.example.net"));

/** Seconds since 2015, any time of day; with fractions and offsets other than Z one time in two. */
const dateTime = fc
  .tuple(
    fc.integer({ min: Date.UTC(2015, 0, 1), max: Date.UTC(2035, 0, 1) }),
    fc.option(fc.integer({ min: 1, max: 999_999 }), { nil: undefined }),
    fc.constantFrom('Z', 'Z', '+00:00', '+05:30', '-08:00', '+14:00'),
  )
  .map(([ms, fraction, offset]) => {
    const base = new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19);
    return `${base}${fraction === undefined ? '' : `.${String(fraction).padStart(6, '0')}`}${offset}`;
  });
const leapDay = fc.constantFrom('2016-02-29', '2020-02-29', '2024-02-29', '2000-02-29', '2028-02-29');
const date = fc.oneof(dateTime.map((d) => d.slice(0, 10)), leapDay, fc.constantFrom('2024-12-31', '2025-01-01'));
const leapDayTime = fc.tuple(leapDay, fc.constantFrom('T23:59:59Z', 'T00:00:00.5+01:00')).map(([d, t]) => d + t);

/**
 * URLs under the reserved `.invalid` TLD only (RFC 6761: never resolves): a generated webhook or
 * callback URL must never make a deployment call a real host. Some carry a port, percent-escapes,
 * sub-delimiters, a query with several pairs or a fragment.
 */
const webUrl = (schemes: string[]) =>
  fc
    .tuple(
      fc.constantFrom(...schemes),
      fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/),
      fc.constantFrom('example.invalid', 'hooks.invalid', 'shop.invalid'),
      fc.option(fc.constantFrom(':8443', ':80', ':65535', ':1'), { nil: '' }),
      fc.oneof(fc.stringMatching(/^(\/[A-Za-z0-9._~-]{1,10}){0,3}$/), fc.constantFrom('/a%20b/%C3%A9t%C3%A9', "/p;v=1/x,y/(1)!$'*", '/%7Euser/')),
      fc.option(fc.oneof(fc.stringMatching(/^[a-z]{1,6}=[A-Za-z0-9]{0,8}$/), fc.constantFrom('a=1&b=%2F&c=', 'q=a+b&x%5B%5D=1')), { nil: undefined }),
      fc.option(fc.constantFrom('#top', '#/route?x=1'), { nil: '' }),
    )
    .map(([scheme, sub, domain, port, path, query, fragment]) => `${scheme}://${sub}.${domain}${port}${path}${query ? `?${query}` : ''}${fragment}`);

const httpsUrl = webUrl(['https']);

const FORMATS: Record<string, fc.Arbitrary<string>> = {
  email,
  uri: webUrl(['https', 'http']),
  url: webUrl(['https', 'http']),
  'date-time': fc.oneof({ weight: 4, arbitrary: dateTime }, { weight: 1, arbitrary: leapDayTime }),
  date,
  uuid: fc.uuid(),
  ipv4: fc.ipV4(),
};

/**
 * The same plausible values written at the edges of the pattern and maxLength: the integer part
 * padded with leading zeros to the most digits the pattern allows (every digit when it states no
 * bound), the fraction with trailing zeros up to maxLength (`000000000000000000000001.50000000000000`).
 * A server whose decimal rule differs from the document's (leading zeros, digit counts) refuses them.
 */
function edgeDecimals(integerDigits: number | undefined, maxLength: number | undefined): fc.Arbitrary<string> {
  const max = maxLength ?? 40;
  const whole = Math.min(integerDigits ?? max, max);
  return plausibleDecimal.map((v) => {
    const [int, frac = ''] = v.split('.');
    const padded = int!.padStart(whole, '0');
    const room = max - padded.length - 1;
    return room > frac.length && room > 0 ? `${padded}.${frac.padEnd(room, '0')}` : padded;
  });
}

/** Decimals a market would accept, mostly: small integers and a few fraction digits. */
const plausibleDecimal = fc
  .tuple(fc.integer({ min: 0, max: 500 }), fc.option(fc.stringMatching(/^[0-9]{1,3}$/), { nil: undefined }))
  .map(([int, frac]) => (frac === undefined ? String(int) : `${int}.${frac}`));

/**
 * The values of the most digits a pattern and maxLength allow, where the pattern takes digits
 * (`9…9` and `9…9.9…9`, the longest first): the amounts a computed field grows from most, and the
 * lengths a stricter decimal rule refuses. Empty for patterns that take no such value.
 */
const LARGEST = new Map<string, string[]>();
function largestDigits(pattern: string, maxLength: number): string[] {
  const key = `${pattern} ${maxLength}`;
  let found = LARGEST.get(key);
  if (!found) {
    const re = new RegExp(pattern);
    const fits = (v: string) => v.length <= maxLength && re.test(v);
    const whole = Array.from({ length: maxLength }, (_, i) => maxLength - i).find((n) => fits('9'.repeat(n)));
    found = whole === undefined ? [] : [
      '9'.repeat(whole),
      ...[maxLength - whole - 1, 2, 1].filter((f) => f > 0).map((f) => `${'9'.repeat(whole)}.${'9'.repeat(f)}`).filter(fits),
    ];
    LARGEST.set(key, found);
  }
  return found;
}

// fc.stringMatching is costly to build (fast-check tokenizes its edge-case strings against every
// new character set) and its arbitrary is an immutable description: one per pattern serves
// every operation and every run, and samples the same values from the same seed.
const MATCHING = new Map<string, fc.Arbitrary<string>>();
function matchingArbitrary(pattern: string): fc.Arbitrary<string> {
  let arb = MATCHING.get(pattern);
  if (!arb) MATCHING.set(pattern, (arb = fc.stringMatching(new RegExp(pattern))));
  return arb;
}

function stringArbitrary(s: JsonSchema): fc.Arbitrary<string> {
  const minLength = typeof s.minLength === 'number' ? s.minLength : 0;
  const maxLength = typeof s.maxLength === 'number' ? s.maxLength : undefined;
  const pattern = typeof s.pattern === 'string' ? new RegExp(s.pattern) : undefined;
  const fitsLength = (v: string) => v.length >= minLength && (maxLength === undefined || v.length <= maxLength);
  let base: fc.Arbitrary<string>;
  // An e-mail is declared by its pattern (an `@` between two parts), not by `format: email`: the
  // addresses come from the e-mail generator (reserved domains, unusual valid local parts) all the same.
  const format = typeof s.format === 'string' ? FORMATS[s.format] : pattern?.source.includes('@') ? email : undefined;
  if (format) {
    // A format with a pattern (`^https:\/\/` on a uri): prefer the schemes the pattern allows.
    base = s.format === 'uri' && pattern?.source.includes('https:') && !pattern.source.includes('https?')
      ? httpsUrl
      : format;
  } else if (pattern) {
    const matching = matchingArbitrary(s.pattern as string);
    const decimal = DECIMAL.exec(s.pattern as string);
    const largest = maxLength === undefined ? [] : largestDigits(s.pattern as string, maxLength);
    base = decimal
      ? fc.oneof({ weight: 3, arbitrary: plausibleDecimal }, { weight: 1, arbitrary: edgeDecimals(decimal[1] === undefined ? undefined : Number(decimal[1]), maxLength) }, { weight: 1, arbitrary: matching })
      : largest.length > 0
        ? fc.oneof({ weight: 4, arbitrary: matching }, { weight: 1, arbitrary: fc.constantFrom(...largest) })
        : matching;
  } else {
    base = fc.string({ minLength, maxLength: Math.min(maxLength ?? minLength + 24, minLength + 24) });
  }
  return base.filter((v) => fitsLength(v) && (pattern === undefined || pattern.test(v)));
}
