// How tests start an entry point as a process: its bundle that test/global-setup.ts builds once per
// run (same source, no tsx loader: a start costs a half to a third of the time), or
// `node --import tsx <file>` when no bundle was provided.
import { inject } from 'vitest';
import type { BundledEntry } from './global-setup.ts';

/** The node arguments that run `entry` (a path from the package root). */
export function entryArgs(entry: BundledEntry): string[] {
  const bundle = inject('bundles')?.[entry];
  return bundle ? [bundle] : ['--import', 'tsx', entry];
}

/** The node arguments that run server/main.ts. */
export const serverArgs = (): string[] => entryArgs('server/main.ts');
