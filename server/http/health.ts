// Probes for load balancers and orchestrators, at the root (not part of the three APIs' documents):
// `GET /healthz` says the process is alive and serving; `GET /readyz` says it can do its work: the
// state file takes a write, the shared stores (Redis) answer when configured, and every further
// check plugged in (`createServer({ readiness })`, e.g. "holds the exchange lease") passes. A
// process that is shutting down is not ready. 200 `{status: "ready", checks}` or 503 with the reason
// of each failed check; each check has a deadline, so a hung store makes the probe fail, not hang.
import { Router, type Request, type Response } from 'express';
import type { StateDb } from '../state/db.ts';
import type { SharedStores } from '../ports/shared.ts';

/** One readiness check: resolves (or returns) when fine, throws (or rejects) with the reason when not. */
export interface ReadinessCheck {
  name: string;
  check: () => void | Promise<void>;
}

export interface HealthOptions {
  state?: StateDb;
  shared?: SharedStores;
  checks?: readonly ReadinessCheck[];
  /** True once shutdown began: `/readyz` answers 503 so the balancer stops sending. */
  stopping?: () => boolean;
  /** Deadline of each check (default 1000 ms). */
  timeoutMs?: number;
  /** Further facts in the `/readyz` body (e.g. `exchange: { markets }`, the markets this instance writes). */
  details?: () => Record<string, unknown>;
}

/** The state file takes a write and commits it (a full disk or a read-only file fails here). */
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

function withDeadline(check: ReadinessCheck, ms: number): Promise<string> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(`no answer within ${ms} ms`), ms);
    Promise.resolve()
      .then(() => check.check())
      .then(
        () => resolve('ok'),
        (e: unknown) => resolve(e instanceof Error ? e.message : String(e)),
      )
      .finally(() => clearTimeout(timer));
  });
}

export function healthRouter(o: HealthOptions): Router {
  const checks: ReadinessCheck[] = [
    ...(o.state ? [stateWritable(o.state)] : []),
    ...(o.shared?.ready ? [{ name: 'redis', check: () => o.shared!.ready!() }] : []),
    ...(o.checks ?? []),
  ];
  const router = Router();
  router.get('/healthz', (_req: Request, res: Response) => void res.json({ status: 'alive' }));
  router.get('/readyz', async (_req: Request, res: Response) => {
    const results = await Promise.all(checks.map(async (c) => [c.name, await withDeadline(c, o.timeoutMs ?? 1000)] as const));
    const failed = results.filter(([, r]) => r !== 'ok');
    const stopping = o.stopping?.() ?? false;
    const ready = failed.length === 0 && !stopping;
    res.status(ready ? 200 : 503).json({
      status: ready ? 'ready' : 'not ready',
      ...(stopping ? { reason: 'shutting down' } : {}),
      checks: Object.fromEntries(results),
      ...o.details?.(),
    });
  });
  return router;
}
