// A round-robin balancer for the cluster tests: each request goes to the next backend in turn,
// whatever it is (no routing by market or merchant: a balancer cannot know who holds what). As a
// health-checked balancer does, a backend that refuses the connection (its process is gone) leaves
// the rotation and the request goes to the next one: the request never reached it, so resending is
// safe. A backend that fails once it has the request (killed mid-request) answers 502: its outcome
// is unknown to the client, and the proxy does not resend it.
import { createServer, request, Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  base: string;
  /** Requests each backend received, by base URL. */
  served: Map<string, number>;
  /** Backends taken out of the rotation (connection refused). */
  removed: () => string[];
  /** Requests a backend has now, sent and not yet answered in full. */
  inflight: (backend: string) => number;
  close(): Promise<void>;
}

export async function roundRobinProxy(backends: string[]): Promise<RoundRobinProxy> {
  const live = [...backends];
  const removed: string[] = [];
  const served = new Map(backends.map((b) => [b, 0]));
  // One connection per request: a request after a backend's death is then refused (never sent),
  // not cut on an idle kept-alive socket, so the only 502s are the requests the dead backend had.
  const agent = new Agent({ keepAlive: false });
  const inflight = new Map(backends.map((b) => [b, 0]));
  let next = 0;

  const forward = (target: string, req: IncomingMessage, body: Buffer): Promise<IncomingMessage> =>
    new Promise((resolve, reject) => {
      const url = new URL(req.url ?? '/', target);
      const headers = { ...req.headers, host: url.host };
      const up = request(url, { method: req.method, headers, agent }, resolve);
      up.on('error', reject);
      up.end(body);
    });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    for (;;) {
      if (live.length === 0) return void res.writeHead(502).end('no backend left');
      const target = live[next++ % live.length]!;
      served.set(target, served.get(target)! + 1);
      inflight.set(target, inflight.get(target)! + 1);
      try {
        let answer: IncomingMessage;
        try {
          answer = await forward(target, req, body);
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code === 'ECONNREFUSED') {
            const i = live.indexOf(target);
            if (i >= 0) live.splice(i, 1), removed.push(target);
            continue;
          }
          return void res.writeHead(502).end(`backend failed: ${(e as Error).message}`);
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        try {
          for await (const c of answer) res.write(c);
          res.end();
        } catch {
          res.destroy(); // the backend died while answering: the client sees a cut answer, not a 2xx
        }
        return;
      } finally {
        inflight.set(target, inflight.get(target)! - 1);
      }
    }
  };

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    removed: () => [...removed],
    inflight: (backend) => inflight.get(backend) ?? 0,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      agent.destroy();
    },
  };
}
