// What the sandbox control API acts on (decisions S-where, S-clock, S-rate-limits): the test clock,
// the rate-limit exemption and the reset hooks each API's default handler set registers. Made by
// createServer only when `sandbox.controlApi` is on; without it nothing here exists and the
// sandboxes run on real timers, exactly as before.
import type { Removed, ResetHooks, SandboxHooks } from '../api/module.ts';
import type { ServerConfig } from '../config/config.ts';
import type { RateCounter } from '../ports/rate-limit.ts';
import type { Clock } from '../core/clock.ts';
import { isLoopback } from './auth.ts';
import { TestClock } from './clock.ts';
import type { DeliveryLog } from './delivery-log.ts';
import type { SandboxFixtures } from './fixtures.ts';

export type { Removed, ResetHooks };

const merge = (into: Removed, more: Removed | void): Removed => {
  for (const [kind, n] of Object.entries(more ?? {})) into[kind] = (into[kind] ?? 0) + n;
  return into;
};

export class SandboxControl implements SandboxHooks {
  readonly clock: TestClock;
  exempt: boolean;
  /** The merchant sandbox's webhook delivery log (S-listen), registered by its default handlers. */
  deliveryLog?: DeliveryLog;
  /** What each API's sandbox loads fixtures through (server/sandbox/fixtures.ts); set by its default handler set. */
  readonly fixtures: SandboxFixtures = {};
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

  /** Every sandbox emptied and the clock back to real time; what was removed. */
  async resetAll(): Promise<Removed> {
    await this.clock.reset();
    const removed: Removed = {};
    for (const h of this.hooks) merge(removed, await h.all());
    return removed;
  }

  /** One merchant's records removed; what was removed. */
  async resetMerchant(apiKey: string): Promise<Removed> {
    this.clock.resetMerchant(apiKey);
    const removed: Removed = {};
    for (const h of this.hooks) if (h.merchant) merge(removed, await h.merchant(apiKey));
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

/** What 2007 adds while the test clock is ahead of real time: a nonce signed with real time is outside the window. */
export function sandboxClockNote(control: SandboxControl): string | undefined {
  const seconds = Math.floor(control.clock.offset / 1000);
  if (seconds === 0) return undefined;
  return `the sandbox test clock is ${seconds} s ahead of real time (POST /sandbox/v1/clock/advance): sign with real time plus ${seconds} s (the offset GET /sandbox/v1/clock gives), or reset it (POST /sandbox/v1/reset)`;
}
