// Schema version 8: the exchange journal's sequence numbers are never reused. Every process on a
// state file applies exchange writes (exchange-journal.ts); a process that sees the journal's first
// seq move past the first one it knew (or the journal empty) knows another process reset the
// sandbox, and rebuilds. A plain INTEGER PRIMARY KEY would number the rows after a reset from 1
// again, which cannot be told from the old ones; AUTOINCREMENT keeps counting past every seq ever
// used. The rows are copied with their seqs.
export default /* sql */ `
CREATE TABLE exchange_commands_next (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  at INTEGER NOT NULL,
  command TEXT NOT NULL
);
INSERT INTO exchange_commands_next (seq, at, command) SELECT seq, at, command FROM exchange_commands;
DROP TABLE exchange_commands;
ALTER TABLE exchange_commands_next RENAME TO exchange_commands;
`;

/** PostgreSQL: its identity column never reuses a value already (001). */
export const postgres = /* sql */ `-- nothing: exchange_commands.seq is an identity column`;
