// The merchant API's version (the single source of info.version) and its unreleased changes.
// `npm run release` rewrites this file; edit the unreleased lists by hand (contracts/shared/release.ts).
import type { ReleaseState } from '../shared/release.ts';

export const release: ReleaseState = {
  "version": "3.0.0",
  "unreleased": {
    "changelog": [],
    "acceptedBreaks": []
  }
};
