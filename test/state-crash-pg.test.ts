// 20 SIGKILL rounds under load
// (test/state-crash.ts); each restarted server first takes the dead one's market leases over
// (lease 500 ms). Listed only where PostgreSQL is installed (test/postgres-per-file.ts).
import { PgState } from '../server/state/pg/pg-state.ts';
import { postgresForFile } from './postgres-per-file.ts';
import { CRASH_CONFIG, killNineRounds } from './state-crash.ts';
import { stateDir } from './state-process.ts';

const cluster = postgresForFile();

if (cluster.available) {
  killNineRounds({
    name: 'PostgreSQL',
    open: async () => {
      const dir = stateDir({ ...CRASH_CONFIG, exchange: { writerLeaseMs: 500 } });
      const url = await cluster.database();
      // Opened once (migrated with the database): each round's totals() reads the journal through it.
      const pg = await PgState.open(url);
      return { env: { DATABASE_URL: url, CONFIG: dir.config }, where: { pg }, dir: dir.dir, close: () => pg.close() };
    },
  });
}
