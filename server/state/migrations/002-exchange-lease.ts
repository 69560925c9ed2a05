// Schema version 2: the exchange writer lease (server/state/exchange-lease.ts). One row: which
// process may append to exchange_commands, its fencing token (incremented at every takeover) and
// until when the lease holds unrenewed (epoch ms).
export default /* sql */ `
CREATE TABLE exchange_lease (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  holder TEXT NOT NULL,
  token INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
`;
