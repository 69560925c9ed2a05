// Schema version 1: the first state file layout. A migration is never edited once released: a
// change of layout is a new file (002-...) appended to server/state/migrations/index.ts.
export default /* sql */ `
-- 001: the sandbox's state. Exchange: the journal of accepted commands (the engine is rebuilt by
-- replaying it). Merchant and partner: one JSON row per record. Claims: the uniqueness rules
-- (invoice numbers, e-mail addresses). Nonces and bans of the auth and rate-limit layers.
CREATE TABLE exchange_commands (
  seq INTEGER PRIMARY KEY,
  at INTEGER NOT NULL,
  command TEXT NOT NULL
);

CREATE TABLE records (
  kind TEXT NOT NULL,
  id INTEGER NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (kind, id)
) WITHOUT ROWID;

CREATE TABLE claims (
  scope TEXT NOT NULL,
  key TEXT NOT NULL,
  PRIMARY KEY (scope, key)
) WITHOUT ROWID;

CREATE TABLE nonces (
  key TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE bans (
  scope TEXT NOT NULL,
  client TEXT NOT NULL,
  until INTEGER NOT NULL,
  PRIMARY KEY (scope, client)
) WITHOUT ROWID;

-- Webhook deliveries still owed: the event's bytes and when the next attempt is due.
CREATE TABLE webhook_outbox (
  webhook_id TEXT PRIMARY KEY,
  merchant TEXT NOT NULL,
  event TEXT NOT NULL,
  url TEXT NOT NULL,
  data TEXT NOT NULL,
  attempt INTEGER NOT NULL,
  due_at INTEGER NOT NULL
) WITHOUT ROWID;
`;
