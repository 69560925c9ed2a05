import { describe, expect, it } from 'vitest';
import { formatTable, toJUnit, toJson } from './report.ts';
import type { ApiReport } from './results.ts';

const request = { method: 'POST', path_template: '/payments', path: {}, query: {}, body: { payment: { amount: '1' } }, auth: 'valid' as const, slot: 0 };
const report: ApiReport = {
  api: 'merchant', baseUrl: 'http://127.0.0.1:8080', seed: 42, runs: 50, negativeRuns: 25, durationMs: 1234, requests: 100, rateLimitWaitMs: 0, ok: false,
  operations: [
    {
      operationId: 'createPayment', method: 'POST', path: '/payments', cases: { example: 1, valid: 50, negative: 30, auth: 4, method: 0, stateful: 2 }, notes: [],
      statuses: [
        { status: '201', declared: true, count: 40, mismatched: 3, state: 'mismatched' },
        { status: '422', declared: true, count: 30, mismatched: 0, state: 'exercised' },
        { status: '503', declared: true, count: 0, mismatched: 0, state: 'not exercised' },
      ],
      failures: [{
        check: 'response_schema_conformance', message: '201 body does not match its schema: (root): must have required property \'url\'', kind: 'valid', label: 'generated #3',
        status: 201, statusKey: '201', seed: 42, operationSeed: 7, sampleIndex: 3, request, original: request, shrinkSteps: 4, more: 2,
      }],
    },
  ],
};

describe('report', () => {
  it('prints one line per operation and each mismatch with its shrunk request and seed', () => {
    const text = formatTable([report]);
    expect(text).toMatch(/createPayment\s+1\s+50\s+30\s+4\s+2\s+0\s+422\s+503\s+201/);
    expect(text).toContain('MISMATCH merchant createPayment (POST /payments) — response_schema_conformance, status 201');
    expect(text).toContain('shrunk (4 steps): POST /payments body={"payment":{"amount":"1"}} [auth: valid, credential #0]');
    expect(text).toContain('npm run contract -- --api merchant --base-url http://127.0.0.1:8080 --seed 42 --runs 50 --operation createPayment');
  });

  it('writes JSON that round-trips', () => {
    expect(JSON.parse(toJson([report]))).toEqual({ ok: false, apis: [report] });
  });

  it('writes JUnit with a case per operation and status', () => {
    const xml = toJUnit([report]);
    expect(xml).toContain('<testsuite name="contract.merchant" tests="3" failures="1" skipped="1" time="1.234">');
    expect(xml).toContain('<testcase classname="contract.merchant.createPayment" name="createPayment 201">');
    expect(xml).toContain('<failure message="response_schema_conformance: 201 body does not match its schema: (root): must have required property &apos;url&apos;">');
    expect(xml).toContain('<skipped message="not exercised"/>');
  });
});
