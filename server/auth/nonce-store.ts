// Used nonces per access key in memory (the NonceClaims port, server/ports/nonces.ts; X2): a nonce is single use and remembered for `ttlMs` (at least 61 s,
// longer than the ±30 s window, so a nonce is refused as stale before it could be forgotten).
// Entries sit in a Map in insertion order; with a monotone clock that is expiry order, so pruning
// from the front is amortised O(1) and memory stays bounded by the traffic of the last `ttlMs`.
import type { NonceClaims } from '../ports/nonces.ts';
import type { Clock } from '../core/clock.ts';

export type { NonceClaims };

export class NonceStore implements NonceClaims {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly ttlMs = 61_000,
    private readonly now: Clock = Date.now,
  ) {}

  /**
   * Records `nonce` for `accessKey` unless it was already used: check and set in one synchronous
   * step, so two concurrent requests with the same nonce cannot both pass. Returns false on reuse.
   */
  claim(accessKey: string, nonce: string): boolean {
    const now = this.now();
    this.prune(now);
    const id = `${accessKey}\u0000${nonce}`;
    const expires = this.seen.get(id);
    if (expires !== undefined && expires > now) return false;
    this.seen.delete(id);
    this.seen.set(id, now + this.ttlMs);
    return true;
  }

  get size(): number {
    return this.seen.size;
  }

  private prune(now: number): void {
    for (const [id, expires] of this.seen) {
      if (expires > now) break;
      this.seen.delete(id);
    }
  }
}
