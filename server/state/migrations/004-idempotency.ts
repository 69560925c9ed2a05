// Schema version 4: Idempotency-Key records (server/state/idempotency.ts). `answer` is null while
// the first request runs (its lease in `until`), then the stored answer (kept 24 h).
export default /* sql */ `
CREATE TABLE idempotency (
  key TEXT PRIMARY KEY,
  fingerprint TEXT NOT NULL,
  answer TEXT,
  until INTEGER NOT NULL
) WITHOUT ROWID;
`;
