// The exchange engine's journal (server/ports/engine-journal.ts) in the state file: one row per
// accepted command, appended in the request's write transaction before the engine's answer is
// returned. With a writer lease (exchange-lease.ts), an append carries the lease's fencing token
// and is refused inside that transaction when the token is no longer the lease's.
import type { EngineJournal, JournalEntry } from '../ports/engine-journal.ts';
import type { StateDb } from './db.ts';
import { LeaseNotHeldError, type ExchangeLease } from './exchange-lease.ts';

export function sqliteJournal(state: StateDb, lease?: ExchangeLease): EngineJournal {
  const insert = state.db.prepare<[number, string]>('INSERT INTO exchange_commands (at, command) VALUES (?, ?)');
  const fencedInsert = state.db.prepare<[number, string, string, number]>(
    'INSERT INTO exchange_commands (at, command) SELECT ?, ? WHERE EXISTS (SELECT 1 FROM exchange_lease WHERE id = 1 AND holder = ? AND token = ?)',
  );
  const after = state.db.prepare<[number], { seq: number; at: number; command: string }>(
    'SELECT seq, at, command FROM exchange_commands WHERE seq > ? ORDER BY seq',
  );
  const clear = state.db.prepare('DELETE FROM exchange_commands');
  const fenced = () => {
    if (!lease) return;
    const { holder, token } = lease.fence();
    // Inside the write transaction: the row cannot change between this check and the commit.
    const row = state.db.prepare('SELECT 1 FROM exchange_lease WHERE id = 1 AND holder = ? AND token = ?').get(holder, token);
    if (row === undefined) throw new LeaseNotHeldError(`this process's lease (token ${token}) was taken over`);
  };
  return {
    append({ at, cmd }: JournalEntry) {
      lease?.assertWriter(); // a follower does not even take the write lock
      return state.write(() => {
        const text = JSON.stringify(cmd);
        if (!lease) return Number(insert.run(at, text).lastInsertRowid);
        const { holder, token } = lease.fence();
        const info = fencedInsert.run(at, text, holder, token);
        if (info.changes === 0) throw new LeaseNotHeldError(`this process's lease (token ${token}) was taken over`);
        return Number(info.lastInsertRowid);
      });
    },
    *entries(afterSeq = 0) {
      for (const row of after.iterate(afterSeq)) yield { seq: row.seq, at: row.at, cmd: JSON.parse(row.command) };
    },
    clear() {
      lease?.assertWriter();
      state.write(() => {
        fenced();
        clear.run();
      });
    },
    onLost(rebuild) {
      state.onLost(rebuild);
    },
    ...(lease ? { writable: () => lease.held() } : {}),
  };
}
