// Constraint rules: bounds (length, value, items, properties), pattern, format, uniqueItems,
// multipleOf and default. Tightened on an `in` flow or loosened on an `out` flow is ERR.
import { levelOf, type Level, type SchemaScope } from './finding.ts';
import { same, type Node } from './node.ts';
import { consequence, schemaFinding, show, subject } from './say.ts';
import { cap } from './rules-type.ts';

const UPPER = ['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties'] as const;
const LOWER = ['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties'] as const;

export const CONSTRAINT_KEYWORDS = [...UPPER, ...LOWER, 'pattern', 'format', 'uniqueItems', 'multipleOf'] as const;

export function kebab(k: string): string {
  return k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

type Change = 'tightened' | 'loosened' | 'changed';

/** `\/` and `/` are the same pattern (a needless escape some generators mishandle). */
const unescapeSlash = (v: unknown) => (typeof v === 'string' ? v.replace(/\\\//g, '/') : v);

function classify(k: string, bv: unknown, rv: unknown): Change | undefined {
  if (k === 'pattern' ? unescapeSlash(bv) === unescapeSlash(rv) : same(bv, rv)) return undefined;
  if (bv === undefined) return 'tightened';
  if (rv === undefined) return 'loosened';
  if ((UPPER as readonly string[]).includes(k)) return (rv as number) < (bv as number) ? 'tightened' : 'loosened';
  if ((LOWER as readonly string[]).includes(k)) return (rv as number) > (bv as number) ? 'tightened' : 'loosened';
  if (k === 'uniqueItems') return rv === true ? 'tightened' : 'loosened';
  if (k === 'multipleOf' && typeof bv === 'number' && typeof rv === 'number') {
    if (Number.isInteger(rv / bv)) return 'tightened';
    if (Number.isInteger(bv / rv)) return 'loosened';
  }
  return 'changed';
}

export function compareConstraints(b: Node, r: Node, scope: SchemaScope, field: string): void {
  const what = subject(scope, field);
  for (const k of CONSTRAINT_KEYWORDS) {
    const bv = b.kw[k];
    const rv = r.kw[k];
    const change = classify(k, bv, rv);
    if (!change) continue;
    const level = levelOf(scope.flow, change);
    const text = bv === undefined ? `now has ${k} ${show(rv)}` : rv === undefined ? `no longer has ${k} (was ${show(bv)})` : `has ${k} ${show(rv)} (was ${show(bv)})`;
    schemaFinding(scope, `${kebab(k)}-${change}`, level, b.origin[k] ?? b.ptr, r.origin[k] ?? r.ptr, `${cap(what)} ${text}${consequence(scope.flow, level)}.`);
  }
  if (!same(b.kw.default, r.kw.default)) {
    const level: Level = scope.flow === 'in' ? 'WARN' : 'INFO';
    const tail = scope.flow === 'in' ? ': a client that leaves it out gets a different behaviour' : '';
    schemaFinding(scope, 'default-changed', level, b.origin.default ?? b.ptr, r.origin.default ?? r.ptr, `The default of ${what} changed from ${show(b.kw.default)} to ${show(r.kw.default)}${tail}.`);
  }
}
