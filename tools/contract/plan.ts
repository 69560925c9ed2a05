// The cases of one operation, planned before anything is sent: its example, `runs` schema-valid
// requests sampled with a fixed seed, negative data (every mutation at least once, cycled over
// different valid bases), the same over a form-encoded body where the operation declares one, and
// the wrong-credential cases of a secured operation.
import fc from 'fast-check';
import { authCases, validSlots, type AuthMode } from './auth.ts';
import type { Expectation } from './expectations.ts';
import type { Credentials } from './credentials.ts';
import type { OperationSpec } from './document.ts';
import { fixupFor } from './fixups.ts';
import { applyMutation, mutationsOf, type Mutation } from './mutations.ts';
import { formCases } from './plan-form.ts';
import type { Plan, PlannedCase, PlanOptions } from './planned-case.ts';
import { exampleRequest, requestArbitrary, requestProblems } from './requests.ts';
import type { SchemaKit } from './schemas.ts';
import { withPool, type PoolEntry } from './state.ts';
import type { RequestInput } from './wire.ts';

export type { CaseKind, Plan, PlannedCase, PlanOptions } from './planned-case.ts';

/** FNV-1a of the text, as a positive 31-bit seed: each operation gets its own stable stream. */
export function seedFor(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join('|')) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return (h >>> 0) & 0x7fffffff;
}

export function planCases(o: PlanOptions): Plan {
  const { op, kit } = o;
  const notes: string[] = [];
  const slots = validSlots(op.api, o.credentials);
  const seed = seedFor(o.seed, op.api, op.operationId);
  const arbitrary = withPool(requestArbitrary(op, kit).map(fixupFor(op.api, op.operationId)), o.pool);
  const cases: PlannedCase[] = [];

  const example = exampleRequest(op, kit);
  if (example) {
    const why = requestProblems(op, kit, example);
    if (why) notes.push(`the documented example is not valid against the schema (${why}); not sent`);
    else cases.push({ kind: 'example', label: 'documented example', input: example, auth: 'valid', slot: 0, expect: { kind: 'valid' } });
  }

  // Oversample: a sampled request can still fail a format or a cross-field rule the generator approximates.
  const sampled = fc.sample(arbitrary, { seed, numRuns: o.runs * 3 });
  const valid: PlannedCase[] = [];
  let rejected = 0;
  sampled.forEach((s, i) => {
    if (valid.length >= o.runs) return;
    if (requestProblems(op, kit, s.input)) return void rejected++;
    const slot = s.entry?.slot ?? valid.length % slots;
    valid.push({
      kind: 'valid', label: `generated #${i}`, input: s.input, auth: 'valid', slot, expect: { kind: 'valid' }, sampleIndex: i,
      ...(s.entry ? { entry: s.entry } : {}),
    });
  });
  if (valid.length < o.runs) notes.push(`only ${valid.length} of ${o.runs} generated requests were valid (${rejected} rejected by the schema)`);
  cases.push(...valid);

  const auth = authCases(op.api, op, o.credentials);
  const negatives = negativeCases(o, valid, Math.max(0, o.negativeRuns - auth.length));
  if (negatives.length === 0 && auth.length === 0) notes.push('no negative case: the operation takes no input and no credentials');
  cases.push(...negatives);
  // A query parameter the document does not name: ignored, or refused with a declared status.
  if (valid[0]) {
    const { sampleIndex: _replayed, entry: _owned, ...base } = valid[0];
    cases.push({ ...base, kind: 'negative', label: 'query: an undocumented parameter', input: withUnknownParam(base.input), expect: { kind: 'any' } });
  }
  // The form-encoded media type, where the operation declares one (plan-form.ts).
  cases.push(...formCases(o, cases, notes));
  // Every auth case once; an operation with few inputs cycles them over other valid requests and
  // credential slots until it has `negativeRuns` negative cases.
  const authCount = auth.length === 0 ? 0 : Math.max(auth.length, o.negativeRuns - negatives.length);
  for (let i = 0; i < authCount && valid.length > 0; i++) {
    const a = auth[i % auth.length]!;
    const base = valid[Math.floor(i / auth.length) % valid.length]!;
    const round = Math.floor(i / auth.length);
    cases.push({ ...base, kind: 'auth', label: `auth: ${a.mode}${round > 0 ? ` (#${round + 1})` : ''}`, auth: a.mode, expect: { kind: 'auth', auth: a } });
  }
  return { cases, arbitrary, seed, notes };
}

export const UNKNOWN_PARAM = 'contract_unknown';
const withUnknownParam = (input: RequestInput): RequestInput => ({ ...input, query: { ...input.query, [UNKNOWN_PARAM]: '1' } });

/** Every applicable mutation once, then more over other bases until `wanted` cases exist. */
function negativeCases(o: PlanOptions, valid: PlannedCase[], wanted: number): PlannedCase[] {
  const mutations = mutationsOf(o.op, o.kit);
  const out: PlannedCase[] = [];
  if (valid.length === 0 || mutations.length === 0) return out;
  const usable = new Set(mutations.map((_, i) => i));
  for (let round = 0; usable.size > 0 && (round === 0 || out.length < wanted); round++) {
    for (const mi of [...usable]) {
      if (round > 0 && out.length >= wanted) break;
      const m = mutations[mi]!;
      const made = mutateSomeBase(o, valid, m, round);
      if (!made) {
        if (round === 0) usable.delete(mi); // never applicable (an optional field no base has)
        continue;
      }
      out.push(made);
    }
    if (round > valid.length) break;
  }
  return out;
}

function mutateSomeBase(o: PlanOptions, valid: PlannedCase[], m: Mutation, round: number): PlannedCase | undefined {
  for (let t = 0; t < valid.length; t++) {
    const base = valid[(round * 7 + t) % valid.length]!;
    const input = applyMutation(base.input, m);
    if (!input || !requestProblems(o.op, o.kit, input)) continue;
    return { ...base, kind: 'negative', label: m.label, input, expect: { kind: 'negative', mutation: m.kind }, mutation: m };
  }
  return undefined;
}
