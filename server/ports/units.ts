// Port: units of work of a persistent store (the state file's StateDb implements it). A request is
// answered only once what it wrote is committed. `inUnits`: every handler of a map runs as one unit
// of work (all of its writes or none), then waits for its batch's commit. `answeredDurably`: for
// handlers that write synchronously (the exchange engine's journal, the nonce claimed before them),
// the wait alone; a refusal waits too, so its nonce is stored first. Without units (memory) both
// return the handlers as they are.
import { StateUnavailableError } from '../core/errors.ts';

export interface UnitsOfWork {
  /** Runs `fn` as one unit (joining the current one when there is one): all of its writes or none. */
  unit<T>(fn: () => Promise<T>): Promise<T>;
  /** Resolves once everything written so far is committed; rejects when that commit failed. Inside a unit: at once (its starter waits). */
  durable(): Promise<void>;
  /** Runs `fns` once the current unit committed (at once outside a unit). */
  afterCommit(...fns: (() => void)[]): void;
  /**
   * Runs `fns` if the current unit's writes are undone (rolled back, its batch lost, or the unit
   * run again after a serialization failure), before anything runs again: how a claim taken in a
   * store outside the transaction (Redis) follows it. Outside a unit: never.
   */
  afterRollback(...fns: (() => void)[]): void;
}

/** Runs compensations, newest first; one that throws does not stop the others. */
export function undoAll(fns: (() => void)[]): void {
  for (const f of fns.splice(0).reverse()) {
    try {
      f();
    } catch {
      // A compensation reports its own failure (it is asynchronous work started here).
    }
  }
}

type AnyFn = (...args: unknown[]) => unknown;

function wrapAll<M extends object>(handlers: M, wrap: (h: AnyFn) => AnyFn): M {
  const out: Record<string, unknown> = {};
  for (const [id, h] of Object.entries(handlers) as [string, AnyFn][]) out[id] = wrap(h);
  return out as M;
}

export function answeredDurably<M extends object>(units: UnitsOfWork | undefined, handlers: M): M {
  if (!units) return handlers;
  return wrapAll(handlers, (h) => async (...args) => {
    let out: unknown;
    try {
      out = await h(...args);
    } catch (e) {
      if (!(e instanceof StateUnavailableError)) await units.durable().catch(() => undefined);
      throw e;
    }
    await units.durable();
    return out;
  });
}

export function inUnits<M extends object>(units: UnitsOfWork | undefined, handlers: M): M {
  if (!units) return handlers;
  return answeredDurably(units, wrapAll(handlers, (h) => (...args) => units.unit(async () => h(...args))));
}
