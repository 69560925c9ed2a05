// The request side of the metrics: every answered request (server/http/answered.ts: the front
// layer stamps its arrival, the response's `end` tells) is recorded with its API, operationId and
// status. `GET /metrics` answers the scrape.
import type { Request, Response } from 'express';
import type { AnswerObserver } from '../http/answered.ts';
import { operationOf } from '../http/pipeline.ts';
import type { ServerMetrics } from './metrics.ts';

/** The metrics of an answered request (server/http/answered.ts calls it once per answer): its API, operationId and status, and its time. */
export function meteredRequest(metrics: ServerMetrics, apis: readonly { id: string; basePath: string }[]): AnswerObserver {
  const apiOf = (url: string): string => apis.find((a) => url.startsWith(a.basePath) && (url.length === a.basePath.length || '/?'.includes(url[a.basePath.length]!)))?.id ?? 'none';
  return function metered(res: Response, elapsedMs: number): void {
    const req = res.req;
    metrics.observe(apiOf(req.originalUrl), operationOf(req) ?? 'none', res.statusCode, elapsedMs / 1000);
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
