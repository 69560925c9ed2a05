// The load of the HTTP figures: autocannon run in this process (the server is another process)
// and the three requests it sends. Signed requests are signed here, per request, with the X1
// implementation the client and the server share, over a pool of keys so nonces never collide.
import autocannon from 'autocannon';
import { sign, signaturePayload } from '../contracts/exchange/signing.ts';
import type { BenchKey } from './fixtures.ts';

export type Endpoint = 'ticker' | 'balances' | 'payment';

export const ENDPOINT_LABEL: Record<Endpoint, string> = {
  ticker: 'GET /api/v1/tickers/btcusd',
  balances: 'GET /api/v1/balances (signed)',
  payment: 'POST /merchant/v2/payments',
};

/** Strictly increasing millisecond nonces per access key: max(now, last + 1), as the client does. */
export class NonceCounter {
  private readonly last = new Map<string, number>();
  next(accessKey: string): number {
    const nonce = Math.max(Date.now(), (this.last.get(accessKey) ?? 0) + 1);
    this.last.set(accessKey, nonce);
    return nonce;
  }
}

const BALANCES = '/api/v1/balances';

/** `/api/v1/balances?access_key=..&nonce=..&signature=..`, signed now with a fresh nonce. */
export function signedBalancesPath(key: BenchKey, nonces: NonceCounter): string {
  const nonce = nonces.next(key.accessKey);
  const signature = sign(signaturePayload({ method: 'GET', path: BALANCES, query: { access_key: key.accessKey, nonce } }), key.secret);
  return `${BALANCES}?access_key=${key.accessKey}&nonce=${nonce}&signature=${signature}`;
}

const MERCHANT_AUTH = `Basic ${Buffer.from('demo-merchant:demo-merchant-secret').toString('base64')}`;
let invoiceSeq = 0;
const invoicePrefix = `B${Date.now().toString(36)}`;

/** A valid Create a Payment body with an invoice number never sent before (M5 refuses duplicates). */
export function paymentBody(): string {
  invoiceSeq += 1;
  return JSON.stringify({
    payment: {
      amount: '10.00', external_id: `bench-${invoiceSeq}`, currency_iso: 'USD', crypto_iso: 'BTC', confirmations_required: '3',
      ip: '203.0.113.7', invoice_number: `${invoicePrefix}N${invoiceSeq}`, first_name: 'Jane', last_name: 'Doe', email: 'jane@example.com',
      city: 'Toronto', country: 'CA',
    },
  });
}

export const paymentHeaders = { authorization: MERCHANT_AUTH, 'content-type': 'application/json' };

/** The autocannon request list of an endpoint; balances rotates over `keys`. */
export function requestsFor(endpoint: Endpoint, keys: readonly BenchKey[], nonces: NonceCounter): autocannon.Request[] {
  switch (endpoint) {
    case 'ticker':
      return [{ method: 'GET', path: '/api/v1/tickers/btcusd' }];
    case 'balances': {
      let i = 0;
      return [
        {
          method: 'GET',
          path: BALANCES,
          setupRequest: (request) => ({ ...request, path: signedBalancesPath(keys[i++ % keys.length] as BenchKey, nonces) }),
        },
      ];
    }
    case 'payment':
      return [{ method: 'POST', path: '/merchant/v2/payments', headers: paymentHeaders, setupRequest: (request) => ({ ...request, body: paymentBody() }) }];
  }
}

/** How a side-by-side figure runs: rounds of `seconds` after a warm-up, with fresh nonces, reporting progress. */
export interface RoundPlan {
  nonces: NonceCounter;
  rounds: number;
  seconds: number;
  warmupSeconds: number;
  progress: (line: string) => void;
}

export interface LoadResult {
  /** 2xx responses per second of the run. */
  rps: number;
  ok: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
  latencyP50Ms: number;
  latencyP99Ms: number;
  seconds: number;
}

export interface LoadOptions {
  url: string;
  requests: autocannon.Request[];
  connections: number;
  /** Seconds; or `amount` requests. */
  duration?: number;
  amount?: number;
}

/** One autocannon run; bounded by `duration` (or `amount`, with a 10 s request timeout). */
export async function runLoad({ url, requests, connections, duration, amount }: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections,
    pipelining: 1,
    timeout: 10,
    // autocannon stops at the first sample tick after the duration: tick often so a run lasts
    // what it was asked to (the default 1 s tick rounds every run up to whole seconds).
    sampleInt: 100,
    ...(amount !== undefined ? { amount } : { duration: duration ?? 1 }),
    requests,
  });
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count ?? 0]));
  return {
    rps: result['2xx'] / result.duration,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    statusCodes,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    seconds: result.duration,
  };
}

/** A run whose every response was a 2xx and that had no connection error. */
export const clean = (r: LoadResult) => r.non2xx === 0 && r.errors === 0;
