// `npm run test:arazzo`: the generated Arazzo flows (generated/arazzo/) run by `redocly respect`
// against the reference server as `npm start` runs it (sandbox defaults, control API on, state
// in memory), started on a free loopback port and stopped after; `-- --base-url URL` runs them
// against a server already running instead. Exit code: Respect's (0 every flow passed; a failing
// flow names its step).
import { spawn } from 'node:child_process';
import { createServer as createNetServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLIS } from '../clis.ts';
import { cliArgs } from '../../tools/help.ts';
import { runRespect } from './respect.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { values } = cliArgs(CLIS.arazzo);

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

async function main(): Promise<number> {
  if (values['base-url']) return report(await runRespect(values['base-url']));
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root, env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), STATE: 'memory' }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  server.stdout.on('data', (d: Buffer) => void (log = (log + d.toString()).slice(-4000)));
  server.stderr.on('data', (d: Buffer) => void (log = (log + d.toString()).slice(-4000)));
  try {
    const baseUrl = `http://127.0.0.1:${port}`;
    const until = Date.now() + 60_000;
    while (!(await fetch(`${baseUrl}/sandbox/v1/clock`).then((r) => r.ok, () => false))) {
      if (Date.now() > until || server.exitCode !== null) throw new Error(`the server did not start:\n${log}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    return report(await runRespect(baseUrl));
  } finally {
    server.kill('SIGTERM');
  }
}

function report(result: Awaited<ReturnType<typeof runRespect>>): number {
  process.stdout.write(result.output);
  if (result.failedSteps.length > 0) process.stderr.write(`arazzo: failing step(s): ${result.failedSteps.join(', ')}\n`);
  return result.code;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`arazzo: ${(e as Error).message}\n`);
    process.exit(2);
  },
);
