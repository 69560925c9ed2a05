// The shape of a planned case and of the planner's input, apart from plan.ts so that the planners
// it delegates to (plan-form.ts) can name them without importing plan.ts back.
import type fc from 'fast-check';
import type { AuthMode } from './auth.ts';
import type { Credentials } from './credentials.ts';
import type { OperationSpec } from './document.ts';
import type { Expectation } from './expectations.ts';
import type { Mutation } from './mutations.ts';
import type { SchemaKit } from './schemas.ts';
import type { PoolEntry } from './state.ts';
import type { RequestInput } from './wire.ts';

/** `method` and `stateful` cases are planned by probes.ts and followups.ts. */
export type CaseKind = 'example' | 'valid' | 'negative' | 'auth' | 'method' | 'stateful';

export interface PlannedCase {
  kind: CaseKind;
  label: string;
  input: RequestInput;
  auth: AuthMode;
  /** Which valid credential signs it (exchange keys, partner Bearer/Basic). */
  slot: number;
  expect: Expectation;
  /** Index of the sampled valid request this case is (or derives from), for replay and shrinking. */
  sampleIndex?: number;
  mutation?: Mutation;
  /** The pooled ids the request uses (consumed by a delete). */
  entry?: PoolEntry;
  /** The method sent, where a report row gathers several (the method probes of a path). */
  method?: OperationSpec['method'];
}

export interface Plan {
  cases: PlannedCase[];
  /** The arbitrary the valid requests were sampled from (fast-check replays it to shrink). */
  arbitrary: fc.Arbitrary<{ input: RequestInput; entry?: PoolEntry }>;
  seed: number;
  notes: string[];
}

export interface PlanOptions {
  op: OperationSpec;
  kit: SchemaKit;
  credentials: Credentials;
  runs: number;
  negativeRuns: number;
  seed: number;
  /** Request values earlier answers produced for this operation (state.ts). */
  pool: PoolEntry[];
}
