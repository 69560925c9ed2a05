// Shrinking the first failing case of a check: replayed from the operation's seed and sample
// index with fast-check, then shrunk while the same check still fails and the request keeps its
// nature (valid stays valid, negative stays invalid however a form is read). Cases that were not
// sampled (examples, credential, method and stateful cases) are reported as found.
import fc from 'fast-check';
import type { CheckFailure, CheckId } from './checks.ts';
import { declaredResponse, type OperationSpec } from './document.ts';
import { encodeForm } from './form.ts';
import { applyMutation } from './mutations.ts';
import type { Plan, PlannedCase } from './plan.ts';
import { requestProblems } from './requests.ts';
import { summarize, summarizeResponse, type FailureReport } from './results.ts';
import type { SchemaKit } from './schemas.ts';
import type { RequestInput, WireResponse } from './wire.ts';

export interface ShrinkContext {
  kit: SchemaKit;
  seed: number;
  /** Requests one shrink may send (0: no shrinking). */
  budget: number;
  /** Sends a case and checks its answer. */
  run: (op: OperationSpec, c: PlannedCase) => Promise<{ response: WireResponse; failures: CheckFailure[]; c?: PlannedCase }>;
}

export interface FirstFailure {
  c: PlannedCase;
  check: CheckId;
  failure: CheckFailure;
  status: number;
  more: number;
  response?: WireResponse;
}

export const statusKey = (op: OperationSpec, status: number) => declaredResponse(op, status)?.key ?? String(status);

/** The failure as found, with its seed; `plan` undefined for cases outside an operation's plan. */
export function failureAsFound(op: OperationSpec, seed: number, operationSeed: number, f: FirstFailure): FailureReport {
  const { c } = f;
  return {
    check: f.check, message: f.failure.message, kind: c.kind, label: c.label, status: f.status, statusKey: statusKey(op, f.status), seed, operationSeed,
    ...(c.sampleIndex !== undefined ? { sampleIndex: c.sampleIndex } : {}),
    request: summarize(op, c), original: summarize(op, c), shrinkSteps: 0, more: f.more,
    ...(f.response ? { response: summarizeResponse(f.response) } : {}),
  };
}

export async function shrinkFailure(ctx: ShrinkContext, op: OperationSpec, plan: Plan, f: FirstFailure): Promise<FailureReport> {
  const { c, check } = f;
  const base = failureAsFound(op, ctx.seed, plan.seed, f);
  if (c.sampleIndex === undefined || ctx.budget <= 0 || (c.kind !== 'valid' && c.kind !== 'negative')) return base;
  let left = ctx.budget;
  let last: { message: string; status: number; response: WireResponse; input: RequestInput } | undefined;
  const arbitrary = c.kind === 'negative' ? plan.arbitrary.map((s) => ({ ...s, input: applyMutation(s.input, c.mutation!) })) : plan.arbitrary;
  const form = c.input.encoding === 'form';
  const property = fc.asyncProperty(arbitrary, async (s) => {
    if (!s.input || left <= 0) return true;
    // A form case shrinks over form bodies: one with no form encoding is skipped, a negative must stay invalid however read.
    const input: RequestInput = form ? { ...s.input, encoding: 'form' } : s.input;
    if (form && input.rawBody === undefined && input.body !== undefined && encodeForm(input.body) === undefined) return true;
    const invalid = requestProblems(op, ctx.kit, input) !== '' && (!form || c.kind !== 'negative' || requestProblems(op, ctx.kit, input, 'loose') !== '');
    if (invalid !== (c.kind === 'negative')) return true; // keep the nature of the case
    left--;
    const outcome = await ctx.run(op, { ...c, input, slot: s.entry?.slot ?? c.slot });
    const same = outcome.failures.find((x) => x.check === check);
    if (same) last = { message: same.message, status: outcome.response.status, response: outcome.response, input: outcome.c?.input ?? input };
    return !same;
  });
  const result = await fc.check(property, { seed: plan.seed, path: String(c.sampleIndex), numRuns: c.sampleIndex + 1 });
  const found = result.counterexample?.[0];
  if (!result.failed || !found?.input || !last) return base; // state moved on: the original stands
  // What was sent last (its unique values fresh), and the answer to it.
  const shrunk: RequestInput = last.input;
  return {
    ...base, message: last.message, status: last.status, statusKey: statusKey(op, last.status), request: summarize(op, c, shrunk), shrinkSteps: result.numShrinks,
    response: summarizeResponse(last.response),
  };
}
