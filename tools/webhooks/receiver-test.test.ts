import { afterEach, describe, expect, it } from 'vitest';
import { webhookCatalog } from './events.ts';
import { formatReceiverReport, runReceiverTest, type ReceiverReport } from './receiver-test.ts';
import { PLANTED, startReceiver, type ReceiverKind, type RunningReceiver } from './receivers.test-helpers.ts';

const SECRET = 'demo-signing-secret';
const catalog = webhookCatalog();
const receivers: RunningReceiver[] = [];
afterEach(async () => void (await Promise.all(receivers.splice(0).map((r) => r.close()))));

async function test(kind: ReceiverKind, encoding: 'json' | 'form', probe = true): Promise<ReceiverReport> {
  const r = await startReceiver(kind, SECRET);
  receivers.push(r);
  return runReceiverTest(catalog, { url: r.url, secret: SECRET, encoding, ...(probe ? { probe: r.probe } : {}) });
}

const failed = (r: ReceiverReport) => r.cases.filter((c) => c.outcome === 'fail').map((c) => c.id);

/** Per planted receiver: the bugs the report must name and the cases that must fail. */
const EXPECTED: Record<(typeof PLANTED)[number], { bugs: string[]; cases: string[] }> = {
  'no-signature-check': { bugs: ['accepts-rotated-secret', 'no-signature-check'], cases: ['rotation-old-only', 'forged', 'tampered'] },
  'no-timestamp-window': { bugs: ['no-timestamp-window'], cases: ['expired', 'future'] },
  'not-idempotent': { bugs: ['not-idempotent'], cases: ['duplicate', 'duplicate-resigned'] },
  'reserialised-body': { bugs: ['verifies-reserialised-body'], cases: ['valid-noncanonical'] },
  'unknown-event-500': { bugs: ['fails-unknown-event'], cases: ['unknown-event'] },
};

describe('webhooks test', () => {
  for (const encoding of ['json', 'form'] as const) {
    it(`the package's webhookHandler passes every case (${encoding})`, async () => {
      const report = await test('webhookHandler', encoding);
      expect(report.cases.map((c) => [c.id, c.outcome, c.statuses.map((s) => Math.floor(s / 100) * 100), c.effects.observed])).toEqual([
        ['valid-paymentFound', 'pass', [200], 1],
        ['valid-paymentConfirmed', 'pass', [200], 1],
        ['valid-refundProcessed', 'pass', [200], 1],
        ['valid-noncanonical', 'pass', [200], 1],
        ['rotation-both', 'pass', [200], 1],
        ['rotation-old-only', 'pass', [400], 0],
        ['forged', 'pass', [400], 0],
        ['tampered', 'pass', [400], 0],
        ['expired', 'pass', [400], 0],
        ['future', 'pass', [400], 0],
        ['duplicate', 'pass', [200, 200], 1],
        ['duplicate-resigned', 'pass', [200, 200], 1],
        ['malformed-body', 'pass', [400], 0],
        ['malformed-no-data', 'pass', [400], 0],
        ['malformed-no-signature', 'pass', [400], 0],
        ['unknown-event', 'pass', [200], 0],
      ]);
      expect(report.summary).toEqual({ passed: 16, failed: 0, notObserved: 0 });
      expect(report.bugs).toEqual([]);
      expect(formatReceiverReport(report)).toMatch(/16 cases: 16 passed, 0 failed, 0 not observed\nNo receiver bug found\.$/);
    });
  }

  for (const kind of PLANTED) {
    for (const encoding of ['json', 'form'] as const) {
      it(`names the planted bug of the ${kind} receiver (${encoding})`, async () => {
        const report = await test(kind, encoding);
        expect(failed(report)).toEqual(EXPECTED[kind].cases);
        expect(report.bugs.map((b) => b.bug).sort()).toEqual(EXPECTED[kind].bugs);
        expect(report.summary.failed).toBe(EXPECTED[kind].cases.length);
        const text = formatReceiverReport(report);
        for (const b of report.bugs) expect(text).toContain(`BUG ${b.bug}: the receiver ${b.description} (${b.cases.join(', ')})`);
      });
    }
  }

  it('without a probe checks statuses only: duplicates are "not observed", and a non-idempotent receiver is then not caught', async () => {
    const report = await test('not-idempotent', 'json', false);
    expect(report.cases.filter((c) => c.outcome === 'not observed').map((c) => c.id)).toEqual(['duplicate', 'duplicate-resigned']);
    expect(report.summary).toEqual({ passed: 14, failed: 0, notObserved: 2 });
    expect(report.cases.every((c) => c.effects.observed === null)).toBe(true);
    expect(formatReceiverReport(report)).toContain('effects not observed: no --probe, statuses only');
  });

  it('names one cause for a receiver keyed with another secret: it refuses the valid deliveries', async () => {
    const r = await startReceiver('webhookHandler', 'some-other-secret');
    receivers.push(r);
    const report = await runReceiverTest(catalog, { url: r.url, secret: SECRET, encoding: 'json', probe: r.probe });
    expect(report.summary).toEqual({ passed: 8, failed: 8, notObserved: 0 });
    expect(report.bugs).toEqual([{
      bug: 'refuses-valid', description: 'refuses a valid delivery',
      cases: ['valid-paymentFound', 'valid-paymentConfirmed', 'valid-refundProcessed', 'valid-noncanonical', 'rotation-both', 'duplicate', 'duplicate-resigned', 'unknown-event'],
    }]);
  });

  it('uses --old-secret for the rotation cases: a receiver still keyed with the old secret too is named', async () => {
    const rotating = await startReceiver('webhookHandler', [SECRET, 'old-secret']);
    receivers.push(rotating);
    const report = await runReceiverTest(catalog, { url: rotating.url, secret: SECRET, oldSecret: 'old-secret', encoding: 'json', probe: rotating.probe });
    expect(failed(report)).toEqual(['rotation-old-only']);
    expect(report.bugs).toEqual([{ bug: 'accepts-rotated-secret', description: 'accepts a signature made with the secret it rotated away from', cases: ['rotation-old-only'] }]);
    expect(report.cases.find((c) => c.id === 'rotation-old-only')).toMatchObject({ statuses: [200], effects: { expected: 0, observed: 1 } });
  });
});
