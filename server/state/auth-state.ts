// Used nonces and rate-limit bans in the state file, so a restart forgets neither: a request signed
// before a crash and replayed after it is still 2006, and a ban still holds. Nonces are claimed with
// one INSERT ... ON CONFLICT DO UPDATE WHERE expired, atomic across processes sharing the file.
import type { NonceClaims } from '../ports/nonces.ts';
import type { BanStore } from '../ports/rate-limit.ts';
import type { Clock } from '../core/clock.ts';
import type { StateDb } from './db.ts';

/** The used nonces of the exchange verifier (server/ports/nonces.ts) in the state file. */
export class SqliteNonceStore implements NonceClaims {
  private readonly claimStmt;
  private readonly pruneStmt;
  private claims = 0;

  constructor(private readonly state: StateDb, private readonly ttl = 61_000, private readonly clock: Clock = Date.now) {
    this.claimStmt = state.db.prepare<[{ key: string; expires: number; now: number }]>(
      'INSERT INTO nonces (key, expires_at) VALUES (@key, @expires) ON CONFLICT (key) DO UPDATE SET expires_at = excluded.expires_at WHERE nonces.expires_at <= @now',
    );
    this.pruneStmt = state.db.prepare<[number]>('DELETE FROM nonces WHERE expires_at <= ?');
  }

  claim(accessKey: string, nonce: string): boolean {
    const now = this.clock();
    const key = `${accessKey}\u0000${nonce}`;
    return this.state.write(() => {
      // Expired nonces go now and then, in the same transaction (no extra commit).
      if (++this.claims % 1000 === 0) this.pruneStmt.run(now);
      return this.claimStmt.run({ key, expires: now + this.ttl, now }).changes === 1;
    });
  }
}

/** Bans of one API's rate limiter, by client. */
export function sqliteBans(state: StateDb, scope: string): BanStore {
  const load = state.db.prepare<[string, number], { client: string; until: number }>('SELECT client, until FROM bans WHERE scope = ? AND until > ?');
  const save = state.db.prepare<[string, string, number]>('INSERT OR REPLACE INTO bans (scope, client, until) VALUES (?, ?, ?)');
  const prune = state.db.prepare<[string, number]>('DELETE FROM bans WHERE scope = ? AND until <= ?');
  return {
    load: (now) => load.all(scope, now).map((r) => [r.client, r.until] as const),
    save: (client, until, now) => state.write(() => {
      prune.run(scope, now);
      save.run(scope, client, until);
    }),
  };
}
