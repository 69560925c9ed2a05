// A throwaway PostgreSQL (Debian's `postgresql` package) for the tests that need one: a fresh
// cluster in a temp dir, on a free loopback port, fsync off, its unix socket in the temp dir, stopped
// and removed by the test. One cluster per test file; `database()` gives each test its own database.
// The binaries are not on PATH: found in /usr/lib/postgresql/<version>/bin (or PG_BINDIR). Postgres
// refuses to run as root: as root, initdb and postgres run as the `postgres` user (runuser).
// Without PostgreSQL those tests skip locally with a message; in CI (`CI` set) its absence is a
// failure, never a skip (.ci/run installs it).
//
//   const pg = pgAvailable() ? await startPostgres() : undefined;   // beforeAll
//   const url = await pg.database();                                 // a fresh database per test
//   await pg.stop();                                                 // afterAll
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './redis-server.ts';

/** The newest installed server's bin directory, or undefined. */
export function pgBinDir(): string | undefined {
  if (process.env.PG_BINDIR) return process.env.PG_BINDIR;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'postgres'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

/** Whether PostgreSQL is installed here; in CI its absence throws, so a test file fails instead of skipping. */
export function pgAvailable(): boolean {
  const found = pgBinDir() !== undefined;
  if (!found && process.env.CI) throw new Error('PostgreSQL not found in /usr/lib/postgresql/*/bin, and CI is set: install it (apt-get install -y postgresql), these tests never skip in CI');
  if (!found) console.warn('[skip] PostgreSQL not found (/usr/lib/postgresql/*/bin): the PostgreSQL tests are skipped; apt-get install -y postgresql to run them');
  return found;
}

export interface PostgresServer {
  port: number;
  /** The cluster's `postgres` database (superuser `postgres`, trust auth on loopback). */
  url: string;
  /** A new empty database on this cluster; its URL. */
  database(): Promise<string>;
  /** Stops the server (fast shutdown) and removes its directory. */
  stop(): Promise<void>;
  /** The postmaster's pid (its backends are its children: the benchmark counts their CPU). */
  pid(): number;
}

const asRoot = process.getuid?.() === 0;
/** argv running `bin` as the postgres user when we are root. */
const command = (bin: string, args: string[]): [string, string[]] => (asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args]);

export async function startPostgres(): Promise<PostgresServer> {
  const bin = pgBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed');
  const dir = mkdtempSync(join(tmpdir(), 'pg-test-'));
  if (asRoot) {
    const { uid, gid } = userIds('postgres');
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const template = process.env[TEMPLATE_ENV] ? await templateCluster(bin, process.env[TEMPLATE_ENV]) : undefined;
  if (template) {
    const copy = spawnSync('cp', ['-a', template, data], { encoding: 'utf8' });
    if (copy.status !== 0) throw new Error(`copying the template cluster failed (${copy.status}): ${copy.stderr}`);
  } else initdb(bin, data);
  const port = await freePort();
  const [cmd, args] = command(join(bin, 'postgres'), [
    '-D', data, '-p', String(port), '-k', dir,
    '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200',
  ]);
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  await ready(child, port);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let n = 0;
  const pid = () => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return {
    port,
    url,
    pid,
    async database() {
      const name = `t${process.pid}_${++n}`;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      if (child.exitCode === null) {
        await new Promise<void>((resolve) => {
          child.removeAllListeners('exit');
          child.on('exit', () => resolve());
          // The postmaster's own pid (runuser's child): SIGINT is its fast shutdown.
          process.kill(pid(), 'SIGINT');
        });
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function initdb(bin: string, data: string): void {
  const [initCmd, initArgs] = command(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C']);
  const init = spawnSync(initCmd, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed (${init.status}):\n${init.stdout}\n${init.stderr}`);
}

/**
 * Set by test/global-setup.ts: a directory of this run where the first cluster started makes one
 * initdb'ed data directory that every later one copies (a copy costs a fifth of an initdb's CPU).
 */
export const TEMPLATE_ENV = 'PG_TEST_TEMPLATE_ROOT';

/** The template data directory under `root`: made by the first caller of any process (mkdir is the lock), awaited by the others. */
async function templateCluster(bin: string, root: string): Promise<string> {
  const data = join(root, 'data');
  const done = join(root, 'done');
  try {
    mkdirSync(root);
    if (asRoot) {
      const { uid, gid } = userIds('postgres');
      chownSync(root, uid, gid);
    }
    try {
      initdb(bin, data);
      writeFileSync(done, 'ok');
    } catch (e) {
      writeFileSync(done, (e as Error).message);
      throw e;
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  for (let i = 0; i < 600 && !existsSync(done); i++) await new Promise((r) => setTimeout(r, 100));
  const status = existsSync(done) ? readFileSync(done, 'utf8') : 'not made within 60 s';
  if (status !== 'ok') throw new Error(`the template PostgreSQL cluster: ${status}`);
  return data;
}

function ready(child: ChildProcess, port: number): Promise<void> {
  let out = '';
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`postgres on port ${port} not ready after 30 s:\n${out}`)), 30_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`postgres on port ${port} exited ${code}:\n${out}`));
    });
  });
}

function userIds(name: string): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith(`${name}:`));
  if (!line) throw new Error(`no user ${name} (the postgresql package creates it)`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}
