// The breaking-change gate: the current document against the last release. An ERR finding fails
// unless the contract accepts it (rule and pointer, with a changelog line) and its version has a
// higher major than the release, or the break only writes down a rule the server already enforced. WARN and INFO pass and are listed.
import type { Finding } from '../../tools/diff/finding.ts';
import type { ReleaseState } from '../../contracts/shared/release.ts';
import { compareSemver, major, SEMVER } from './history.ts';

export interface GateResult {
  ok: boolean;
  /** Why the gate fails, one line each. */
  problems: string[];
  /** ERR findings the contract accepts. */
  accepted: Finding[];
  /** The accepted breaks that need a new major version (not merely writing down what the server enforced). */
  needMajor: Finding[];
  /** WARN and INFO findings. */
  listed: Finding[];
  /** Accepted breaks that match no finding (left over after a revert, or a typo). */
  unused: ReleaseState['unreleased']['acceptedBreaks'];
}

export function gate(api: string, findings: Finding[], state: ReleaseState, released: string): GateResult {
  const problems: string[] = [];
  const file = `contracts/${api}/release.ts`;
  if (!SEMVER.test(state.version)) problems.push(`${api}: version "${state.version}" in ${file} is not semver (x.y.z)`);
  else if (compareSemver(state.version, released) < 0) problems.push(`${api}: version ${state.version} is older than the last release ${released}`);
  const breaks = state.unreleased.acceptedBreaks;
  const matches = (f: Finding) => breaks.find((b) => b.rule === f.id && (b.pointer === f.base || b.pointer === f.revision));
  const accepted: Finding[] = [];
  for (const f of findings.filter((x) => x.level === 'ERR')) {
    const b = matches(f);
    if (!b) {
      problems.push(`${api}: breaking change ${f.id} at ${f.base}: ${f.message} Undo it, or accept it in ${file} (acceptedBreaks: { rule: '${f.id}', pointer: '${f.base}', changelog }) with a new major version.`);
      continue;
    }
    if (b.changelog.trim() === '') problems.push(`${api}: the accepted break ${f.id} at ${b.pointer} has no changelog line`);
    accepted.push(f);
  }
  // A break the server already enforced (the document catches up with it) needs no new major version.
  const needMajor = accepted.filter((f) => !matches(f)?.alreadyEnforced);
  if (needMajor.length > 0 && SEMVER.test(state.version) && major(state.version) <= major(released)) {
    problems.push(`${api}: ${needMajor.length} accepted breaking change(s) need a new major version (last release ${released}, ${file} says ${state.version})`);
  }
  const unused = breaks.filter((b) => !findings.some((f) => f.level === 'ERR' && b.rule === f.id && (b.pointer === f.base || b.pointer === f.revision)));
  return { ok: problems.length === 0, problems, accepted, needMajor, listed: findings.filter((f) => f.level !== 'ERR'), unused };
}
