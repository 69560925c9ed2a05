// One exchange writer per market across hosts: a lease row per market in
// PostgreSQL (exchange_leases: holder, fencing token, expiry in the database's clock). Every
// instance polls every ttl / 3: a holder renews its markets; anyone else takes a market whose lease
// expired (its holder died or stalled), with the next token, and rebuilds its engine from the
// journal. An instance refuses writes for a market it does not hold (503 3001, naming the market,
// one log line per market). The journal (pg/exchange-journal.ts) checks each written market's
// token inside the transaction that appends, so a holder that lost its lease never gets a write in.
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { ExchangeWriter, MarketId } from '../../ports/engine-journal.ts';
import { LeaseNotHeldError } from '../exchange-lease.ts';
import type pg from 'pg';

type PgQueryable = pg.Pool | pg.PoolClient;

export interface MarketLeaseOptions {
  /** How long a lease holds unrenewed (ms). */
  ttlMs: number;
  /** Every market of the exchange. */
  markets: readonly MarketId[];
  /** The markets this instance competes for (default: every market). */
  compete?: readonly MarketId[];
  /** Local monotonic-enough clock for the holder's own deadline (tests pause it). */
  now?: () => number;
  log?: (line: string) => void;
}

interface Row {
  market: string;
  holder: string;
  expires_at: Date;
}

export class PgMarketLeases implements ExchangeWriter {
  readonly holder = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  private readonly tokens = new Map<MarketId, number>();
  private readonly heldUntil = new Map<MarketId, number>();
  private readonly others = new Map<string, Row>();
  private readonly saidRefused = new Set<MarketId>();
  private readonly candidates: readonly MarketId[];
  private readonly now: () => number;
  private takeover: (() => void | Promise<void>) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private firstRound: Promise<void> | undefined;

  constructor(private readonly db: PgQueryable, private readonly options: MarketLeaseOptions) {
    this.candidates = options.compete ?? options.markets;
    this.now = options.now ?? Date.now;
  }

  held(market?: MarketId): boolean {
    if (market === undefined) return this.options.markets.every((m) => this.held(m));
    return this.tokens.has(market) && this.now() < (this.heldUntil.get(market) ?? 0);
  }

  /** The token of this instance's lease of `market` while held. */
  fencingToken(market: MarketId): number | undefined {
    return this.held(market) ? this.tokens.get(market) : undefined;
  }

  markets(): MarketId[] {
    return this.options.markets.filter((m) => this.held(m));
  }

  onTakeover(fn: () => void | Promise<void>): void {
    this.takeover = fn;
  }

  assertWriter(market?: MarketId): void {
    for (const m of market === undefined ? this.options.markets : [market]) {
      if (this.held(m)) continue;
      const row = this.others.get(m);
      const who = row && row.holder !== this.holder ? `instance ${row.holder} holds it until ${row.expires_at.toISOString()}` : 'no instance holds it now';
      if (!this.saidRefused.has(m)) {
        this.saidRefused.add(m);
        this.options.log?.(`exchange: this instance (${this.holder}) does not hold the writer lease of market ${m} (${who}); it refuses writes for ${m} with 503 3001 and takes over when the lease expires`);
      }
      throw new LeaseNotHeldError(who, m);
    }
  }

  /** The fencing tokens a write to `markets` must still find in the lease rows (throws unless held). */
  fences(markets: readonly MarketId[]): { market: MarketId; token: number }[] {
    return markets.map((market) => {
      this.assertWriter(market);
      return { market, token: this.tokens.get(market)! };
    });
  }

  /** Resolves once the first round is done (or at once before start). */
  ready(): Promise<void> {
    return this.firstRound ?? Promise.resolve();
  }

  /** Polls now, then every ttl / 3. */
  async start(): Promise<this> {
    this.firstRound = this.poll();
    await this.firstRound;
    this.timer = setInterval(() => void this.poll(), Math.max(50, Math.floor(this.options.ttlMs / 3)));
    this.timer.unref();
    return this;
  }

  /** Stops polling without giving anything up (a stalled instance; tests). */
  async stopRenewing(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.polling;
  }

  /** Stops polling and gives held leases up (expired now), so another instance takes over at its next poll. */
  async stop(): Promise<void> {
    await this.stopRenewing();
    if (this.tokens.size === 0) return;
    this.tokens.clear();
    await this.db.query('UPDATE exchange_leases SET expires_at = now() WHERE holder = $1', [this.holder]).catch(() => undefined);
  }

  /** One round: renew what is held, take over what expired. One at a time. */
  poll(): Promise<void> {
    this.polling ??= this.round().finally(() => (this.polling = undefined));
    return this.polling;
  }

  private async round(): Promise<void> {
    const started = this.now();
    const ttl = this.options.ttlMs;
    const taken: string[] = [];
    try {
      // Renew every held market in one statement; a market not renewed was taken over.
      const held = [...this.tokens];
      if (held.length > 0) {
        const renewed = await this.db.query<{ market: MarketId }>(
          `UPDATE exchange_leases l SET expires_at = now() + $4 * interval '1 millisecond'
           FROM unnest($2::text[], $3::bigint[]) AS h(market, token)
           WHERE l.market = h.market AND l.token = h.token AND l.holder = $1 RETURNING l.market`,
          [this.holder, held.map(([m]) => m), held.map(([, t]) => t), ttl],
        );
        const kept = new Set(renewed.rows.map((r) => r.market));
        for (const [market, token] of held) {
          if (kept.has(market)) {
            this.heldUntil.set(market, started + ttl);
            continue;
          }
          this.tokens.delete(market);
          this.options.log?.(`exchange: this instance (${this.holder}) lost the writer lease of market ${market} (token ${token}); it refuses writes for ${market} from now on`);
        }
      }
      // Take every candidate market whose lease is absent or expired, with the next token.
      const free = this.candidates.filter((m) => !this.tokens.has(m));
      if (free.length > 0) {
        const took = await this.db.query<{ market: MarketId; token: string }>(
          `INSERT INTO exchange_leases (market, holder, token, expires_at)
           SELECT m, $2, 1, now() + $3 * interval '1 millisecond' FROM unnest($1::text[]) AS m
           ON CONFLICT (market) DO UPDATE SET holder = excluded.holder, token = exchange_leases.token + 1, expires_at = excluded.expires_at
           WHERE exchange_leases.expires_at < now() RETURNING market, token`,
          [free, this.holder, ttl],
        );
        for (const { market, token } of took.rows) {
          this.tokens.set(market, Number(token));
          this.heldUntil.set(market, started + ttl);
          this.saidRefused.delete(market);
          taken.push(`${market} (token ${token})`);
        }
      }
      const { rows } = await this.db.query<Row>('SELECT market, holder, expires_at FROM exchange_leases');
      for (const r of rows) this.others.set(r.market, r);
    } catch (e) {
      if (e instanceof Error && /Cannot use a pool after calling end/.test(e.message)) return void this.stopRenewing();
      // The database did not answer: a holder keeps writing until its local deadline (the journal's
      // fence still guards every append), then refuses; the next round retries.
      this.options.log?.(`exchange: writer lease round failed (${e instanceof Error ? e.message : String(e)}); retrying`);
    }
    if (taken.length === 0) return;
    this.options.log?.(`exchange: this instance (${this.holder}) holds the writer lease of ${taken.join(', ')}; rebuilding from the journal`);
    try {
      await this.takeover?.();
    } catch (e) {
      this.options.log?.(`exchange: rebuild after takeover failed (${e instanceof Error ? e.message : String(e)})`);
    }
  }
}
