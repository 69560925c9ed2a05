// npm run build (also run by `prepare`, so `npm ci` leaves a built package): compiled ESM and
// .d.ts with declaration maps for every entry point and the CLI, into dist/ (tsconfig.build.json).
// dist/ is emptied first so a deleted source leaves no stale module behind. Then the light client
// package, packages/client, and the middleware package, packages/middleware, get their parts of
// dist/ (scripts/client-package.ts, scripts/middleware-package.ts).
import { spawnSync } from 'node:child_process';
import { chmodSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildClientPackage } from './client-package.ts';
import { buildMiddlewarePackage } from './middleware-package.ts';
import { CLIS } from './clis.ts';
import { cliArgs } from '../tools/help.ts';

cliArgs(CLIS.build);

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const started = performance.now();
rmSync(join(root, 'dist'), { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const res = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
if (res.status !== 0) process.exit(res.status ?? 1);
chmodSync(join(root, 'dist/bin/cli.js'), 0o755);
const clientFiles = buildClientPackage(root);
const middlewareFiles = buildMiddlewarePackage(root);
console.log(`built dist/, packages/client/dist/ (${clientFiles.length} files) and packages/middleware/dist/ (${middlewareFiles.length} files) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
