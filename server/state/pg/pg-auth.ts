// Used nonces and rate-limit bans in PostgreSQL (as server/state/auth-state.ts in the state file):
// a nonce is claimed with one INSERT ... ON CONFLICT DO UPDATE WHERE expired, atomic across
// instances; bans are saved when one begins, and a limiter starts with those running when the
// process opened the database (PgState.bansAtOpen).
import type { NonceClaims } from '../../ports/nonces.ts';
import type { BanStore } from '../../ports/rate-limit.ts';
import type { PgState } from './pg-state.ts';
import { pgText } from './pg-table.ts';

export class PgNonceStore implements NonceClaims {
  private claims = 0;

  constructor(private readonly state: PgState, private readonly ttl = 61_000, private readonly clock: () => number = Date.now) {}

  async claim(accessKey: string, nonce: string): Promise<boolean> {
    const now = this.clock();
    const key = pgText(`${accessKey}\u0000${nonce}`);
    return this.state.unit(async () => {
      // Expired nonces go now and then, in the same transaction.
      if (++this.claims % 1000 === 0) await this.state.query('DELETE FROM nonces WHERE expires_at <= $1', [now]);
      const r = await this.state.query(
        'INSERT INTO nonces (key, expires_at) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET expires_at = excluded.expires_at WHERE nonces.expires_at <= $3',
        [key, now + this.ttl, now],
      );
      return r.rowCount === 1;
    });
  }
}

/** Bans of one API's rate limiter, by client. */
export function pgBans(state: PgState, scope: string): BanStore {
  return {
    load: (now) => (state.bansAtOpen.get(scope) ?? []).filter(([, until]) => until > now),
    save: (client, until, now) => {
      state.write('DELETE FROM bans WHERE scope = $1 AND until <= $2', [scope, now]);
      state.write('INSERT INTO bans (scope, client, until) VALUES ($1, $2, $3) ON CONFLICT (scope, client) DO UPDATE SET until = excluded.until', [scope, client, until]);
    },
  };
}
