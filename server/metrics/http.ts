// The request side of the metrics: the front layer marks when a request arrived, and the
// response's `end` (patched once on the app's response prototype, as the request log does:
// server/http/log.ts) records its API, operationId and status. `GET /metrics` answers the scrape.
import type { Express, Request, Response } from 'express';
import { operationOf } from '../http/pipeline.ts';
import type { ServerMetrics } from './metrics.ts';

const ARRIVED = Symbol('metrics-arrived');
type Locals = Record<symbol, number | undefined>;

/** Patches `end` of the app's responses; returns what the front layer calls per request. */
export function meteredRequests(app: Express, metrics: ServerMetrics, apis: readonly { id: string; basePath: string }[]): (res: Response) => void {
  const apiOf = (url: string): string => apis.find((a) => url.startsWith(a.basePath) && (url.length === a.basePath.length || '/?'.includes(url[a.basePath.length]!)))?.id ?? 'none';
  const proto = app.response as Response;
  const end = proto.end as (this: Response, chunk?: unknown, encoding?: unknown, cb?: unknown) => Response;
  proto.end = function meteredEnd(this: Response, chunk?: unknown, encoding?: unknown, cb?: unknown): Response {
    const out = end.call(this, chunk, encoding, cb);
    const locals = this.locals as Locals | undefined;
    const arrived = locals?.[ARRIVED];
    if (locals && arrived !== undefined) {
      locals[ARRIVED] = undefined; // once, whatever ends it again
      const req = this.req;
      metrics.observe(apiOf(req.originalUrl), operationOf(req) ?? 'none', this.statusCode, (performance.now() - arrived) / 1000);
    }
    return out;
  } as Response['end'];
  return function arrived(res: Response): void {
    (res.locals as Locals)[ARRIVED] = performance.now();
  };
}

/** `GET /metrics` (and HEAD): the exposition text; other methods 405. */
export async function serveMetrics(metrics: ServerMetrics, req: Request, res: Response): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    res.status(405).json({ message: 'GET /metrics' });
    return;
  }
  const text = await metrics.text();
  res.setHeader('Content-Type', metrics.contentType);
  res.setHeader('Cache-Control', 'no-store');
  res.status(200).end(req.method === 'HEAD' ? undefined : text);
}
