// What the sandbox control API acts on (decisions S-where, S-clock, S-rate-limits): the test clock,
// the rate-limit exemption and the reset hooks each API's default handler set registers. Made by
// createServer only when `sandbox.controlApi` is on; without it nothing here exists and the
// sandboxes run on real timers, exactly as before.
import type { ServerConfig } from '../config.ts';
import type { RateCounter } from '../ports/rate-limit.ts';
import type { Clock } from '../rate-limit.ts';
import { isLoopback } from './auth.ts';
import { TestClock } from './clock.ts';
import type { DeliveryLog } from './delivery-log.ts';

/** What one API's sandbox can reset. */
export interface ResetHooks {
  /** Empties everything. */
  all(): Promise<void>;
  /** Removes one merchant key's records; the count removed (merchant sandbox only). */
  merchant?(apiKey: string): Promise<number>;
}

export class SandboxControl {
  readonly clock: TestClock;
  exempt: boolean;
  /** The merchant sandbox's webhook delivery log (S-listen), registered by its default handlers. */
  deliveryLog?: DeliveryLog;
  private readonly hooks: ResetHooks[] = [];

  constructor(
    config: ServerConfig,
    real: Clock = Date.now,
    log: (line: string) => void = () => undefined,
  ) {
    this.clock = new TestClock(real, log);
    this.exempt = config.sandbox.exemptRateLimits;
  }

  register(hooks: ResetHooks): void {
    this.hooks.push(hooks);
  }

  /** Every sandbox emptied and the clock back to real time. */
  async resetAll(): Promise<void> {
    await this.clock.reset();
    for (const h of this.hooks) await h.all();
  }

  /** One merchant's records removed; the number removed. */
  async resetMerchant(apiKey: string): Promise<number> {
    let removed = 0;
    for (const h of this.hooks) if (h.merchant) removed += await h.merchant(apiKey);
    return removed;
  }

  /** `limiter`, except that clients in `sandboxClients` pass uncounted while the exemption is on. */
  exempting(limiter: RateCounter, sandboxClients: ReadonlySet<string>): RateCounter {
    return {
      rule: limiter.rule,
      hit: (client) => (this.exempt && (sandboxClients.has(client) || loopbackClient(client)) ? { ok: true, remaining: limiter.rule.limit } : limiter.hit(client)),
    };
  }
}

/** A client counted by address (`ip:<address>`, rate-limit.ts ipKey) on loopback: the machine the sandbox runs on (S-access). */
export const loopbackClient = (client: string) => client.startsWith('ip:') && isLoopback(client.slice(3));

/** The rate-limit client keys of the sandbox credentials of each API (server/<api>/api.ts `clientKey`). */
export function sandboxClients(config: ServerConfig): Record<'exchange' | 'merchant' | 'partner', ReadonlySet<string>> {
  return {
    exchange: new Set(config.exchange.keys.map((k) => `key:${k.accessKey}`)),
    merchant: new Set(config.merchant.keys.filter((k) => k.sandbox).map((k) => `key:${k.apiKey}`)),
    partner: new Set(config.partner.credentials.flatMap((c) => [c.bearerKey, c.basicKey].filter((k) => k !== undefined).map((k) => `credential:${k}`))),
  };
}
