// `webhooks test`: sends a receiver every case of receiver-cases.ts, one after the other, and grades
// each answer. Status: 2xx where a correct receiver acknowledges, 4xx where it must refuse. Effect:
// only observable through a probe the receiver exposes (`--probe URL`: GET answers
// `{"effects": <integer>}`, the number of events it has acted on); with one, every case must change
// it by exactly its expected count (a duplicate pair by 1, a refusal by 0); without one, statuses
// are all that is checked and the duplicate cases are reported as "not observed", never as passed.
import type { WebhookEncoding } from '../../contracts/merchant/webhook-encoding.ts';
import { post } from './deliver.ts';
import type { WebhookCatalog } from './events.ts';
import { RECEIVER_BUGS, receiverCases, type ReceiverBug, type ReceiverCase } from './receiver-cases.ts';

export interface ReceiverTestOptions {
  url: string;
  secret: string;
  oldSecret?: string;
  encoding: WebhookEncoding;
  probe?: string;
  toleranceSec?: number;
  /** Clock in ms (default Date.now). */
  now?: () => number;
  firstId?: number;
}

export interface CaseResult {
  id: string;
  title: string;
  expect: ReceiverCase['expect'];
  statuses: number[];
  /** Effects expected and observed; observed null without a probe. */
  effects: { expected: number; observed: number | null };
  outcome: 'pass' | 'fail' | 'not observed';
  /** Set when failed: the receiver bug the answer reveals. */
  bug?: ReceiverBug;
}

export interface ReceiverReport {
  url: string;
  encoding: WebhookEncoding;
  probe: string | null;
  cases: CaseResult[];
  summary: { passed: number; failed: number; notObserved: number };
  /** Each bug found, with the cases that revealed it. */
  bugs: { bug: ReceiverBug; description: string; cases: string[] }[];
}

async function readEffects(probe: string): Promise<number> {
  const res = await fetch(probe, { signal: AbortSignal.timeout(10_000) });
  const body = (await res.json().catch(() => null)) as { effects?: unknown } | null;
  if (!res.ok || !Number.isSafeInteger(body?.effects)) throw new Error(`the probe ${probe} must answer 200 {"effects": <integer>}, got HTTP ${res.status}`);
  return body!.effects as number;
}

const inClass = (status: number, expect: ReceiverCase['expect']) =>
  expect === '2xx' ? status >= 200 && status < 300 : status >= 400 && status < 500;

export async function runReceiverTest(catalog: WebhookCatalog, o: ReceiverTestOptions): Promise<ReceiverReport> {
  const toleranceSec = o.toleranceSec ?? 300;
  const t = Math.floor((o.now ?? Date.now)() / 1000);
  const cases = receiverCases(catalog, {
    secret: o.secret, encoding: o.encoding, t, toleranceSec,
    ...(o.oldSecret !== undefined ? { oldSecret: o.oldSecret } : {}), ...(o.firstId !== undefined ? { firstId: o.firstId } : {}),
  });
  const results: CaseResult[] = [];
  for (const k of cases) {
    const before = o.probe ? await readEffects(o.probe) : null;
    const statuses: number[] = [];
    for (const d of k.deliveries) statuses.push((await post(o.url, d.body, d.contentType)).status);
    const observed = o.probe ? (await readEffects(o.probe)) - before! : null;
    const statusOk = statuses.every((s) => inClass(s, k.expect));
    const effectOk = observed === null || observed === k.effects;
    // Without a probe a duplicate's only claim is its effect: it is not observed, not passed.
    const outcome = !statusOk || !effectOk ? 'fail' : observed === null && k.deliveries.length > 1 ? 'not observed' : 'pass';
    results.push({
      id: k.id, title: k.title, expect: k.expect, statuses, effects: { expected: k.effects, observed }, outcome,
      ...(outcome === 'fail' ? { bug: k.bug } : {}),
    });
  }
  // A receiver that refuses plain valid deliveries (a wrong secret, say) refuses the other 2xx cases
  // too: name that one cause rather than a bug per case.
  if (results.some((r) => r.bug === 'refuses-valid')) {
    for (const r of results) if (r.bug && r.expect === '2xx' && r.statuses.some((s) => s >= 400 && s < 500)) r.bug = 'refuses-valid';
  }
  const bugs = [...new Set(results.flatMap((r) => (r.bug ? [r.bug] : [])))].map((bug) => ({
    bug, description: RECEIVER_BUGS[bug], cases: results.filter((r) => r.bug === bug).map((r) => r.id),
  }));
  const count = (outcome: CaseResult['outcome']) => results.filter((r) => r.outcome === outcome).length;
  return {
    url: o.url, encoding: o.encoding, probe: o.probe ?? null, cases: results,
    summary: { passed: count('pass'), failed: count('fail'), notObserved: count('not observed') }, bugs,
  };
}

/** The report as text: one line per case, the summary, then each bug found. */
export function formatReceiverReport(r: ReceiverReport): string {
  const lines = [`Receiver test of ${r.url} (${r.encoding} bodies; effects ${r.probe ? `from ${r.probe}` : 'not observed: no --probe, statuses only'})`];
  const width = Math.max(...r.cases.map((c) => c.id.length));
  for (const c of r.cases) {
    const mark = c.outcome === 'pass' ? 'PASS' : c.outcome === 'fail' ? 'FAIL' : 'N/O ';
    const effect = c.effects.observed === null ? '' : `, effects ${c.effects.observed} (want ${c.effects.expected})`;
    lines.push(`  ${mark}  ${c.id.padEnd(width)}  want ${c.expect}, got ${c.statuses.join(' then ')}${effect}  ${c.title}`);
  }
  const s = r.summary;
  lines.push(`${r.cases.length} cases: ${s.passed} passed, ${s.failed} failed, ${s.notObserved} not observed`);
  if (r.bugs.length === 0) lines.push('No receiver bug found.');
  for (const b of r.bugs) lines.push(`BUG ${b.bug}: the receiver ${b.description} (${b.cases.join(', ')})`);
  return lines.join('\n');
}
