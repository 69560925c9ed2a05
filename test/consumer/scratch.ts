// The consumer's world: `npm pack` of the repository, a scratch project in a temp folder with the
// tarball installed from it (its dependencies from the registry), the Node binaries published on
// npm as `node@<version>` (fetched by npx into its cache, nothing installed by hand), and the
// sandbox started from the installed package's CLI.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, delimiter, dirname, join } from 'node:path';
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

/**
 * `npm pack` of the toolkit (which runs `prepare`, so dist/, packages/client/dist/ and
 * packages/middleware/dist/ are built from the current sources), then of the client package
 * (packages/client) and the middleware package (packages/middleware), into `dest`.
 */
export async function pack(repo: string, dest: string): Promise<{ toolkit: string; client: string; middleware: string }> {
  const packOne = async (args: readonly string[]) => {
    const before = new Set(readdirSync(dest));
    await exec('npm', ['pack', '--pack-destination', dest, '--silent', ...args], { cwd: repo });
    const file = readdirSync(dest).find((f) => f.endsWith('.tgz') && !before.has(f));
    if (!file) throw new Error(`npm pack ${args.join(' ')} wrote no tarball into ${dest}`);
    return join(dest, file);
  };
  const toolkit = await packOne([]);
  const client = await packOne(['--workspace', 'packages/client']);
  const middleware = await packOne(['--workspace', 'packages/middleware']);
  return { toolkit, client, middleware };
}

/** The Node binary of the npm package `node@version`, via npx's cache. */
export async function nodeRuntime(version: string): Promise<NodeRuntime> {
  const bin = (await exec('npx', ['-y', '-p', `node@${version}`, 'node', '-p', 'process.execPath'], { cwd: tmpdir() })).trim();
  const actual = (await exec(bin, ['-p', 'process.versions.node'], { cwd: tmpdir() })).trim();
  if (actual !== version) throw new Error(`node@${version} from npm runs Node ${actual}`);
  return { version, bin };
}

/** What one `npm install` of a package alone brought: the tree it installed and how long it took. */
export interface InstallFigure {
  tarball: string;
  /** Packages in node_modules (the package itself included). */
  packages: number;
  megabytes: number;
  seconds: number;
  /** Installed packages with an install script (a native build such as node-gyp's runs in one). */
  installScripts: string[];
  /** Every installed package name, sorted. */
  names: string[];
}

/**
 * A scratch ESM project: the tarball installed alone first (measured: packages, size, time,
 * install scripts), then `packages` (at the repository's pinned versions) beside it.
 */
export async function scratchProject(repo: string, tarball: string, packages: readonly string[]): Promise<{ dir: string; install: InstallFigure }> {
  const dir = mkdtempSync(join(tmpdir(), 'consumer-'));
  const dev = (JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies;
  const pinned = packages.map((name) => `${name}@${dev[name]}`);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2));
  const npmInstall = (args: readonly string[]) => exec('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...args], { cwd: dir });
  const started = performance.now();
  await npmInstall([tarball]);
  const install = installFigure(dir, tarball, (performance.now() - started) / 1000);
  if (pinned.length) await npmInstall(pinned);
  const fixtures = join(repo, 'test', 'consumer', 'fixtures');
  for (const f of readdirSync(fixtures)) copyFileSync(join(fixtures, f), join(dir, f));
  return { dir, install };
}

/** The installed tree as npm recorded it (node_modules/.package-lock.json), and its size on disk. */
function installFigure(dir: string, tarball: string, seconds: number): InstallFigure {
  const lock = JSON.parse(readFileSync(join(dir, 'node_modules/.package-lock.json'), 'utf8')) as {
    packages: Record<string, { hasInstallScript?: boolean }>;
  };
  const installed = Object.entries(lock.packages).filter(([path]) => path.startsWith('node_modules/'));
  const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
  return {
    tarball: basename(tarball),
    packages: installed.length,
    megabytes: Math.round(diskBytes(join(dir, 'node_modules')) / 1e5) / 10,
    seconds: Math.round(seconds * 10) / 10,
    installScripts: installed.filter(([, p]) => p.hasInstallScript).map(([path]) => nameOf(path)).sort(),
    names: [...new Set(installed.map(([path]) => nameOf(path)))].sort(),
  };
}

/** Bytes of the files under `dir` (symbolic links not followed). */
function diskBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += diskBytes(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
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

export function contextFor(
  repo: string,
  dirs: { dir: string; clientOnlyDir: string; middlewareDir: string },
  tarballs: { tarball: string; clientTarball: string; middlewareTarball: string },
  runtimes: readonly NodeRuntime[],
): ConsumerContext {
  const { dir } = dirs;
  return {
    ...dirs, ...tarballs, repo, runtimes,
    startSandbox: (node) => startSandbox(dir, node),
    run: (command, args, options = {}) => exec(command, args, { cwd: options.cwd ?? dir, env: envFor(options.node ?? runtimes[0]!, options.env) }),
  };
}
