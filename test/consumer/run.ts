// `npm run test:consumer` (CI): the packages as a consumer gets them. Packs the toolkit, the client
// package (packages/client) and the middleware package (packages/middleware, middleware-step.ts:
// a service answering real HTTP on each Node), installs each into a scratch project of its own (each install alone
// first, measured: packages, megabytes, seconds, install scripts; the client's must bring no server
// package and run no install script, so no node-gyp build), then checks, on Node 20 (this process) and on Node 22 and 24 (the
// `node` packages on npm): (a) plain ESM import of every entry plus real calls against a sandbox
// started with `npx cryptopay-toolkit serve`, (b) require() of every entry, (c) `tsc --noEmit` under
// nodenext and bundler with strict consumer flags and no DOM lib; once: the CLI commands, and (e)
// @arethetypeswrong/cli and publint on both tarballs; once: the served /openapi/{api}.json and .yaml
// equal the repository's (documents-step.ts). Extra steps (the browser bundle, d) come from
// hooks.ts. Exit code 1 when any step fails.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ConsumerContext, ConsumerStep, NodeRuntime } from './context.ts';
import { documentsStep } from './documents-step.ts';
import { extraSteps } from './hooks.ts';
import { checkMiddlewareInstall, MAX_MIDDLEWARE_PACKAGES, middlewareOnceSteps, middlewarePerRuntime } from './middleware-step.ts';
import { contextFor, nodeRuntime, pack, scratchProject, type InstallFigure } from './scratch.ts';
import { CLIS } from '../../scripts/clis.ts';
import { cliArgs } from '../../tools/help.ts';

cliArgs(CLIS.consumer);

/** Exact versions of the `node` npm packages the steps also run under. */
const OTHER_NODES = ['22.23.3', '24.21.0'];

/** What the client package must never bring: the server's packages, and the native build. */
const NOT_FOR_CLIENTS = ['express', 'express-openapi-validator', 'ioredis', 'better-sqlite3', 'fast-check', 'ajv', 'node-gyp', 'cryptopay-openapi-toolkit'];
/** The client package's whole install: itself, openapi-fetch, @noble/hashes, zod, zod-to-openapi and their few dependencies. */
const MAX_CLIENT_PACKAGES = 12;

const describeInstall = (f: InstallFigure) =>
  `${f.tarball} alone: ${f.packages} packages, ${f.megabytes} MB, ${f.seconds} s, install scripts: ${f.installScripts.join(', ') || 'none'}`;

function checkClientInstall(f: InstallFigure): void {
  const server = f.names.filter((n) => NOT_FOR_CLIENTS.includes(n));
  const problems = [
    ...(server.length ? [`brings ${server.join(', ')}`] : []),
    ...(f.installScripts.length ? [`runs install scripts (${f.installScripts.join(', ')})`] : []),
    ...(f.packages > MAX_CLIENT_PACKAGES ? [`${f.packages} packages (at most ${MAX_CLIENT_PACKAGES}): ${f.names.join(', ')}`] : []),
  ];
  if (problems.length) throw new Error(`the client package install ${problems.join('; ')}`);
}

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function perRuntime(node: NodeRuntime): ConsumerStep[] {
  return [
    {
      name: `(a) ESM import + sandbox calls, Node ${node.version}`,
      async run(ctx) {
        const sandbox = await ctx.startSandbox(node);
        try {
          process.stdout.write(`    ${(await ctx.run(node.bin, ['esm.mjs'], { node, env: { SANDBOX_URL: sandbox.url } })).trim()}\n`);
        } finally {
          await sandbox.stop();
        }
      },
    },
    ...middlewarePerRuntime(node),
    { name: `(b) CommonJS require, Node ${node.version}`, run: async (ctx) => void (await ctx.run(node.bin, ['cjs.cjs'], { node })) },
    ...(['nodenext', 'bundler'] as const).map((mode) => ({
      name: `(c) tsc --noEmit, ${mode}, strict consumer flags, Node ${node.version}`,
      run: async (ctx: ConsumerContext) => void (await ctx.run(node.bin, ['node_modules/typescript/bin/tsc', '-p', `tsconfig.${mode}.json`], { node })),
    })),
  ];
}

const cli = (ctx: ConsumerContext, args: string[]) => ctx.run('npx', ['--no-install', 'cryptopay-toolkit', ...args]);
const expectFailure = async (p: Promise<string>, pattern: RegExp) => {
  const outcome = await p.then(() => undefined, (e: Error) => e.message);
  if (outcome === undefined || !pattern.test(outcome)) throw new Error(`expected a failure matching ${pattern}, got ${outcome ?? 'success'}`);
};

