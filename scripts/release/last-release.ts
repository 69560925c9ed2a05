// `npm run test:last-release` (CI): the client and the contract runner of each API's last release
// (checked out from the release's commit, scripts/release/sources.ts) against today's server: the old runner must find 0
// mismatches and the old client's calls must answer as they did. Exit code 1 otherwise.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_IDS } from '../../tools/diff/load.ts';
import { readHistory } from './history.ts';
import { checkoutSources, releaseSource, runnerEntry } from './sources.ts';
import { CLIS } from '../clis.ts';
import { cliArgs } from '../../tools/help.ts';

cliArgs(CLIS.lastRelease);

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as { port: number }).port;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

async function startServer(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), STATE: 'memory', RATE_LIMIT: 'off' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (b: Buffer) => b.toString().includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`today's server exited (${code})`)));
  });
  return child;
}

const bySource = new Map<string, string[]>();
for (const api of API_IDS) {
  const last = readHistory(root, api).at(-1);
  if (!last) throw new Error(`${api}: no release recorded in api-history/${api}/`);
  const source = releaseSource(root, api, last.version);
  bySource.set(source, [...(bySource.get(source) ?? []), `${api} ${last.version}`]);
}

let failed = false;
const port = await freePort();
const server = await startServer(port);
const baseUrl = `http://127.0.0.1:${port}`;
try {
  for (const [source, releases] of bySource) {
    const dir = mkdtempSync(join(tmpdir(), 'last-release-'));
    try {
      checkoutSources(root, source, dir);
      console.log(`== ${releases.join(', ')} (${source}): contract runner of the release against today's server`);
      const apis = releases.map((r) => r.split(' ')[0]!);
      const runner = spawnSync(process.execPath, ['--import', 'tsx', runnerEntry(dir), '--api', apis.length === 3 ? 'all' : apis[0]!, '--base-url', baseUrl, '--seed', '17', '--runs', '10', '--quiet'], { cwd: dir, stdio: 'inherit' });
      if (runner.status !== 0) failed = true;
      console.log(`== ${releases.join(', ')}: typed client of the release against today's server`);
      const smoke = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/release/old-client-smoke.ts')], {
        cwd: dir,
        stdio: 'inherit',
        env: { ...process.env, OLD_CLIENT: join(dir, 'client/index.ts'), OLD_DOCS: join(dir, 'generated/openapi'), BASE_URL: baseUrl },
      });
      if (smoke.status !== 0) failed = true;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
} finally {
  server.kill('SIGTERM');
}
process.exit(failed ? 1 : 0);
