// contracts/<api>/release.ts as data: the current state of each contract, and its rewrite.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReleaseState } from '../../contracts/shared/release.ts';

export function renderReleaseFile(api: string, state: ReleaseState): string {
  return `// The ${api} API's version (the single source of info.version) and its unreleased changes.
// \`npm run release\` rewrites this file; edit the unreleased lists by hand (contracts/shared/release.ts).
import type { ReleaseState } from '../shared/release.ts';

export const release: ReleaseState = ${JSON.stringify(state, null, 2)};
`;
}

export function writeReleaseFile(root: string, api: string, state: ReleaseState): void {
  writeFileSync(join(root, 'contracts', api, 'release.ts'), renderReleaseFile(api, state));
}
