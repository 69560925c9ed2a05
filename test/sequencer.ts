// The order in which `npm test` hands files to its workers: the slowest files first, so that with
// several workers no long file starts near the end and becomes the whole run's tail. Vitest's own
// order (longest first from its cache, else the largest files first) is kept for the rest; a fresh
// checkout has no cache, and the slowest files here are small ones that start server processes.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Measured slowest first (wall time in a whole run, 2026-11-25; README, "Test suite"); a file missing
 * here only runs later. Complete enough that a fresh clone (no Vitest cache) starts the files that
 * wait on timers, Redis or child processes early, instead of leaving one as the run's tail.
 */
export const SLOWEST = [
  'test/state-crash-pg.test.ts',
  'test/state-crash-sqlite.test.ts',
  'test/contracts-guide.test.ts',
  'test/contract-planted.test.ts',
  'test/contract-prefer-coverage.test.ts',
  'server/stores/redis-stores.test.ts',
  'test/contract-inprocess.test.ts',
  'test/server-main.test.ts',
  'test/readme-snippets.test.ts',
  'test/server-redis.test.ts',
  'test/idempotency-proxy-reference.test.ts',
  'test/idempotency-crash.test.ts',
  'test/two-instances-pg.test.ts',
  'scripts/release/last-release.test.ts',
  'test/contract-sandbox.test.ts',
  'test/idempotency-proxy.test.ts',
  'test/two-instances.test.ts',
  'tools/webhooks/cli.test.ts',
  'test/contract-planted-fidelity.test.ts',
  'test/server-shutdown-cancels.test.ts',
  'test/three-instances-exchange-pg.test.ts',
  'test/state-lifecycle-fault.test.ts',
  'tools/diff/corpus.test.ts',
  'test/server-shutdown.test.ts',
  'test/state-restart.test.ts',
  'test/pipeline.test.ts',
  'tools/contract/runner-form.test.ts',
];

export default class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = SLOWEST.indexOf(relative(f.project.config.root, f.moduleId).split('\\').join('/'));
      return i === -1 ? SLOWEST.length : i;
    };
    return sorted.map((f, i) => ({ f, i, r: rank(f) })).sort((a, b) => a.r - b.r || a.i - b.i).map(({ f }) => f);
  }
}
