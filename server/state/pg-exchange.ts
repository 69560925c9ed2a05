// The exchange on PostgreSQL: the per-market writer leases and the shared journal, opened together
// (the journal's entries are loaded before the engine replays them; the leases are then polled).
import type pg from 'pg';
import { PgMarketLeases, type MarketLeaseOptions } from './pg-exchange-lease.ts';
import { PgExchangeJournal } from './pg-exchange-journal.ts';

export interface PgExchange {
  journal: PgExchangeJournal;
  writer: PgMarketLeases;
  /** Gives the held leases up (another instance takes over at its next poll) and frees the journal's connection. */
  close(): Promise<void>;
}

export async function openPgExchange(pool: pg.Pool, options: MarketLeaseOptions): Promise<PgExchange> {
  const writer = new PgMarketLeases(pool, options);
  const journal = await new PgExchangeJournal(pool, writer, options.ttlMs).open();
  await writer.start();
  return {
    journal,
    writer,
    close: async () => {
      await writer.stop();
      await journal.close();
    },
  };
}
