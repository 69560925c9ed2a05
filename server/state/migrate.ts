// Versioned migrations: server/state/migrations/NNN-name.ts (listed in migrations/index.ts), applied in order on open, each in its
// own transaction that also sets PRAGMA user_version to NNN. A file whose user_version is higher
// than the newest migration here was written by a newer server: refused, never downgraded.
import type Database from 'better-sqlite3';
import type { DialectMigration } from './migrations/dialect.ts';
import { MIGRATIONS } from './migrations/index.ts';
import { StateError } from './state-error.ts';

/** One version: its SQLite text, and its PostgreSQL text where it differs (migrations/dialect.ts; PostgreSQL runner: pg/migrate.ts). */
export type Migration = DialectMigration;

export function migrations(): Migration[] {
  return [...MIGRATIONS];
}

export const SCHEMA_VERSION = Math.max(0, ...migrations().map((m) => m.version));

/** Brings the file to SCHEMA_VERSION; safe when two processes open the same file at once. */
export function applyMigrations(db: Database.Database, path: string, list = migrations()): void {
  const latest = Math.max(0, ...list.map((m) => m.version));
  const version = () => db.pragma('user_version', { simple: true }) as number;
  const found = version();
  if (found > latest) {
    throw new StateError(
      `State file ${path} has schema version ${found}, newer than this server knows (${latest}): run a newer server, or point STATE at another file`,
    );
  }
  for (const m of list) {
    if (m.version <= found) continue;
    db.exec('BEGIN IMMEDIATE');
    try {
      // Another process may have applied it while we waited for the lock.
      if (version() < m.version) {
        db.exec(m.sql);
        db.pragma(`user_version = ${m.version}`);
      }
      db.exec('COMMIT');
    } catch (e) {
      db.exec('ROLLBACK');
      throw new StateError(`State file ${path}: migration ${m.name} failed: ${(e as Error).message}`);
    }
  }
}
