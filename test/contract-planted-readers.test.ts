// One planted break per class of disagreement an independent fuzzer found between the documents and
// the server (null list items, computed fields beyond their bounds, a decimal rule of its own,
// undeclared body fields the signer refuses, form field names refused, a stricter e-mail rule): each
// put back into a server, in front of it (contract-front.ts, answers marked `x-planted`) or into one
// of its handlers, and the contract runner must name it on the operation, with the check that
// catches the class. The runner finds them with its own data (arbitrary.ts, mutations.ts): null
// where an object belongs, decimals at the edges of their pattern, the largest amounts, odd field
// names and values, unusual valid e-mails.
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckId } from '../tools/contract/checks.ts';
import type { ApiId } from '../tools/contract/document.ts';
import type { CaseKind } from '../tools/contract/plan.ts';
import { runContract } from '../tools/contract/runner.ts';
import type { ServerHandlers } from '../server/app.ts';
import { referenceHandlers, startServer, type RunningServer } from './contract-fixtures.ts';
import { startFront, type FrontAnswer, type FrontRequest, type Plant } from './contract-front.ts';

const PLANTED = { 'x-planted': '1' };
const exchangeError = (message: string): FrontAnswer => ({ status: 400, headers: PLANTED, json: { error: { code: 1001, message } } });
const isForm = (r: FrontRequest) => String(r.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
function jsonBody(r: FrontRequest): Record<string, unknown> | undefined {
  if (isForm(r)) return undefined;
  try {
    const v = JSON.parse(r.body) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
/** The field names of a form body, decoded, before any `[`. */
const formNames = (r: FrontRequest) => (isForm(r) ? [...new URLSearchParams(r.body).keys()].map((k) => k.split('[')[0]!) : []);
const DECLARED = new Set(['market', 'side', 'volume', 'ord_type', 'price', 'orders', 'id', 'access_key', 'nonce', 'tonce', 'signature']);

interface Break {
  name: string;
  api: ApiId;
  operations: string[];
  kinds: CaseKind[];
  check: CheckId;
  /** A front that answers or rewrites requests as the broken server did. */
  plant?: Plant;
  /** Or the reference handlers with one broken. */
  handlers?: () => ServerHandlers;
}

type Loose = (input: unknown) => Promise<{ status: number; body?: unknown }>;

/** createPayment computing amount_due at 24 places, as a server whose output is not bounded by its inputs. */
function unboundedAmountDue(): ServerHandlers {
  const handlers = referenceHandlers() as unknown as Record<string, Record<string, Loose>>;
  const original = handlers.merchant!.createPayment!;
  handlers.merchant!.createPayment = async (input) => {
    const result = await original(input);
    const body = result.body as { amount: string; exchange_rate: string; amount_due: string };
    if (result.status === 201) body.amount_due = new Big(body.amount).div(body.exchange_rate).toFixed(24);
    return result;
  };
  return handlers as unknown as ServerHandlers;
}

const BREAKS: Break[] = [
  {
    name: '1: a null item in a list of objects reaches the handler (500)',
    api: 'exchange', operations: ['createOrders'], kinds: ['negative'], check: 'not_a_server_error',
    plant: (r) => {
      const orders = jsonBody(r)?.orders;
      return r.path === '/api/v1/orders/multi' && Array.isArray(orders) && orders.includes(null)
        ? { status: 500, headers: PLANTED, json: { error: { code: 1005, message: 'Internal server error' } } }
        : undefined;
    },
  },
  {
    name: '2: a computed response field beyond its maxLength for an accepted amount',
    api: 'merchant', operations: ['createPayment'], kinds: ['valid'], check: 'response_schema_conformance',
    handlers: unboundedAmountDue,
  },
  {
    name: '3: a decimal rule of its own (more than 20 digits before the point refused)',
    api: 'exchange', operations: ['createOrder'], kinds: ['valid'], check: 'positive_data_acceptance',
    plant: (r) => {
      if (r.path !== '/api/v1/orders' || r.method !== 'POST') return undefined;
      const fields = jsonBody(r) ?? Object.fromEntries(new URLSearchParams(r.body));
      const long = ['volume', 'price'].find((k) => typeof fields[k] === 'string' && (fields[k] as string).split('.')[0]!.length > 20);
      return long ? exchangeError(`${long}: '${String(fields[long])}' is not a decimal number (digits, optionally '.' and more digits)`) : undefined;
    },
  },
  {
    name: '4: undeclared body fields the document allows, refused by the signer',
    api: 'exchange', operations: ['createOrder'], kinds: ['valid'], check: 'positive_data_acceptance',
    plant: (r) => {
      const body = jsonBody(r);
      if (r.path !== '/api/v1/orders' || !body) return undefined;
      const nested = Object.entries(body).find(([k, v]) => !DECLARED.has(k) && typeof v === 'object' && v !== null);
      return nested ? exchangeError(`${nested[0]}: X1 signs scalars, arrays of scalars or of flat objects, and flat objects; this value is nested deeper`) : undefined;
    },
  },
  {
    name: '5: form field names the document allows, refused by the form parser',
    api: 'exchange', operations: ['createOrder'], kinds: ['valid'], check: 'positive_data_acceptance',
    plant: (r) => {
      const odd = formNames(r).find((n) => !/^[a-z_]+$/.test(n));
      return r.path === '/api/v1/orders' && odd !== undefined ? exchangeError(`body: ${JSON.stringify(odd)} is not a valid form field name`) : undefined;
    },
  },
  {
    name: '6: an e-mail rule stricter than the document\'s pattern',
    api: 'partner', operations: ['registerUser'], kinds: ['example', 'valid'], check: 'positive_data_acceptance',
    plant: (r) => {
      const email = (jsonBody(r)?.registration as { email?: unknown } | undefined)?.email;
      return r.path === '/partner/v1/user_registration' && typeof email === 'string' && !/^[a-z0-9.]+@[a-z0-9.-]+$/.test(email)
        ? { status: 422, headers: PLANTED, json: { status: 0, message: ['Email is not a valid address'] } }
        : undefined;
    },
  },
];

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ config: { validate: 'requests' }, handlers: referenceHandlers() });
});
afterAll(async () => server?.close());

describe('the fuzzer\'s classes, planted: the runner names each', () => {
  it.each(BREAKS)('$name', async (b) => {
    const own = b.handlers ? await startServer({ config: { validate: 'requests' }, handlers: b.handlers() }) : undefined;
    const front = b.plant ? await startFront(server, b.plant) : undefined;
    const target = (front ?? own)!;
    const hits: string[] = [];
    try {
      const report = await runContract({
        api: b.api, baseUrl: target.baseUrl, runs: 30, negativeRuns: 20, seed: 27, operations: b.operations, kinds: b.kinds,
        onCase: (op, _c, res, failures) => {
          // A planted front marks its answers; a planted handler is the whole server.
          if (own || res.headers['x-planted'] === '1') for (const f of failures) hits.push(`${op.operationId} ${f.check}: ${f.message}`);
        },
      });
      const row = report.operations.find((o) => o.operationId === b.operations[0])!;
      expect(row.failures.map((f) => f.check), hits.join('\n')).toContain(b.check);
      expect(hits.filter((h) => h.startsWith(`${b.operations[0]} ${b.check}:`)).length, hits.join('\n')).toBeGreaterThan(0);
    } finally {
      await front?.close();
      await own?.close();
    }
  }, 180_000);
});
