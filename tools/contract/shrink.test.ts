import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OperationSpec } from './document.ts';
import type { Plan, PlannedCase } from './plan.ts';
import { requestArbitrary } from './requests.ts';
import { SchemaKit } from './schemas.ts';
import { failureAsFound, shrinkFailure, type FirstFailure } from './shrink.ts';

const doc = { paths: {} };
const kit = new SchemaKit(doc, 'shrink');
const op: OperationSpec = {
  api: 'partner', operationId: 'createThing', method: 'post', path: '/things', parameters: [], secured: false,
  body: { required: true, mediaType: 'application/json', schema: { type: 'object', properties: { name: { type: 'string', minLength: 1 }, count: { type: 'integer', minimum: 0, maximum: 100 } }, required: ['name', 'count'] } },
  responses: { '201': { mediaTypes: [] } },
};
const arbitrary = requestArbitrary(op, kit).map((input) => ({ input }));
const plan: Plan = { cases: [], arbitrary, seed: 99, notes: [] };
const sampled = fc.sample(arbitrary, { seed: 99, numRuns: 50 });
const index = sampled.findIndex((s) => (s.input.body as { count: number }).count >= 50);
const failing: PlannedCase = { kind: 'valid', label: `generated #${index}`, input: sampled[index]!.input, auth: 'valid', slot: 0, expect: { kind: 'valid' }, sampleIndex: index };
const first: FirstFailure = { c: failing, check: 'not_a_server_error', failure: { check: 'not_a_server_error', message: 'server error 500' }, status: 500, more: 3 };
/** The planted bug: a count of 50 or more is a 500. */
const run = async (_op: OperationSpec, c: PlannedCase) => {
  const bad = (c.input.body as { count: number }).count >= 50;
  return { response: { status: bad ? 500 : 201, contentType: undefined, headers: {}, text: '', ms: 1 }, failures: bad ? [{ check: 'not_a_server_error' as const, message: 'server error 500' }] : [] };
};

describe('shrinkFailure', () => {
  it('replays the sampled case from its seed and shrinks it to the smallest failing request', async () => {
    const report = await shrinkFailure({ kit, seed: 1, budget: 100, run }, op, plan, first);
    expect(report.request.body).toEqual({ name: ' ', count: 50 });
    expect(report.original.body).toEqual(failing.input.body);
    expect(report).toMatchObject({ check: 'not_a_server_error', status: 500, statusKey: '500', seed: 1, operationSeed: 99, sampleIndex: index, more: 3 });
    expect(report.shrinkSteps).toBeGreaterThan(0);
  });

  it('reports a case as found when shrinking is off or the case was not sampled', async () => {
    expect((await shrinkFailure({ kit, seed: 1, budget: 0, run }, op, plan, first)).shrinkSteps).toBe(0);
    const probe: FirstFailure = { ...first, c: { ...failing, kind: 'method', sampleIndex: undefined as never, method: 'put' } };
    const found = failureAsFound(op, 1, 0, probe);
    expect([found.request.method, found.kind, found.shrinkSteps, 'sampleIndex' in found]).toEqual(['PUT', 'method', 0, false]);
  });
});
