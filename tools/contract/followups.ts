// Stateful reads after an answer (Schemathesis's ensure_resource_availability and use_after_free):
// what a link says was just produced must be readable (not 404), and what a DELETE just removed
// must be gone (404). Each read is the target's documented example, or its first sampled request,
// with the link's values bound; a pair of operations is checked at most `MAX_READS` times a run.
import fc from 'fast-check';
import type { OperationSpec } from './document.ts';
import type { PlannedCase } from './plan.ts';
import { exampleRequest, requestArbitrary, requestProblems } from './requests.ts';
import type { SchemaKit } from './schemas.ts';
import { bindEntry, type FollowUp } from './state.ts';

export const MAX_READS = 2;

export class FollowUps {
  private readonly done = new Map<string, number>();

  constructor(
    private readonly byId: Map<string, OperationSpec>,
    private readonly kit: SchemaKit,
    private readonly seed: number,
  ) {}

  /** The reads to send after `op` answered: availability after a producer, 404 after a DELETE. */
  plan(op: OperationSpec, follow: FollowUp[], after: 'produced' | 'deleted'): { target: OperationSpec; c: PlannedCase }[] {
    const out: { target: OperationSpec; c: PlannedCase }[] = [];
    for (const { target: id, entry } of follow) {
      const target = this.byId.get(id);
      if (!target || target.method !== 'get' || target.operationId === op.operationId) continue;
      const key = `${after} ${op.operationId} ${id}`;
      if ((this.done.get(key) ?? 0) >= MAX_READS) continue;
      const base = exampleRequest(target, this.kit) ?? fc.sample(requestArbitrary(target, this.kit), { seed: this.seed, numRuns: 1 })[0]!;
      const input = bindEntry(base, entry);
      if (requestProblems(target, this.kit, input) !== '') continue;
      this.done.set(key, (this.done.get(key) ?? 0) + 1);
      const c: PlannedCase =
        after === 'produced'
          ? { kind: 'stateful', label: `read what ${op.operationId} produced`, input, auth: 'valid', slot: entry.slot ?? 0, expect: { kind: 'available', producer: op.operationId } }
          : { kind: 'stateful', label: `read what ${op.operationId} deleted`, input, auth: 'valid', slot: entry.slot ?? 0, expect: { kind: 'freed', deleter: op.operationId } };
      out.push({ target, c });
    }
    return out;
  }
}
