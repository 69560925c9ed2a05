// One transaction per request: every handler of a map runs as a unit of work of the state file,
// so what a request wrote commits (before its response is sent) or rolls back as a whole.
import type { StateDb } from './db.ts';

export function inUnits<M extends object>(state: StateDb | undefined, handlers: M): M {
  if (!state) return handlers;
  const out: Record<string, unknown> = {};
  for (const [id, h] of Object.entries(handlers) as [string, (...args: unknown[]) => unknown][]) {
    out[id] = (...args: unknown[]) => state.unit(async () => h(...args));
  }
  return out as M;
}
