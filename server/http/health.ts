// Probes for load balancers and orchestrators, at the root (not part of the three APIs' documents):
// `GET /healthz` says the process is alive and serving; `GET /readyz` says it can do its work: every
// check plugged in passes (createServer's: the state file or database takes a write, the shared
// stores (Redis) answer, this process holds the exchange lease; a service's own). A process that is
// shutting down is not ready. 200 `{status: "ready", checks}` or 503 with the reason of each failed
// check; each check has a deadline, so a hung store makes the probe fail, not hang. The checks come
// from the stores' own folders (server/state/readiness.ts), so the probe names no storage driver.
import { Router, type Request, type Response } from 'express';

/** One readiness check: resolves (or returns) when fine, throws (or rejects) with the reason when not. */
export interface ReadinessCheck {
  name: string;
  check: () => void | Promise<void>;
}

export interface HealthOptions {
  /** Run in this order; each answers under its name in the body. */
  checks?: readonly ReadinessCheck[];
  /** True once shutdown began: `/readyz` answers 503 so the balancer stops sending. */
  stopping?: () => boolean;
  /** Deadline of each check (default 1000 ms). */
  timeoutMs?: number;
  /** Further facts in the `/readyz` body (e.g. `exchange: { markets }`, the markets this instance writes). */
  details?: () => Record<string, unknown>;
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
  const checks = o.checks ?? [];
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