const onceSteps: ConsumerStep[] = [
  {
    name: '(a) client-only install (cryptopay-openapi-client alone): the client entries load and call the sandbox',
    async run(ctx) {
      const sandbox = await ctx.startSandbox(ctx.runtimes[0]!);
      try {
        process.stdout.write(`    ${(await ctx.run(process.execPath, ['client-only.mjs'], { cwd: ctx.clientOnlyDir, env: { SANDBOX_URL: sandbox.url } })).trim()}\n`);
      } finally {
        await sandbox.stop();
      }
    },
  },
  {
    name: '(c) client-only install: tsc --noEmit on the client package\'s per-API entries, strict consumer flags',
    run: async (ctx) => void (await ctx.run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.client-only.json'], { cwd: ctx.clientOnlyDir })),
  },
  {
    name: 'CLI: --help of each command, csv validate, a short contract run against the sandbox',
    async run(ctx) {
      for (const args of [['--help'], ['contract', '--help'], ['csv', '--help'], ['serve', '--help']]) {
        if (!/^Usage: cryptopay-toolkit/.test(await cli(ctx, args))) throw new Error(`${args.join(' ')}: no usage text`);
      }
      await expectFailure(cli(ctx, ['csv', 'validate', 'invoices.csv']), /exited 1[\s\S]*row 2[\s\S]*email/);
      const sandbox = await ctx.startSandbox(ctx.runtimes[0]!);
      try {
        const out = await cli(ctx, ['contract', '--api', 'exchange', '--operation', 'getTicker', '--base-url', sandbox.url, '--runs', '2', '--negative-runs', '2', '--quiet']);
        if (!out.includes('contract: no mismatch')) throw new Error(`contract run: ${out}`);
      } finally {
        await sandbox.stop();
      }
    },
  },
  documentsStep,
  {
    name: '(e) @arethetypeswrong/cli on the three tarballs',
    async run(ctx) {
      for (const tarball of [ctx.tarball, ctx.clientTarball, ctx.middlewareTarball]) {
        await ctx.run(process.execPath, [join(repo, 'node_modules/@arethetypeswrong/cli/dist/index.js'), tarball, '--profile', 'esm-only']);
      }
    },
  },
  {
    name: '(e) publint --strict on the three installed packages',
    async run(ctx) {
      const publint = join(repo, 'node_modules/publint/src/cli.js');
      await ctx.run(process.execPath, [publint, '--strict', '--pack', 'false', 'node_modules/cryptopay-openapi-toolkit']);
      await ctx.run(process.execPath, [publint, '--strict', '--pack', 'false', 'node_modules/cryptopay-openapi-client'], { cwd: ctx.clientOnlyDir });
      await ctx.run(process.execPath, [publint, '--strict', '--pack', 'false', 'node_modules/cryptopay-openapi-middleware'], { cwd: ctx.middlewareDir });
    },
  },
];

async function main(): Promise<number> {
  const started = performance.now();
  const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
  const packDir = mkdtempSync(join(tmpdir(), 'consumer-pack-'));
  const dirs: string[] = [];
  try {
    const { toolkit: tarball, client: clientTarball, middleware: middlewareTarball } = await pack(repo, packDir);
    console.log(`packed ${tarball}, ${clientTarball} and ${middlewareTarball} (${seconds(started)})`);
    const runtimes = [{ version: process.versions.node, bin: process.execPath }, ...(await Promise.all(OTHER_NODES.map(nodeRuntime)))];
    // One after the other: npm's cache is shared, and the second install then only links.
    const full = await scratchProject(repo, tarball, ['express', '@types/express', '@types/node', 'typescript']);
    dirs.push(full.dir);
    const clientOnly = await scratchProject(repo, clientTarball, ['@types/node', 'typescript']);
    dirs.push(clientOnly.dir);
    const middleware = await scratchProject(repo, middlewareTarball, ['express', '@types/express', '@types/node', 'typescript']);
    dirs.push(middleware.dir);
    const { dir } = full;
    const clientOnlyDir = clientOnly.dir;
    const middlewareDir = middleware.dir;
    console.log(`installed into ${dir}, (client only) ${clientOnlyDir} and (middleware only) ${middlewareDir}; Node ${runtimes.map((r) => r.version).join(', ')} (${seconds(started)})`);
    console.log(`  toolkit: ${describeInstall(full.install)}\n  client:  ${describeInstall(clientOnly.install)}\n  middleware: ${describeInstall(middleware.install)}`);
    const ctx = contextFor(repo, { dir, clientOnlyDir, middlewareDir }, { tarball, clientTarball, middlewareTarball }, runtimes);
    const installStep: ConsumerStep = {
      name: `client package install: at most ${MAX_CLIENT_PACKAGES} packages, none of the server's, no install script (no node-gyp)`,
      run: async () => checkClientInstall(clientOnly.install),
    };
    const middlewareInstallStep: ConsumerStep = {
      name: `middleware package install: at most ${MAX_MIDDLEWARE_PACKAGES} packages (express-openapi-validator's tree), no storage driver, no install script (no node-gyp)`,
      run: async () => checkMiddlewareInstall(middleware.install),
    };
    let failed = 0;
    for (const step of [installStep, middlewareInstallStep, ...runtimes.flatMap(perRuntime), ...onceSteps, ...middlewareOnceSteps, ...extraSteps]) {
      const t = performance.now();
      try {
        await step.run(ctx);
        console.log(`  ok    ${step.name} (${seconds(t)})`);
      } catch (e) {
        failed++;
        console.log(`  FAIL  ${step.name} (${seconds(t)})\n${(e as Error).message.replace(/^/gm, '        ')}`);
      }
    }
    console.log(`${failed === 0 ? 'consumer: all steps passed' : `consumer: ${failed} step(s) failed`} in ${seconds(started)}`);
    return failed === 0 ? 0 : 1;
  } finally {
    rmSync(packDir, { recursive: true, force: true });
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}

process.exitCode = await main();
