// The paths of one API in OpenAPI's precedence: concrete segments before templated ones, so
// `GET /transactions/instant_refund` is the path `/transactions/instant_refund` (which has only
// POST: 405, `Allow: POST`), never `/transactions/{id}` with id "instant_refund".
import type { OperationMap, OperationSpec } from '../../contracts/shared/operation.ts';

const segments = (path: string) => path.split('/').filter(Boolean);
const isParam = (segment: string) => segment.startsWith('{');

/** Segment by segment, a literal before a parameter, literals alphabetically: the more specific of two overlapping paths first. */
export function comparePaths(a: string, b: string): number {
  const sa = segments(a);
  const sb = segments(b);
  for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
    const pa = isParam(sa[i]!);
    const pb = isParam(sb[i]!);
    if (pa !== pb) return pa ? 1 : -1;
    if (!pa && sa[i] !== sb[i]) return sa[i]! < sb[i]! ? -1 : 1;
  }
  return sa.length - sb.length;
}

/** Express matches routes in registration order: register them in this one. */
export function byPathSpecificity(operations: OperationMap): [string, OperationSpec][] {
  return Object.entries(operations).sort(([, a], [, b]) => comparePaths(a.path, b.path));
}

/** A URL path (relative to the API's base) that the template matches; a trailing slash is tolerated, as Express does. */
const patternOf = (path: string) => new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '([^/]+)')}/?$`);
/** The parameter names of a template, in order. */
const namesOf = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);

/** Two templates one URL can match: same length, and at every segment equal literals or a parameter on either side. */
function overlap(a: string, b: string): boolean {
  const sa = segments(a);
  const sb = segments(b);
  return sa.length === sb.length && sa.every((s, i) => s === sb[i] || isParam(s) || isParam(sb[i]!));
}

export interface PathEntry {
  path: string;
  pattern: RegExp;
  /** The methods the path has, upper case, HEAD with GET. */
  allow: string[];
  /** Its parameters' names, in the order the pattern captures their (still encoded) values. */
  names: string[];
}

export class PathTable {
  /** In precedence order. */
  readonly entries: PathEntry[];

  constructor(operations: OperationMap) {
    const methods = new Map<string, string[]>();
    for (const [, op] of byPathSpecificity(operations)) methods.set(op.path, [...(methods.get(op.path) ?? []), op.method.toUpperCase()]);
    this.entries = [...methods].map(([path, m]) => ({ path, pattern: patternOf(path), allow: m.includes('GET') ? [...m, 'HEAD'] : m, names: namesOf(path) }));
  }

  /** The path a request path is for, by precedence; undefined when no path of the API matches. */
  resolve(requestPath: string): PathEntry | undefined {
    return this.entries.find((e) => e.pattern.test(requestPath));
  }

  /** As `resolve`, with the values the pattern captured (encoded as in the URL). */
  match(requestPath: string): { entry: PathEntry; values: string[] } | undefined {
    for (const entry of this.entries) {
      const m = entry.pattern.exec(requestPath);
      if (m) return { entry, values: m.slice(1) };
    }
    return undefined;
  }

  /** The patterns of the paths that take precedence over `path` for some URL (usually none). */
  shadowing(path: string): RegExp[] {
    return this.entries.filter((e) => e.path !== path && comparePaths(e.path, path) < 0 && overlap(e.path, path)).map((e) => e.pattern);
  }
}
