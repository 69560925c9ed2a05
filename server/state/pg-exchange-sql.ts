// The exchange's tables on PostgreSQL and the little of `pg` the exchange uses (a pool handing out
// clients, parameterised queries), typed here so the exchange's lease and journal depend on no
// driver type. The PostgreSQL migration runner applies EXCHANGE_PG_SCHEMA.

export interface PgQueryable {
  query<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: R[]; rowCount: number | null }>;
}

export interface PgPoolClient extends PgQueryable {
  release(destroy?: boolean | Error): void;
}

export interface PgPool extends PgQueryable {
  connect(): Promise<PgPoolClient>;
}

/**
 * exchange_commands: the journal, one global sequence for every market (balances are shared by
 * markets, so commands are applied in one order everywhere). exchange_leases: one writer lease per
 * market, its fencing token incremented at every takeover, its expiry in the database's clock (hosts'
 * clocks may differ).
 */
export const EXCHANGE_PG_SCHEMA = /* sql */ `
CREATE TABLE exchange_commands (
  seq BIGINT PRIMARY KEY,
  at BIGINT NOT NULL,
  command TEXT NOT NULL
);

CREATE TABLE exchange_leases (
  market TEXT PRIMARY KEY,
  holder TEXT NOT NULL,
  token BIGINT NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL
);
`;

/** The advisory lock key of the journal (pg_advisory_xact_lock): 'exjn' as an integer. */
export const JOURNAL_LOCK_KEY = 0x65786a6e;
