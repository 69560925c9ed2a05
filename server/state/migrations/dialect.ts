// The SQL dialect differences of the migrations, in one place. A migration is written once, in
// SQLite's dialect (its released text is what existing state files were built with); its
// PostgreSQL text is derived here: `WITHOUT ROWID` is SQLite's storage hint (PostgreSQL has no
// rowid), and INTEGER is 64-bit in SQLite but 32-bit in PostgreSQL (epoch-ms columns need BIGINT).
// JSON records stay TEXT in both (the reader parses them; PostgreSQL's jsonb would reorder keys).
// A migration whose difference goes beyond these (an auto-numbered key: SQLite's INTEGER PRIMARY
// KEY alias of the rowid, PostgreSQL's identity column) states its PostgreSQL text itself.
export type Dialect = 'sqlite' | 'postgres';

export interface DialectMigration {
  version: number;
  name: string;
  /** The SQLite text (as released). */
  sql: string;
  /** The PostgreSQL text, where deriving it from `sql` is not enough. */
  postgres?: string;
}

/** PostgreSQL text of SQLite DDL: the mechanical differences only. */
export function postgresOf(sqlite: string): string {
  return sqlite.replace(/\)\s*WITHOUT ROWID/g, ')').replace(/\bINTEGER\b/g, 'BIGINT');
}

/** The text of `m` in `dialect`. */
export function sqlFor(m: DialectMigration, dialect: Dialect): string {
  if (dialect === 'sqlite') return m.sql;
  return m.postgres ?? postgresOf(m.sql);
}

/**
 * A record's JSON text as PostgreSQL's jsonb can read it: every escaped NUL and every surrogate
 * escape (which a merchant's free text may hold, and its parser refuses) turned into \u0001. The
 * structure and every field but such free text keep their values.
 */
export const readableJson = (column: string): string =>
  `regexp_replace(replace(${column}, '\\u0000', '\\u0001'), '\\\\u[dD][89abcdefABCDEF][0-9a-fA-F]{2}', '\\\\u0001', 'g')::jsonb`;
