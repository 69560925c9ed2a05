// `npm run test:prism`: the end-to-end requests of the contract runner (documented examples and a
// few generated valid requests per operation) replayed through Stoplight Prism's validating proxy
// in front of the reference server. Fails on any `sl-violations` header, i.e. wherever Prism, an
// independent implementation of OpenAPI validation, finds request or response off the document.
//
// Prism matches request paths WITHOUT the document's base path when servers[0].url is relative
// (`/api/v1`): it answers /timestamp and 404s /api/v1/timestamp. So each proxy gets the base path
// in its upstream URL (http://127.0.0.1:<port>/api/v1) and the runner sends paths without it,
// while exchange signatures still cover the full path the server sees.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer as createNetServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { CLIS } from './clis.ts';
import { cliArgs } from '../tools/help.ts';
import { API_IDS, basePathOf, loadDocument, type ApiId } from '../tools/contract/document.ts';
import { runContract } from '../tools/contract/runner.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const PRISM = `${root}node_modules/@stoplight/prism-cli/dist/index.js`;

const parsed = cliArgs(CLIS.prism).values;
const args = { api: parsed.api ?? 'all', runs: parsed.runs ?? '3', seed: parsed.seed ?? '1', 'base-url': parsed['base-url'], verbose: parsed.verbose ?? false };
const apis: ApiId[] = args.api === 'all' ? [...API_IDS] : [args.api as ApiId];
const children: ChildProcess[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** Starts a child process in its own process group (so stopping it stops what it started). */
function start(name: string, command: string, argv: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  const child = spawn(command, argv, { cwd: root, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (d: Buffer) => void (output = (output + d.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', (code) => {
    if (code !== null && code !== 0 && !stopping) process.stderr.write(`prism: ${name} exited with ${code}\n${output}\n`);
  });
  children.push(child);
  return child;
}

let stopping = false;
function stopAll(): void {
  stopping = true;
  for (const child of children) {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM'); // the group: npx/prism may have children of their own
      } catch {
        // already gone
      }
    }
  }
}

/** Polls until the URL answers at all (any status), or fails after `ms`. */
async function waitFor(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      if (Date.now() > until) throw new Error(`${url} did not answer within ${ms / 1000} s`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

async function main(): Promise<number> {
  let upstream = args['base-url'];
  if (!upstream) {
    const port = await freePort();
    start('reference server', process.execPath, ['--import', 'tsx', 'server/main.ts'], { HOST: '127.0.0.1', PORT: String(port), RATE_LIMIT: 'off', STATE: 'memory' });
    upstream = `http://127.0.0.1:${port}`;
    await waitFor(`${upstream}/openapi/exchange.yaml`, 60_000);
  }
  let violations = 0;
  for (const api of apis) {
    const doc = loadDocument(api);
    const prefix = basePathOf(doc);
    const port = await freePort();
    start(`prism (${api})`, process.execPath, [PRISM, 'proxy', `generated/openapi/${api}.yaml`, `${upstream}${prefix}`, '--errors', '--port', String(port), '--host', '127.0.0.1']);
    const proxy = `http://127.0.0.1:${port}`;
    await waitFor(proxy, 60_000);
    const found: string[] = [];
    const report = await runContract({
      api, baseUrl: proxy, wireBasePath: '', document: doc, runs: Number(args.runs), negativeRuns: 0, seed: Number(args.seed),
      kinds: ['example', 'valid'], shrinkBudget: 0,
      onCase: (op, c, response) => {
        const header = response.headers['sl-violations'];
        if (header) found.push(`${op.operationId} (${c.label}) -> ${response.status}: ${header}`);
        if (args.verbose) process.stdout.write(`  ${api} ${op.operationId} ${c.label}: ${response.status} ${JSON.stringify(c.input)} ${response.status >= 400 ? response.text.slice(0, 400) : ''}\n`);
      },
    });
    const mismatched = report.operations.filter((o) => o.failures.length > 0).map((o) => `${o.operationId} (${o.failures.map((f) => f.check).join(', ')})`);
    process.stdout.write(`prism ${api}: ${report.requests} requests through the proxy, ${found.length} with sl-violations\n`);
    for (const line of found) process.stdout.write(`  VIOLATION ${line}\n`);
    if (mismatched.length > 0) process.stdout.write(`  (runner checks through the proxy also flagged: ${mismatched.join('; ')})\n`);
    violations += found.length;
  }
  process.stdout.write(violations === 0 ? 'prism: no sl-violations\n' : `prism: ${violations} response(s) with sl-violations\n`);
  return violations === 0 ? 0 : 1;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => (stopAll(), process.exit(130)));
main().then(
  (code) => {
    stopAll();
    process.exit(code);
  },
  (e) => {
    process.stderr.write(`prism: ${(e as Error).stack ?? String(e)}\n`);
    stopAll();
    process.exit(2);
  },
);
