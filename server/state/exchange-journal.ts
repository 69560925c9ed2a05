// The exchange engine's journal (server/ports/engine-journal.ts) in the state file: one row per
// accepted command, appended in its own write transaction before the engine's answer is returned.
// The matching engine is single-writer: one process serves a market's writes (server/README.md).
import type { EngineJournal, JournalEntry } from '../ports/engine-journal.ts';
import type { StateDb } from './db.ts';

export function sqliteJournal(state: StateDb): EngineJournal {
  const insert = state.db.prepare<[number, string]>('INSERT INTO exchange_commands (at, command) VALUES (?, ?)');
  const all = state.db.prepare<[], { at: number; command: string }>('SELECT at, command FROM exchange_commands ORDER BY seq');
  const clear = state.db.prepare('DELETE FROM exchange_commands');
  return {
    append({ at, cmd }: JournalEntry) {
      state.write(() => insert.run(at, JSON.stringify(cmd)));
    },
    *entries() {
      for (const row of all.iterate()) yield { at: row.at, cmd: JSON.parse(row.command) };
    },
    clear() {
      state.write(() => clear.run());
    },
    onLost(rebuild) {
      state.onLost(rebuild);
    },
  };
}
