// The versioned migrations, in order: one module per version, NNN-name.ts exporting its SQL. They
// are modules, not .sql files read from disk, so they travel with the code wherever it runs (the
// compiled package's dist/, a service bundled with esbuild).
import initial from './001-initial.ts';
import exchangeLease from './002-exchange-lease.ts';
import outboxOrder from './003-outbox-order.ts';
import idempotency from './004-idempotency.ts';

export const MIGRATIONS = [
  { version: 1, name: '001-initial', sql: initial },
  { version: 2, name: '002-exchange-lease', sql: exchangeLease },
  { version: 3, name: '003-outbox-order', sql: outboxOrder },
  { version: 4, name: '004-idempotency', sql: idempotency },
] as const;
