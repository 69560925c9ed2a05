// A throwaway redis-server (Debian's) for the tests that need one: on a free loopback port, no
// persistence, stopped by the test. Without redis-server those tests skip locally with a message;
// in CI (`CI` set) a missing redis-server is a failure, never a skip (.ci/run installs it).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

const BINARY = process.env.REDIS_SERVER ?? 'redis-server';

/** Whether redis-server runs here; in CI its absence throws, so a test file fails instead of skipping. */
export function redisServerAvailable(): boolean {
  const found = spawnSync(BINARY, ['--version'], { stdio: 'ignore' }).status === 0;
  if (!found && process.env.CI) throw new Error(`redis-server not found (${BINARY}), and CI is set: install it (apt-get install -y redis-server), these tests never skip in CI`);
  if (!found) console.warn(`[skip] redis-server not found (${BINARY}): the Redis tests are skipped; apt-get install -y redis-server to run them`);
  return found;
}

/** A free TCP port on 127.0.0.1 (the listener is closed before the port is handed out). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface RedisServer {
  port: number;
  url: string;
  /** Stops it (SIGTERM, waits for the exit). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty (no persistence). */
  start(): Promise<void>;
  /**
   * Waits until the nonce store accepts signed requests with this nonce lifetime: a freshly started
   * Redis quarantines them until it has been up for one ttl (its start time as the store computes
   * it, from whole seconds of uptime plus 1 s of margin, may be up to ~2 s after its real start).
   */
  usableForNonces(ttlMs: number): Promise<void>;
}

async function launch(port: number): Promise<ChildProcess> {
  const child = spawn(BINARY, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server on port ${port} not ready after 10 s:\n${out}`)), 10_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server on port ${port} exited ${code}:\n${out}`));
    });
  });
  child.stdout!.resume();
  return child;
}

export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined = await launch(port);
  let readyAt = Date.now();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      const c = child;
      child = undefined;
      if (!c || c.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        c.removeAllListeners('exit');
        c.on('exit', () => resolve());
        c.kill('SIGTERM');
      });
    },
    async start() {
      if (child) throw new Error('redis-server is running');
      child = await launch(port);
      readyAt = Date.now();
    },
    async usableForNonces(ttlMs: number) {
      const wait = readyAt + ttlMs + 2300 - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    },
  };
}
