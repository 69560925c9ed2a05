// Schema version 5: one exchange writer lease per market, in PostgreSQL (server/state/pg/exchange-
// lease.ts): holder, fencing token (incremented at every takeover), expiry in the database's clock
// (hosts' clocks may differ). exchange_commands (001) is the journal of every market, one global
// sequence (balances are shared by markets). A state file keeps its one whole-exchange lease (002):
// one file is on one host, where one writer per file is what SQLite's write lock allows anyway.
export default /* sql */ `-- state file: nothing (the exchange lease stays whole-exchange, 002)`;

export const postgres = /* sql */ `
CREATE TABLE exchange_leases (
  market TEXT PRIMARY KEY,
  holder TEXT NOT NULL,
  token BIGINT NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL
);
`;
