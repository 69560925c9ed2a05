// What was released: api-history/<api>/releases.json (version, date, changelog lines, oldest
// first) and api-history/<api>/<version>.json (the document as released). The client and
// contract runner as released are in the commit that wrote that document (scripts/release/sources.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Doc } from './finding.ts';

export interface ReleaseRecord {
  version: string;
  /** ISO date `YYYY-MM-DD`. */
  date: string;
  /** The hand-written lines of the release (accepted breaks first). */
  changelog: string[];
}

export const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

export function compareSemver(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pa[i]! - pb[i]!;
  return 0;
}

export function major(v: string): number {
  return Number(v.split('.')[0]);
}

export function historyDir(root: string, api: string): string {
  return join(root, 'api-history', api);
}

export function readHistory(root: string, api: string): ReleaseRecord[] {
  const file = join(historyDir(root, api), 'releases.json');
  if (!existsSync(file)) return [];
  const list = JSON.parse(readFileSync(file, 'utf8')) as ReleaseRecord[];
  return [...list].sort((a, b) => compareSemver(a.version, b.version));
}

export function releasedDocument(root: string, api: string, version: string): Doc {
  return JSON.parse(readFileSync(join(historyDir(root, api), `${version}.json`), 'utf8')) as Doc;
}

export function lastRelease(root: string, api: string): { record: ReleaseRecord; doc: Doc } | undefined {
  const record = readHistory(root, api).at(-1);
  return record ? { record, doc: releasedDocument(root, api, record.version) } : undefined;
}
