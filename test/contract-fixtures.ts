// Fixtures of the contract-runner tests: a server on 127.0.0.1:<free port> built with
// createServer, and fresh copies of the three reference handler sets.
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { createServer, type CreateServerOptions, type ServerHandlers } from '../server/app.ts';
import { resolveConfig, type ConfigInput } from '../server/config/config.ts';
import { createExchangeReference } from '../server/exchange/reference/index.ts';
import { merchantReferenceHandlers } from '../server/merchant/reference/index.ts';
import { partnerReferenceHandlers } from '../server/partner/reference/index.ts';

export interface RunningServer {
  baseUrl: string;
  logs: string[];
  close: () => Promise<void>;
}

/** scrypt's N for registrations: the runner checks answers, not hashing cost (the default costs 36 ms of CPU each). */
const CHEAP_HASH = 1024;

/** Listens on 127.0.0.1 with a free port; the rate limiter off (the runner sends thousands of requests). */
export async function startServer(options: CreateServerOptions = {}): Promise<RunningServer> {
  const logs: string[] = [];
  const app: Express = createServer({
    log: (line) => logs.push(line),
    ...options,
    config: { logRequests: false, rateLimit: { enabled: false }, partner: { passwordHashCost: CHEAP_HASH }, ...(options.config as object | undefined) },
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    logs,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The reference implementations of the three APIs, fresh state each call. Merchant webhooks go
 * to a transport that acknowledges without any network (generated webhook URLs are random hosts).
 */
export function referenceHandlers(input: ConfigInput = {}): ServerHandlers {
  const config = resolveConfig(input);
  return {
    exchange: createExchangeReference(config).handlers,
    merchant: merchantReferenceHandlers({ config, transport: async () => ({ status: 200 }) }),
    partner: partnerReferenceHandlers({ passwordHashCost: CHEAP_HASH }),
  } as unknown as ServerHandlers;
}
