// How tests start the reference server as a process: the bundle of server/main.ts that
// test/global-setup.ts builds once per run (same source, no tsx loader: a start costs a half to a
// third of the time), or `node --import tsx server/main.ts` when no bundle was provided.
import { inject } from 'vitest';

/** The node arguments that run server/main.ts. */
export function serverArgs(): string[] {
  const bundle = inject('serverBundle');
  return bundle ? [bundle] : ['--import', 'tsx', 'server/main.ts'];
}
