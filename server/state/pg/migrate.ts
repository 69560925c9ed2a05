// The versioned migrations (server/state/migrations, the same list as the state file's) applied to
// PostgreSQL at start, in their PostgreSQL text (migrations/dialect.ts). Versions are recorded in
// `schema_version` (SQLite keeps PRAGMA user_version). Instances starting at once take turns on a
// session advisory lock, so each version is applied exactly once; a database whose schema is newer
// than this server knows was written by a newer server: refused (StateError), never downgraded.
import type pg from 'pg';
import { migrations, type Migration } from '../migrate.ts';
import { sqlFor } from '../migrations/dialect.ts';
import { StateError } from '../state-error.ts';

/** The advisory lock key of the migration runner (any constant shared by every instance). */
const MIGRATION_LOCK = 72_021_001;

/** The database URL without its password, for messages. */
export function redactDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}

/** Brings the database to the newest version; safe when several instances start at once. */
export async function applyPgMigrations(pool: pg.Pool, url: string, list: readonly Migration[] = migrations()): Promise<void> {
  const where = redactDatabaseUrl(url);
  const latest = Math.max(0, ...list.map((m) => m.version));
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (e) {
    throw new StateError(`PostgreSQL at ${where} (DATABASE_URL) cannot be reached: ${(e as Error).message}`);
  }
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())');
    const { rows } = await client.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_version');
    const found = rows[0]?.v ?? 0;
    if (found > latest) {
      throw new StateError(`PostgreSQL at ${where} has schema version ${found}, newer than this server knows (${latest}): run a newer server, or point DATABASE_URL at another database`);
    }
    for (const m of list) {
      if (m.version <= found) continue;
      try {
        await client.query('BEGIN');
        await client.query(sqlFor(m, 'postgres'));
        await client.query('INSERT INTO schema_version (version, name) VALUES ($1, $2)', [m.version, m.name]);
        await client.query('COMMIT');
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw new StateError(`PostgreSQL at ${where}: migration ${m.name} failed: ${(e as Error).message}`);
      }
    }
  } catch (e) {
    if (e instanceof StateError) throw e;
    throw new StateError(`PostgreSQL at ${where} cannot be used: ${(e as Error).message}`);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
