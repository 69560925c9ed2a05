// SEAM for the exchange on PostgreSQL (issue 21 point 3, filled by the pg-exchange branch): the
// exchange journal (one row per accepted command, in `exchange_commands`) and the per-market writer
// lease with fencing tokens. Until it is filled, with DATABASE_URL the exchange keeps its journal in
// memory (as with STATE=memory): its book is per process and lost on restart, and every instance
// matches its own orders. Fill this function; compose.ts spreads what it returns into the stores.
import type { ServerStores } from '../../ports/stores.ts';
import type { PgState } from './pg-state.ts';

export interface PgExchangeOptions {
  /** How long a writer lease holds unrenewed (config exchange.writerLeaseMs). */
  writerLeaseMs: number;
  log?: (line: string) => void;
}

/** The exchange's journal and writer in PostgreSQL; none yet (memory). */
export function pgExchangeStores(_state: PgState, _options: PgExchangeOptions): Pick<ServerStores, 'journal' | 'exchangeWriter'> {
  return {};
}
