// The state file's readiness check for `GET /readyz` (server/http/health.ts runs it): it takes a
// write and commits it, so a full disk or a read-only file makes the instance not ready.
import type { ReadinessCheck } from '../http/health.ts';
import type { StateDb } from './db.ts';

export function stateWritable(state: StateDb): ReadinessCheck {
  const put = state.db.prepare<[string]>("INSERT OR REPLACE INTO claims (scope, key) VALUES ('readyz', ?)");
  const del = state.db.prepare("DELETE FROM claims WHERE scope = 'readyz'");
  return {
    name: 'state',
    check: async () => {
      await state.unit(async () => {
        put.run(String(Date.now()));
        del.run();
      });
      await state.durable();
    },
  };
}
