// What a release runs once it is written: npm run check (fresh generated files, the gate, redocly
// lint, tsc over the whole project), then tests. `release` runs the tests a release can break
// without a path move: the release and gate tests, the last release's runner and client against
// today's server, the diff's command line, the README table and the client's prefixes against the
// contracts (about a minute here, against over two for the suite). A major moves the base path,
// which every end-to-end test reaches, so it runs `all` (npm test).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export type TestScope = 'release' | 'all' | 'none';

export const RELEASE_TESTS = ['scripts/release/', 'tools/diff/cli.test.ts', 'scripts/readme-table.test.ts', 'client/base-url.test.ts', 'scripts/help.test.ts'];

export function verifyRelease(root: string, scope: TestScope): boolean {
  const run = (label: string, args: string[]) => {
    console.log(`\n== ${label}`);
    return spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' }).status === 0;
  };
  if (!run('npm run check', ['--import', 'tsx', join(root, 'scripts/check.ts')])) return false;
  if (scope === 'none') return true;
  const vitest = join(root, 'node_modules/vitest/vitest.mjs');
  return run(scope === 'all' ? 'npm test' : `vitest run ${RELEASE_TESTS.join(' ')}`, [vitest, 'run', ...(scope === 'all' ? [] : RELEASE_TESTS)]);
}
