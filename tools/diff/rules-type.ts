// Type, nullability and enum rules. `in` flows may only accept more, `out` flows only produce less.
import { levelOf, type SchemaScope } from './finding.ts';
import { allows, key, type Node } from './node.ts';
import { consequence, schemaFinding, show, subject } from './say.ts';

/** Returns false when the types are incompatible, so the caller does not descend further. */
export function compareTypes(b: Node, r: Node, scope: SchemaScope, field: string): boolean {
  const { flow } = scope;
  if (b.nullable !== r.nullable) {
    const change = r.nullable ? 'loosened' : 'tightened';
    const level = levelOf(flow, change);
    const id = r.nullable ? 'became-nullable' : 'null-removed';
    schemaFinding(scope, id, level, b.ptr, r.ptr, `${cap(subject(scope, field))} ${r.nullable ? 'may now be null' : 'may no longer be null'}${consequence(flow, level)}.`);
  }
  const bt = b.types;
  const rt = r.types;
  if (!bt && !rt) return true;
  const widened = !rt || (bt !== undefined && [...bt].every((t) => allows(r, t)));
  const narrowed = !bt || (rt !== undefined && [...rt].every((t) => allows(b, t)));
  if (widened && narrowed) return true;
  const text = `${cap(subject(scope, field))} changed type from ${list(bt)} to ${list(rt)}`;
  if (widened || narrowed) {
    const change = widened ? 'loosened' : 'tightened';
    const level = levelOf(flow, change);
    schemaFinding(scope, widened ? 'type-widened' : 'type-narrowed', level, b.origin.type ?? b.ptr, r.origin.type ?? r.ptr, `${text}${consequence(flow, level)}.`);
    return true;
  }
  schemaFinding(scope, 'type-changed', 'ERR', b.origin.type ?? b.ptr, r.origin.type ?? r.ptr, `${text}: existing clients break.`);
  return false;
}

export function compareEnum(b: Node, r: Node, scope: SchemaScope, field: string): void {
  const { flow } = scope;
  const be = b.enumValues;
  const re = r.enumValues;
  if (!be && !re) return;
  const what = cap(subject(scope, field));
  const bp = b.origin.enum ?? b.ptr;
  const rp = r.origin.enum ?? r.ptr;
  if (!be || !re) {
    const change = re ? 'tightened' : 'loosened';
    const level = levelOf(flow, change);
    schemaFinding(scope, re ? 'enum-added' : 'enum-removed', level, bp, rp, `${what} ${re ? `is now limited to ${show(re)}` : 'is no longer limited to a list of values'}${consequence(flow, level)}.`);
    return;
  }
  const bk = new Set(be.map(key));
  const rk = new Set(re.map(key));
  const removed = be.filter((v) => !rk.has(key(v)));
  const added = re.filter((v) => !bk.has(key(v)));
  if (removed.length > 0) {
    const level = levelOf(flow, 'tightened');
    schemaFinding(scope, 'enum-value-removed', level, bp, rp, `${what} lost the enum value${removed.length > 1 ? 's' : ''} ${removed.map(show).join(', ')}${consequence(flow, level)}.`);
  }
  if (added.length > 0) {
    const level = levelOf(flow, 'loosened');
    schemaFinding(scope, 'enum-value-added', level, bp, rp, `${what} gained the enum value${added.length > 1 ? 's' : ''} ${added.map(show).join(', ')}${consequence(flow, level)}.`);
  }
}

function list(types: Set<string> | undefined): string {
  return types ? [...types].sort().join('|') || 'null' : 'any';
}

export function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
