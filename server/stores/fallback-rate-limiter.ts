// Rate limits that degrade instead of failing: the shared limiter (Redis) while it
// answers; while it cannot be reached, each process counts on its own (the in-memory RateLimiter, the
// same rule), so public reads and merchant and partner requests keep being answered, limited per
// process rather than across instances. One warning per outage, one line when it is shared again.
import { StoreUnavailableError } from '../core/errors.ts';
import type { RateCounter, RateDecision, RateLimitRule } from '../ports/rate-limit.ts';
import { RateLimiter } from '../http/rate-limit.ts';

export class FallbackRateLimiter implements RateCounter {
  private readonly local: RateLimiter;
  private degraded = false;

  constructor(
    private readonly shared: RateCounter,
    private readonly log: (line: string) => void,
    private readonly name = 'api',
  ) {
    this.local = new RateLimiter(shared.rule);
  }

  get rule(): RateLimitRule {
    return this.shared.rule;
  }

  async hit(client: string): Promise<RateDecision> {
    try {
      const decision = await this.shared.hit(client);
      if (this.degraded) {
        this.degraded = false;
        this.log(`[${this.name}] rate limits shared again (Redis reachable)`);
      }
      return decision;
    } catch (e) {
      if (!(e instanceof StoreUnavailableError)) throw e;
      if (!this.degraded) {
        this.degraded = true;
        this.log(`[${this.name}] WARNING: the shared rate-limit store cannot be reached; limiting per process until it is back (${e.cause instanceof Error ? e.cause.message : String(e.cause)})`);
      }
      return this.local.hit(client);
    }
  }
}
