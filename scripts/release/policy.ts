// The versioning policy a release must follow (docs/guides/releases.md), as one pure function:
// the next version is one step from the last release (major, minor or patch, nothing skipped);
// a breaking change needs a major and is accepted with a changelog line (gate.ts); a major needs
// a breaking change (it moves the base path, /merchant/v2 to /merchant/v3, so every integrator
// migrates); a patch changes nothing a client sees (no finding at all); a release with no change
// to the document is refused.
import type { ReleaseState } from '../../contracts/shared/release.ts';
import type { Doc, Finding } from '../../tools/diff/finding.ts';
import { gate } from './gate.ts';
import { compareSemver, SEMVER } from './history.ts';

export type Bump = 'major' | 'minor' | 'patch';

export function bump(version: string, kind: Bump): string {
  const [ma, mi, pa] = version.split('.').map(Number) as [number, number, number];
  return kind === 'major' ? `${ma + 1}.0.0` : kind === 'minor' ? `${ma}.${mi + 1}.0` : `${ma}.${mi}.${pa + 1}`;
}

/** Which step `next` is from `last`, or undefined when it is none of the three. */
export function stepOf(last: string, next: string): Bump | undefined {
  return (['major', 'minor', 'patch'] as const).find((k) => bump(last, k) === next);
}

export interface Plan {
  /** The version to release (undefined when it could not be worked out). */
  version?: string;
  step?: Bump;
  /** Why the policy refuses the release; empty when it may go ahead. */
  problems: string[];
  /** The release's changelog lines: accepted breaks first, then the unreleased lines. */
  changelog: string[];
}

export interface PlanInput {
  api: string;
  last?: { version: string; doc: Doc };
  current: Doc;
  findings: Finding[];
  unreleased: ReleaseState['unreleased'];
  /** `--major|--minor|--patch` or `--version x.y.z`. */
  ask: { bump?: Bump; version?: string };
}

const withoutVersion = (d: Doc) => JSON.stringify({ ...d, info: { ...(d.info as object), version: '' }, servers: undefined });

export function planRelease({ api, last, current, findings, unreleased, ask }: PlanInput): Plan {
  const from = last?.version ?? '0.0.0';
  const version = ask.version ?? (ask.bump ? bump(from, ask.bump) : undefined);
  if (version === undefined) return { problems: ['give --major, --minor, --patch or --version x.y.z'], changelog: [] };
  if (!SEMVER.test(version)) return { version, problems: [`--version "${version}" is not semver (x.y.z)`], changelog: [] };
  if (!last) return { version, step: stepOf(from, version), problems: [], changelog: [...unreleased.changelog] };
  if (compareSemver(version, last.version) <= 0) return { version, problems: [`${api} ${version} is not newer than the last release ${last.version}`], changelog: [] };
  const step = stepOf(last.version, version);
  const problems: string[] = [];
  if (!step) problems.push(`${api} ${version} skips versions: after ${last.version} come ${bump(last.version, 'major')} (--major), ${bump(last.version, 'minor')} (--minor) or ${bump(last.version, 'patch')} (--patch)`);
  const result = gate(api, findings, { version, unreleased }, last.version);
  problems.push(...result.problems);
  if (step === 'major' && result.needMajor.length === 0) {
    problems.push(`${api}: a major release moves the base path to v${version.split('.')[0]} and makes every integrator migrate; it needs a breaking change accepted in contracts/${api}/release.ts that the server did not already enforce, and there is none (use --minor or --patch)`);
  }
  if (step === 'patch' && findings.length > 0) {
    problems.push(`${api}: a patch changes nothing a client sees, but the diff finds ${findings.length} change(s) (${findings.slice(0, 3).map((f) => f.id).join(', ')}${findings.length > 3 ? ', ...' : ''}): use --minor`);
  }
  if (findings.length === 0 && withoutVersion(current) === withoutVersion(last.doc)) problems.push(`${api}: nothing changed since ${last.version}`);
  const changelog = [...result.accepted.map((f) => unreleased.acceptedBreaks.find((b) => b.rule === f.id && (b.pointer === f.base || b.pointer === f.revision))!.changelog), ...unreleased.changelog];
  return { version, step, problems, changelog: [...new Set(changelog)] };
}
