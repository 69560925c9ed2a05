// Port: the part of the shared stores a validator uses (used nonces, rate-limit windows), apart
// from the rest of SharedStores so that what a validator's types name ends here, short of the
// merchant store's records.
import type { ApiId } from '../../contracts/shared/contract.ts';
import type { NonceClaims } from './nonces.ts';
import type { RateCounter, RateLimitRule } from './rate-limit.ts';

export interface RequestStores {
  nonces(ttlMs: number): NonceClaims;
  limiter(api: ApiId, rule: RateLimitRule): RateCounter;
}
