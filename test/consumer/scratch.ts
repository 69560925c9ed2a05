// The consumer's world: `npm pack` of the repository, a scratch project in a temp folder with the
// tarball installed from it (its dependencies from the registry), the Node binaries published on
// npm as `node@<version>` (fetched by npx into its cache, nothing installed by hand), and the
// sandbox started from the installed package's CLI.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import type { ConsumerContext, NodeRuntime, Sandbox } from './context.ts';

/** Runs a command; resolves to its stdout, rejects with stdout and stderr when it exits non-zero. */
export function exec(command: string, args: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(' ')} exited ${code}\n${out}\n${err}`)),
    );
  });
}

/** PATH with `node`'s folder first, so `npx` and the CLI's `#!/usr/bin/env node` run under it. */
const envFor = (node: NodeRuntime, extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  ...process.env,
  PATH: `${dirname(node.bin)}${delimiter}${process.env.PATH ?? ''}`,
  ...extra,
});

/** `npm pack` (which runs `prepare`, so dist/ is built from the current sources) into `dest`. */
export async function pack(repo: string, dest: string): Promise<string> {
  await exec('npm', ['pack', '--pack-destination', dest, '--silent'], { cwd: repo });
  const file = readdirSync(dest).find((f) => f.endsWith('.tgz'));
  if (!file) throw new Error(`npm pack wrote no tarball into ${dest}`);
  return join(dest, file);
}

/** The Node binary of the npm package `node@version`, via npx's cache. */
export async function nodeRuntime(version: string): Promise<NodeRuntime> {
  const bin = (await exec('npx', ['-y', '-p', `node@${version}`, 'node', '-p', 'process.execPath'], { cwd: tmpdir() })).trim();
  const actual = (await exec(bin, ['-p', 'process.versions.node'], { cwd: tmpdir() })).trim();
  if (actual !== version) throw new Error(`node@${version} from npm runs Node ${actual}`);
  return { version, bin };
}

/** A scratch ESM project with the tarball and `packages` (at the repository's pinned versions) installed. */
export async function scratchProject(repo: string, tarball: string, packages: readonly string[]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'consumer-'));
  const dev = (JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies;
  const pinned = packages.map((name) => `${name}@${dev[name]}`);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2));
  await exec('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', tarball, ...pinned], { cwd: dir });
  const fixtures = join(repo, 'test', 'consumer', 'fixtures');
  for (const f of readdirSync(fixtures)) copyFileSync(join(fixtures, f), join(dir, f));
  return dir;
}

export function startSandbox(dir: string, node: NodeRuntime): Promise<Sandbox> {
  // Its own process group, so stop() ends npx and the server it started, by id.
  const child = spawn('npx', ['--no-install', 'cryptopay-toolkit', 'serve', '--host', '127.0.0.1', '--port', '0'], {
    // better-sqlite3 is a native addon, built during the install for the Node that ran it (20 here); a
    // consumer on Node 22 or 24 installs with that Node and gets its own build. Running this one
    // install under the other Nodes, the sandbox keeps its state in memory; on the installing Node
    // it uses the default state file (.data/sandbox.sqlite in the scratch project).
    cwd: dir, env: envFor(node, node.bin === process.execPath ? {} : { STATE: 'memory' }), stdio: ['ignore', 'pipe', 'pipe'], detached: true,
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve({ url: m[1]!, stop });
    });
    void exited.then((code) => reject(new Error(`cryptopay-toolkit serve exited ${code}\n${out}\n${err}`)));
  });
}

export function contextFor(repo: string, dirs: { dir: string; clientOnlyDir: string }, tarball: string, runtimes: readonly NodeRuntime[]): ConsumerContext {
  const { dir } = dirs;
  return {
    ...dirs, tarball, repo, runtimes,
    startSandbox: (node) => startSandbox(dir, node),
    run: (command, args, options = {}) => exec(command, args, { cwd: options.cwd ?? dir, env: envFor(options.node ?? runtimes[0]!, options.env) }),
  };
}
