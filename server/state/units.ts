// A request is answered only once what it wrote is committed. `inUnits`: every handler of a map
// runs as one unit of work (all of its writes or none), then waits for its batch's commit.
// `answeredDurably`: for handlers that write synchronously (the exchange engine's journal, the
// nonce claimed before them), the wait alone; a refusal waits too, so its nonce is stored first.
import { StateUnavailableError } from '../errors.ts';
import type { StateDb } from './db.ts';

type AnyFn = (...args: unknown[]) => unknown;

function wrapAll<M extends object>(handlers: M, wrap: (h: AnyFn) => AnyFn): M {
  const out: Record<string, unknown> = {};
  for (const [id, h] of Object.entries(handlers) as [string, AnyFn][]) out[id] = wrap(h);
  return out as M;
}

export function answeredDurably<M extends object>(state: StateDb | undefined, handlers: M): M {
  if (!state) return handlers;
  return wrapAll(handlers, (h) => async (...args) => {
    let out: unknown;
    try {
      out = await h(...args);
    } catch (e) {
      if (!(e instanceof StateUnavailableError)) await state.durable().catch(() => undefined);
      throw e;
    }
    await state.durable();
    return out;
  });
}

export function inUnits<M extends object>(state: StateDb | undefined, handlers: M): M {
  if (!state) return handlers;
  return answeredDurably(state, wrapAll(handlers, (h) => (...args) => state.unit(async () => h(...args))));
}
