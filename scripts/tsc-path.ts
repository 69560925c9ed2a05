// Which TypeScript checks the project: the native compiler of TypeScript 7 (`typescript7`, an alias
// of typescript@7.0.2), about a third of 5.9's CPU for the same verdict on this project (7.5 s of CPU
// instead of 20.8 for the whole project, 0 errors from both; a planted error is the same TS2322).
// TypeScript 5.9 (`typescript`) stays for what uses its JavaScript API or its declaration emit:
// openapi-typescript (generate, which wants ^5) and the package build. Both install a `tsc` in
// node_modules/.bin, so nothing here runs a bare `tsc`: every use names its compiler.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The `tsc` of TypeScript 7 (a Node launcher of the native binary). */
export const NATIVE_TSC = join(dirname(require.resolve('typescript7/package.json')), 'bin', 'tsc');
