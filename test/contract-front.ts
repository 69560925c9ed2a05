// A planted front for the contract-runner tests: an HTTP server on 127.0.0.1:<free port> that
// hands every request to `plant` first, which may answer it itself (a server stricter than its
// document), rewrite it (one laxer, or answering a method as another) or let it through, and
// forwards the rest to the real server behind it. Answers the plant gave or caused carry
// `x-planted: 1`, so a test can tell them from the server's own.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningServer } from './contract-fixtures.ts';

export interface FrontRequest {
  method: string;
  /** Path without the query. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}
export interface FrontAnswer {
  status: number;
  headers?: Record<string, string>;
  json?: unknown;
}
/** An answer, a request to forward instead, or undefined to forward the request as it came. */
export type Plant = (req: FrontRequest) => FrontAnswer | FrontRequest | undefined;

const HOP = new Set(['connection', 'content-length', 'transfer-encoding', 'keep-alive', 'host']);

export async function startFront(behind: RunningServer, plant: Plant): Promise<RunningServer> {
  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(502, { 'content-type': 'text/plain', 'x-planted': '1' });
      res.end(`planted front failed: ${(err as Error).message}`);
    });
  });
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://front');
    const incoming: FrontRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
    const planted = plant(incoming);
    if (planted && 'status' in planted) {
      res.writeHead(planted.status, { ...(planted.json !== undefined ? { 'content-type': 'application/json; charset=utf-8' } : {}), ...planted.headers });
      return void res.end(planted.json === undefined ? undefined : JSON.stringify(planted.json));
    }
    const out = planted ?? incoming;
    const headers = Object.fromEntries(Object.entries(out.headers).filter(([k, v]) => !HOP.has(k) && typeof v === 'string')) as Record<string, string>;
    const qs = out.query.toString().replace(/\+/g, '%20');
    const answer = await fetch(`${behind.baseUrl}${out.path}${qs ? `?${qs}` : ''}`, {
      method: out.method, headers, ...(out.body !== '' && out.method !== 'GET' && out.method !== 'HEAD' ? { body: out.body } : {}),
    });
    const back: Record<string, string> = {};
    answer.headers.forEach((v, k) => void (HOP.has(k) || (back[k] = v)));
    // The answer to a request the plant rewrote is the plant's too.
    if (planted) back['x-planted'] = '1';
    res.writeHead(answer.status, back);
    res.end(Buffer.from(await answer.arrayBuffer()));
  }
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    logs: [],
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
