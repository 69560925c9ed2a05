// A database at an older schema version holding records as that version wrote them, for the tests
// of a migration that fills in something for older records (records_by_owner, the queues, the
// groups): the state file or a PostgreSQL database, migrated up to (not including) `version`, with
// `records` inserted by kind. The migration itself runs when the caller opens it (StateDb, PgState).
import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { applyMigrations, migrations } from '../server/state/migrate.ts';
import { applyPgMigrations } from '../server/state/pg/migrate.ts';

/** Records by kind, each with its id (and, once schema 7 has them, its merchant and creation time). */
export type RecordsByKind = Record<string, readonly { id: number; merchant?: string; created_at?: number }[]>;

const below = (version: number) => migrations().filter((m) => m.version < version);

/** A state file at the schema before `version`, holding `records`; its path. */
export function stateFileBefore(version: number, records: RecordsByKind): string {
  const path = join(mkdtempSync(join(tmpdir(), `before-${version}-`)), 'state.sqlite');
  const db = new Database(path);
  try {
    applyMigrations(db, path, below(version));
    const put = db.prepare('INSERT INTO records (kind, id, data) VALUES (?, ?, ?)');
    for (const [kind, rows] of Object.entries(records)) for (const r of rows) put.run(kind, r.id, JSON.stringify(r));
  } finally {
    db.close();
  }
  return path;
}

/**
 * The PostgreSQL database at `url` brought to the schema before `version`, holding `records`; from
 * schema 7 on with the merchant and creation-time columns that version's tables write.
 */
export async function pgDatabaseBefore(url: string, version: number, records: RecordsByKind): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await applyPgMigrations(pool, url, below(version));
    for (const [kind, rows] of Object.entries(records)) {
      for (const r of rows) {
        if (version > 7) await pool.query('INSERT INTO records (kind, id, data, owner, at) VALUES ($1, $2, $3, $4, $5)', [kind, r.id, JSON.stringify(r), r.merchant, r.created_at ?? 0]);
        else await pool.query('INSERT INTO records (kind, id, data) VALUES ($1, $2, $3)', [kind, r.id, JSON.stringify(r)]);
      }
    }
  } finally {
    await pool.end();
  }
}
