// Compares two schemas in one flow: follows $ref (each pair of locations once: cycles and
// components used by many operations), then unions, types, enums, constraints, objects, arrays,
// and what an encoded string holds (contentSchema).
import type { SchemaScope } from './finding.ts';
import { view, type Node, type Sub } from './node.ts';
import { compareConstraints } from './rules-constraints.ts';
import { compareArray, compareObject } from './rules-object.ts';
import { compareEncoded } from './rules-encoded.ts';
import { compareEnum, compareTypes } from './rules-type.ts';
import { compareUnion } from './rules-union.ts';

export function compareSchema(b: Sub, r: Sub, scope: SchemaScope, field = ''): void {
  const bn = view(scope.ctx.base, b.schema, b.ptr);
  const rn = view(scope.ctx.rev, r.schema, r.ptr);
  const key = `${scope.channel}|${bn.ptr}|${rn.ptr}`;
  if (scope.ctx.visited.has(key)) return;
  scope.ctx.visited.add(key);
  compareNodes(bn, rn, scope, field);
}

export function compareNodes(b: Node, r: Node, scope: SchemaScope, field: string): void {
  if (b.branches || r.branches) {
    compareUnion(b, r, scope, field, compareNodes);
    return;
  }
  if (!compareTypes(b, r, scope, field)) return;
  compareEnum(b, r, scope, field);
  compareConstraints(b, r, scope, field);
  compareObject(b, r, scope, field, compareSchema);
  compareArray(b, r, scope, field, compareSchema);
  compareEncoded(b, r, scope, field, compareSchema);
}
