// The run's state, fed by links: per target operation a pool of request values that earlier
// answers produced (ids, with the credential slot that owns them and the answer they came from),
// the run order that follows from the links, and binding pooled values into requests.
import fc from 'fast-check';
import type { OperationSpec } from './document.ts';
import { edgeApplies, valuesOf, type LinkEdge } from './links.ts';
import { targetPath } from './mutations.ts';
import type { RequestInput, WireResponse } from './wire.ts';

/** Values for a target's request places, the slot that owns them, and the answer they came from. */
export interface PoolEntry {
  values: Record<string, unknown>;
  slot?: number;
  /** The producing answer: every entry from one answer names the same resource. */
  resource?: number;
}

/** A request read after a producer's or a delete's answer (ensure_resource_availability, use_after_free). */
export interface FollowUp {
  target: string;
  entry: PoolEntry;
}

/** A write that destroys what others read: DELETE, or a path ending in delete, cancel, clear or reset. */
export const isDestructive = (op: OperationSpec) => op.method === 'delete' || /\/(delete|cancel|clear|reset)$/.test(op.path);

const RANK = (op: OperationSpec) => (isDestructive(op) ? 2 : op.method === 'get' ? 1 : 0);

/** Run order: producers before the operations their links lead to; writes, then reads, destructive ones last. */
export function runOrder(ops: OperationSpec[], edges: LinkEdge[]): OperationSpec[] {
  const byId = new Map(ops.map((o) => [o.operationId, o]));
  const deps = new Map<string, Set<string>>(ops.map((o) => [o.operationId, new Set<string>()]));
  for (const e of edges) if (e.from !== e.to && !isDestructive(byId.get(e.from)!)) deps.get(e.to)?.add(e.from);
  const sorted = [...ops].sort((a, b) => RANK(a) - RANK(b));
  const out: OperationSpec[] = [];
  const seen = new Set<string>();
  const visit = (op: OperationSpec) => {
    if (seen.has(op.operationId)) return;
    seen.add(op.operationId); // a cycle (A feeds B feeds A) is broken at the first visit
    if (!isDestructive(op)) for (const d of deps.get(op.operationId) ?? []) visit(byId.get(d)!);
    out.push(op);
  };
  sorted.forEach(visit);
  return out;
}

/** The operations asked for plus, transitively, those whose links feed them. */
export function withProducers(ids: string[], edges: LinkEdge[]): Set<string> {
  const out = new Set(ids);
  for (let changed = true; changed; ) {
    changed = false;
    for (const e of edges) if (out.has(e.to) && !out.has(e.from)) changed = Boolean(out.add(e.from));
  }
  return out;
}

/** Writes an entry's values into a request; a body place only where the request has that field. */
export function bindEntry(input: RequestInput, entry: PoolEntry): RequestInput {
  const out = structuredClone(input);
  for (const [place, value] of Object.entries(entry.values)) {
    const path = targetPath(place);
    let holder: unknown = out;
    for (const key of path.slice(0, -1)) holder = holder !== null && typeof holder === 'object' ? (holder as Record<string, unknown>)[String(key)] : undefined;
    if (holder === null || typeof holder !== 'object') continue;
    const last = String(path[path.length - 1]);
    if (path[0] === 'body' && !(last in holder)) continue;
    (holder as Record<string, unknown>)[last] = structuredClone(value);
  }
  return out;
}

/** Four in five requests use a pooled entry (when there is one); the rest keep generated ids (404s). */
export function withPool(arb: fc.Arbitrary<RequestInput>, entries: PoolEntry[]): fc.Arbitrary<{ input: RequestInput; entry?: PoolEntry }> {
  if (entries.length === 0) return arb.map((input) => ({ input }));
  const pick = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...entries) }, { weight: 1, arbitrary: fc.constant(undefined) });
  return fc.tuple(arb, pick).map(([input, entry]) => (entry ? { input: bindEntry(input, entry), entry } : { input }));
}

/** The pools of one run. */
export class LinkState {
  private readonly pools = new Map<string, PoolEntry[]>();
  private resources = 0;

  constructor(
    private readonly edges: LinkEdge[],
    seeds: Record<string, Record<string, unknown>[]> = {},
  ) {
    for (const [target, list] of Object.entries(seeds)) this.pools.set(target, list.map((values) => ({ values })));
  }

  /** The latest entries for a target operation. */
  pool(target: string): PoolEntry[] {
    return (this.pools.get(target) ?? []).slice(-64);
  }

  /** Feeds the pools from an answer of `op`; returns what was added, per target. */
  produce(op: OperationSpec, declaredKey: string | undefined, request: RequestInput, response: WireResponse, slot: number): FollowUp[] {
    const resource = ++this.resources;
    const added: FollowUp[] = [];
    for (const edge of this.edges) {
      if (edge.from !== op.operationId || !edgeApplies(edge, response.status, declaredKey)) continue;
      const values = valuesOf(edge, request, response);
      if (!values) continue;
      const entry: PoolEntry = { values, slot, resource };
      this.pools.set(edge.to, [...(this.pools.get(edge.to) ?? []), entry]);
      added.push({ target: edge.to, entry });
    }
    return added;
  }

  /** Removes every entry of the resource a delete used; returns them (the reads that must now fail). */
  consume(entry: PoolEntry): FollowUp[] {
    if (entry.resource === undefined) return [];
    const gone: FollowUp[] = [];
    for (const [target, list] of this.pools) {
      gone.push(...list.filter((e) => e.resource === entry.resource).map((e) => ({ target, entry: e })));
      this.pools.set(target, list.filter((e) => e.resource !== entry.resource));
    }
    return gone;
  }
}
