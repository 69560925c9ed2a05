// An API's version and what has changed since its last release. Each API keeps one in
// contracts/<api>/release.ts: the version is the single source of `info.version`; `npm run
// release` rewrites the file (new version, lists emptied); the lists are edited by hand.

export interface AcceptedBreak {
  /** Rule id of the ERR finding (`response-property-removed`). */
  rule: string;
  /** Its JSON pointer in the last release (or in the current document). */
  pointer: string;
  /** The changelog line integrators read. */
  changelog: string;
  /**
   * The document now states a rule the server already applied (it refused these values before the
   * change too), so no client that worked before breaks: accepted without a new major version.
   */
  alreadyEnforced?: boolean;
}

export interface ReleaseState {
  /** Semver of the document now (`info.version`). A break needs a higher major than the last release's. */
  version: string;
  unreleased: {
    /** Changelog lines of non-breaking changes worth a sentence. */
    changelog: string[];
    /** Breaking changes accepted for the next major version. */
    acceptedBreaks: AcceptedBreak[];
  };
}

/**
 * An API's base path carries its major version (`/merchant/v2` for 2.x.y): a major release moves
 * the path, so the version and the path can never disagree (the README table shows both).
 */
export function versionedPath(prefix: string, version: string): string {
  return `${prefix}/v${version.split('.')[0]}`;
}
