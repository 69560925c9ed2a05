import { defineConfig } from 'vitest/config';
import SlowestFirst from './test/sequencer.ts';
import { NATIVE_TSC } from './scripts/tsc-path.ts';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    // .stryker-tmp: the mutation run's sandbox copies of the tests (npm run test:mutation).
    exclude: ['node_modules/**', 'test/browser/**', 'test/generators/**', '.stryker-tmp/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Builds the reference server's bundle once for the tests that start it as a process.
    globalSetup: ['test/global-setup.ts'],
    // fast-check's seed: fixed under CI, random locally, PROPERTY_SEED to replay one.
    setupFiles: ['test/property-seed.ts'],
    // Vitest's default on 2 cores is ONE worker (cores - 1): files ran one after another while most
    // of them wait on child processes, sockets, timers and Redis, with a core idle. Four workers
    // keep both cores busy.
    maxWorkers: 4,
    // Files of one worker share its module cache instead of each importing the server, zod and the
    // contracts again (that import was about a fifth of the suite's CPU time). Safe here because no
    // test file mocks modules; stubbed globals and fake timers are restored by the files that set
    // them, and every server a file starts is closed by it.
    isolate: false,
    sequence: { sequencer: SlowestFirst },
    // The type tests (*.test-d.ts) are compiled with the project's options but only with what they
    // import (tsconfig.typecheck.json): 730 files instead of the project's 1,370, about 13 s of tsc
    // CPU instead of 20. The whole project is type-checked by `npm run check`, which
    // test/contracts-guide.test.ts runs on a copy of the working tree, so `npm test` still fails on a
    // type error anywhere. The checker is TypeScript 7's native tsc, as in check (scripts/tsc-path.ts).
    typecheck: { enabled: true, include: ['**/*.test-d.ts'], tsconfig: './tsconfig.typecheck.json', checker: NATIVE_TSC },
  },
});
