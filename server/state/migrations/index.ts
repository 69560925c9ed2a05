// The versioned migrations, in order: one module per version, NNN-name.ts exporting its SQL. They
// are modules, not .sql files read from disk, so they travel with the code wherever it runs (the
// compiled package's dist/, a service bundled with esbuild). Each module's default export is its
// SQLite text (never edited once released: existing state files must keep opening); the PostgreSQL
// text is derived from it by dialect.ts, or given as the module's `postgres` export where the
// derivation is not enough.
import initial, { postgres as initialPostgres } from './001-initial.ts';
import exchangeLease from './002-exchange-lease.ts';
import outboxOrder, { postgres as outboxOrderPostgres } from './003-outbox-order.ts';
import idempotency from './004-idempotency.ts';
import marketLeases, { postgres as marketLeasesPostgres } from './005-exchange-market-leases.ts';
import outboxClaims from './006-outbox-claims.ts';
import recordsByOwner, { postgres as recordsByOwnerPostgres } from './007-records-by-owner.ts';
import journalSeq, { postgres as journalSeqPostgres } from './008-journal-seq-never-reused.ts';
import recordsQueued, { postgres as recordsQueuedPostgres } from './009-records-queued.ts';
import recordsByGroup, { postgres as recordsByGroupPostgres } from './010-records-by-group.ts';

export const MIGRATIONS = [
  { version: 1, name: '001-initial', sql: initial, postgres: initialPostgres },
  { version: 2, name: '002-exchange-lease', sql: exchangeLease },
  { version: 3, name: '003-outbox-order', sql: outboxOrder, postgres: outboxOrderPostgres },
  { version: 4, name: '004-idempotency', sql: idempotency },
  { version: 5, name: '005-exchange-market-leases', sql: marketLeases, postgres: marketLeasesPostgres },
  { version: 6, name: '006-outbox-claims', sql: outboxClaims },
  { version: 7, name: '007-records-by-owner', sql: recordsByOwner, postgres: recordsByOwnerPostgres },
  { version: 8, name: '008-journal-seq-never-reused', sql: journalSeq, postgres: journalSeqPostgres },
  { version: 9, name: '009-records-queued', sql: recordsQueued, postgres: recordsQueuedPostgres },
  { version: 10, name: '010-records-by-group', sql: recordsByGroup, postgres: recordsByGroupPostgres },
] as const;
