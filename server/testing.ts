// Test support: the three OpenAPI documents built in memory from the contracts (always in step
// with them, no `npm run generate` needed), a silent server factory and a fixed clock.
import { buildDocument } from '../contracts/shared/contract.ts';
import { exchangeContract } from '../contracts/exchange/index.ts';
import { merchantContract } from '../contracts/merchant/index.ts';
import { partnerContract } from '../contracts/partner/index.ts';
import type { ApiId } from '../contracts/shared/contract.ts';
import { createServer, type CreateServerOptions } from './app.ts';

let docs: Record<ApiId, Record<string, unknown>> | undefined;

/** The documents of the three contracts, built once per process (JSON round trip, as a YAML file would give). */
export function contractDocuments(): Record<ApiId, Record<string, unknown>> {
  docs ??= {
    exchange: JSON.parse(JSON.stringify(buildDocument(exchangeContract as never))),
    merchant: JSON.parse(JSON.stringify(buildDocument(merchantContract as never))),
    partner: JSON.parse(JSON.stringify(buildDocument(partnerContract as never))),
  };
  return docs;
}

/** A server for tests: documents from the contracts, no request log, errors collected in `logs`. */
export function testServer(options: CreateServerOptions = {}) {
  const logs: string[] = [];
  const app = createServer({
    documents: contractDocuments(),
    log: (line) => logs.push(line),
    ...options,
    config: { logRequests: false, ...(options.config ?? {}) },
  });
  return { app, logs };
}

/** A clock tests move by hand. */
export function manualClock(start = 1_700_000_000_000) {
  let t = start;
  const now = () => t;
  return Object.assign(now, { set: (ms: number) => void (t = ms), advance: (ms: number) => void (t += ms) });
}
