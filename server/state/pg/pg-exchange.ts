// The exchange on PostgreSQL: a writer lease per market with fencing tokens
// (exchange-lease.ts) and the journal shared by the writers of every market (exchange-journal.ts).
// compose.ts spreads what `pgExchangeStores` returns into the stores; one exchange per PgState,
// however many servers use it. The journal's entries load on the first request (every write
// catches up under the journal's lock, every read before it answers); the leases are polled from
// now on, and the first markets taken rebuild the engine (its pending cancels resume there).
import type pg from 'pg';
import type { MarketId } from '../../ports/engine-journal.ts';
import type { ServerStores } from '../../ports/stores.ts';
import { PgMarketLeases, type MarketLeaseOptions } from './exchange-lease.ts';
import { PgExchangeJournal } from './exchange-journal.ts';
import type { PgState } from './pg-state.ts';

export interface PgExchangeOptions {
  /** How long a writer lease holds unrenewed (config exchange.writerLeaseMs). */
  writerLeaseMs: number;
  /** Every market of the exchange. */
  markets: readonly MarketId[];
  log?: (line: string) => void;
}

export interface PgExchange {
  journal: PgExchangeJournal;
  writer: PgMarketLeases;
  /** Gives the held leases up (another instance takes over at its next poll) and frees the journal's connection. */
  close(): Promise<void>;
}

function createPgExchange(pool: pg.Pool, options: MarketLeaseOptions): PgExchange {
  const writer = new PgMarketLeases(pool, options);
  const journal = new PgExchangeJournal(pool, writer, options.ttlMs);
  return {
    journal,
    writer,
    close: async () => {
      await writer.stop();
      await journal.close();
    },
  };
}

/** Opened and started at once: entries loaded, leases taken (tests). */
export async function openPgExchange(pool: pg.Pool, options: MarketLeaseOptions): Promise<PgExchange> {
  const ex = createPgExchange(pool, options);
  await ex.journal.open();
  await ex.writer.start();
  return ex;
}

const exchanges = new WeakMap<PgState, PgExchange>();

/** The exchange's journal and writer in PostgreSQL. */
export function pgExchangeStores(state: PgState, options: PgExchangeOptions): Pick<ServerStores, 'journal' | 'exchangeWriter'> {
  let ex = exchanges.get(state);
  if (!ex) {
    ex = createPgExchange(state.pool, { ttlMs: options.writerLeaseMs, markets: options.markets, ...(options.log ? { log: options.log } : {}) });
    exchanges.set(state, ex);
    // The first round's answer comes after this turn: the handlers built on these stores have
    // registered their takeover by then.
    void ex.writer.start();
  }
  return { journal: ex.journal, exchangeWriter: ex.writer };
}

/** Gives this instance's market leases up before the pool closes (SIGTERM), so failover is immediate. */
export async function closePgExchange(state: PgState): Promise<void> {
  await exchanges.get(state)?.close();
}
