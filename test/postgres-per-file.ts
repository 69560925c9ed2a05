// One throwaway PostgreSQL cluster (test/postgres-server.ts) for a test file that runs its cases on
// PostgreSQL beside the state file: started before the file's tests when PostgreSQL is installed
// (absent: those cases skip locally and fail in CI, as pgAvailable says), stopped after them.
import { afterAll, beforeAll } from 'vitest';
import { pgAvailable, startPostgres, type PostgresServer } from './postgres-server.ts';

export interface FileCluster {
  /** Whether PostgreSQL is installed here (the cases on it are listed only then). */
  available: boolean;
  /** A new empty database on the file's cluster; its URL. */
  database(): Promise<string>;
}

export function postgresForFile(): FileCluster {
  let cluster: PostgresServer | undefined;
  const available = pgAvailable();
  beforeAll(async () => {
    if (available) cluster = await startPostgres();
  }, 60_000);
  afterAll(async () => cluster?.stop());
  return {
    available,
    database: () => {
      if (!cluster) throw new Error('the PostgreSQL cluster of this file is not running');
      return cluster.database();
    },
  };
}
