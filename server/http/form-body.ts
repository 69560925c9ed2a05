// application/x-www-form-urlencoded bodies (and POST parameters in the URL query), parsed with
// Rack's nesting rules, as Peatio and the shop plugins send them: `a[b][c]=v` builds objects;
// `orders[][k]=v` appends to an array of objects, where a key that the current (last) element
// already has starts a new element. So `orders[][side]=buy&orders[][side]=sell` is two orders, not
// one order with `side: [buy, sell]` (which is what qs, behind express.urlencoded, makes of it).
// Every value stays a string; schema-driven coercion comes later (server/validation/scalar-coercion.ts).
// Bounded: at most `maxPairs` pairs and `maxDepth` bracket levels; anything malformed throws.
import { FORM_FIELD_NAME_PATTERN, FORM_LIMITS } from '../../contracts/shared/wire-forms.ts';
import { MalformedFormError } from '../core/errors.ts';

export interface FormLimits {
  /** Most `key=value` pairs (default FORM_LIMITS, 1000). */
  maxPairs?: number;
  /** Most `[..]` levels after the name (default FORM_LIMITS, 5). */
  maxDepth?: number;
  /** Where the text comes from, for messages (default `body`). */
  location?: 'body' | 'query';
}

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

const isObject = (v: FormValue | undefined): v is FormObject => typeof v === 'object' && v !== null && !Array.isArray(v);

function decode(part: string, what: string, where: string): string {
  const s = part.includes('+') ? part.replaceAll('+', ' ') : part;
  if (!s.includes('%')) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    throw new MalformedFormError(`${where}: ${what} ${JSON.stringify(part.slice(0, 60))} is not valid percent-encoded UTF-8`);
  }
}

/** The documents' `propertyNames` rule of every body (wire-forms.ts): the same names refused here. */
const FIELD_NAME = new RegExp(FORM_FIELD_NAME_PATTERN, 'u');

/** `orders[][side]` -> ['orders', '', 'side'] ('' stands for `[]`). */
function segments(key: string, maxDepth: number, where: string): string[] {
  const open = key.indexOf('[');
  const name = open < 0 ? key : key.slice(0, open);
  if (!FIELD_NAME.test(name)) throw new MalformedFormError(`${where}: ${JSON.stringify(key)} is not a valid form field name`);
  const out = [name];
  let i = open;
  while (i >= 0 && i < key.length) {
    const close = key.indexOf(']', i);
    const inner = close < 0 ? '' : key.slice(i + 1, close);
    if (key[i] !== '[' || close < 0 || inner.includes('[')) {
      throw new MalformedFormError(`${where}: ${JSON.stringify(key)} is not a valid form field name (brackets)`);
    }
    out.push(inner);
    i = close + 1;
  }
  if (out.length - 1 > maxDepth) throw new MalformedFormError(`${where}: ${JSON.stringify(key)} is nested deeper than ${maxDepth} levels`);
  if (out.includes('__proto__')) throw new MalformedFormError(`${where}: ${JSON.stringify(key)} uses a reserved name`);
  return out;
}

const conflict = (key: string, where: string) => new MalformedFormError(`${where}: ${JSON.stringify(key)} mixes a value, a list and a group under one name`);

/** Whether `element` already holds the path `rest` (Rack: then the next `[]` starts a new element). */
function holds(element: FormObject, rest: readonly string[]): boolean {
  if (rest.includes('')) return false; // Rack: a path with a list below (`orders[][tags][]`) keeps filling the last element
  let cur: FormValue | undefined = element;
  for (const s of rest) {
    if (!isObject(cur) || !Object.hasOwn(cur, s)) return false;
    cur = cur[s];
  }
  return true;
}

/** Sets `value` at `path` (segments after the name) under `parent[name]`. */
function assign(parent: FormObject, name: string, path: readonly string[], value: string, key: string, where: string): void {
  const existing = Object.hasOwn(parent, name) ? parent[name] : undefined;
  if (path.length === 0) {
    // A repeated plain name collects its values, as the URL query does (so a repeated `nonce` is 2001, X-auth).
    if (existing === undefined) parent[name] = value;
    else if (typeof existing === 'string') parent[name] = [existing, value];
    else if (Array.isArray(existing) && existing.every((v) => typeof v === 'string')) existing.push(value);
    else throw conflict(key, where);
    return;
  }
  const [head, ...rest] = path as [string, ...string[]];
  if (head === '') {
    if (existing !== undefined && !Array.isArray(existing)) throw conflict(key, where);
    const list = (existing ?? (parent[name] = [])) as FormValue[];
    if (rest.length === 0) {
      if (list.some((v) => typeof v !== 'string')) throw conflict(key, where);
      list.push(value);
      return;
    }
    if (list.some((v) => !isObject(v))) throw conflict(key, where);
    const last = list[list.length - 1];
    const target = isObject(last) && !holds(last, rest) ? last : (list[list.length] = {}) as FormObject;
    assign(target, rest[0]!, rest.slice(1), value, key, where);
    return;
  }
  if (existing !== undefined && !isObject(existing)) throw conflict(key, where);
  const group = (existing ?? (parent[name] = {})) as FormObject;
  assign(group, head, rest, value, key, where);
}

/** Parses a form-encoded string into nested objects and arrays of strings. */
export function parseForm(text: string, limits: FormLimits = {}): FormObject {
  const maxPairs = limits.maxPairs ?? FORM_LIMITS.maxPairs;
  const maxDepth = limits.maxDepth ?? FORM_LIMITS.maxDepth;
  const where = limits.location ?? 'body';
  const out: FormObject = {};
  let pairs = 0;
  for (const pair of text.split('&')) {
    if (pair === '') continue; // `a=1&&b=2`, a trailing `&`
    if (++pairs > maxPairs) throw new MalformedFormError(`${where}: more than ${maxPairs} form fields`);
    const eq = pair.indexOf('=');
    const key = decode(eq < 0 ? pair : pair.slice(0, eq), 'the field name', where);
    const value = eq < 0 ? '' : decode(pair.slice(eq + 1), `the value of ${key}`, where);
    const [name, ...path] = segments(key, maxDepth, where) as [string, ...string[]];
    assign(out, name, path, value, key, where);
  }
  return out;
}
