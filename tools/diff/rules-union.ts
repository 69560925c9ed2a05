// oneOf/anyOf rules. A plain schema is a union of one branch, so a schema that becomes a union
// (or a union that gains a branch) is compared branch by branch: identical branches pair first,
// then the closest ones (their differences are reported as nested findings), and what is left is
// a branch added or removed. An `in` flow must keep accepting every base branch; an `out` flow
// must not produce a branch the base did not have.
import { levelOf, type Finding, type SchemaScope } from './finding.ts';
import { copy, merge, view, type Node } from './node.ts';
import { consequence, schemaFinding, subject } from './say.ts';
import { cap, compareTypes } from './rules-type.ts';

export type CompareNodes = (b: Node, r: Node, scope: SchemaScope, field: string) => void;

/** Each branch as a value must meet it: the union's own keywords (its core) and the branch. */
function branches(node: Node, doc: Record<string, unknown>): Node[] {
  const core = { ...copy(node), branches: undefined };
  if (!node.branches) return [{ ...core, nullable: false }];
  return node.branches.map((s) => {
    const b = view(doc, s.schema, s.ptr);
    const effective = copy(core);
    effective.ptr = b.ptr;
    merge(effective, b);
    return { ...effective, nullable: false };
  });
}

function trial(b: Node, r: Node, scope: SchemaScope, field: string, compare: CompareNodes): Finding[] {
  const ctx = { ...scope.ctx, findings: [], visited: new Set<string>() };
  compare(b, r, { ...scope, ctx }, field);
  return ctx.findings;
}

function score(fs: Finding[]): number {
  return fs.filter((f) => f.level === 'ERR').length * 1000 + fs.length;
}

export function compareUnion(b: Node, r: Node, scope: SchemaScope, field: string, compare: CompareNodes): void {
  compareTypes({ ...b, types: undefined }, { ...r, types: undefined }, scope, field);
  const bb = branches(b, scope.ctx.base);
  const rb = branches(r, scope.ctx.rev);
  const results = bb.map((x) => rb.map((y) => trial(x, y, scope, field, compare)));
  const freeB = new Set(bb.keys());
  const freeR = new Set(rb.keys());
  for (const i of bb.keys()) {
    const j = [...freeR].find((k) => results[i]![k]!.length === 0);
    if (j === undefined) continue;
    freeB.delete(i);
    freeR.delete(j);
  }
  while (freeB.size > 0 && freeR.size > 0) {
    let best: [number, number] | undefined;
    for (const i of freeB) for (const j of freeR) if (!best || score(results[i]![j]!) < score(results[best[0]]![best[1]]!)) best = [i, j];
    const [i, j] = best!;
    freeB.delete(i);
    freeR.delete(j);
    scope.ctx.findings.push(...results[i]![j]!);
  }
  const what = cap(subject(scope, field));
  for (const i of freeB) {
    const level = levelOf(scope.flow, 'tightened');
    schemaFinding(scope, 'union-branch-removed', level, bb[i]!.ptr, r.ptr, `${what} lost a oneOf/anyOf alternative${consequence(scope.flow, level)}.`);
  }
  for (const j of freeR) {
    const level = levelOf(scope.flow, 'loosened');
    schemaFinding(scope, 'union-branch-added', level, b.ptr, rb[j]!.ptr, `${what} gained a oneOf/anyOf alternative${consequence(scope.flow, level)}.`);
  }
}
