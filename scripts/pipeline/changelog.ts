// Changelogs from the history: for each release the diff against the one before it (plus its
// hand-written lines), and on top the unreleased changes (the diff of the current document
// against the last release, plus the contract's unreleased lines). Rendered as Markdown for
// CHANGELOG.md and the "Changes" section of each reference page; one line for the docs index.
import type { ApiContract } from '../../contracts/shared/contract.ts';
import type { Doc, Finding } from '../../tools/diff/finding.ts';
import { diffDocuments } from '../../tools/diff/index.ts';
import { markdownHeader } from './header.ts';
import { readHistory, releasedDocument } from '../release/history.ts';

export interface ChangeEntry {
  version: string;
  /** Release date; undefined while unreleased. */
  date?: string;
  notes: string[];
  findings: Finding[];
}

/** Newest first. */
export function changeEntries(root: string, contract: ApiContract, current: Doc): ChangeEntry[] {
  const records = readHistory(root, contract.id);
  const entries: ChangeEntry[] = [];
  let previous: Doc | undefined;
  for (const r of records) {
    const doc = releasedDocument(root, contract.id, r.version);
    entries.unshift({ version: r.version, date: r.date, notes: r.changelog, findings: previous ? diffDocuments(previous, doc, { today: r.date }) : [] });
    previous = doc;
  }
  const unreleased = contract.unreleased ?? { changelog: [], acceptedBreaks: [] };
  const findings = previous ? diffDocuments(previous, current) : [];
  const notes = [...unreleased.acceptedBreaks.map((b) => b.changelog), ...unreleased.changelog];
  if (findings.length > 0 || notes.length > 0) entries.unshift({ version: contract.version, notes, findings });
  return entries;
}

const LABEL = { ERR: 'Breaking: ', WARN: 'Possibly breaking: ', INFO: '' } as const;

function heading(e: ChangeEntry, records: ChangeEntry[]): string {
  if (e.date) return `${e.version} (${e.date})`;
  const released = records.find((r) => r.date)?.version;
  return e.version === released ? 'Unreleased' : `${e.version} (unreleased)`;
}

export function renderChanges(entries: ChangeEntry[], level = '###'): string {
  if (entries.length === 0) return 'No release recorded yet.';
  return entries
    .map((e, i) => {
      const lines = [...e.notes.map((n) => `- ${n}`), ...e.findings.map((f) => `- ${LABEL[f.level]}${f.message} (\`${f.id}\`)`)];
      const first = i === entries.length - 1 && e.findings.length === 0 ? ['- First recorded release.'] : [];
      const body = lines.length > 0 ? lines : first.length > 0 ? first : ['- No change to the document.'];
      return `${level} ${heading(e, entries)}\n\n${[...body, ...(lines.length > 0 ? first : [])].join('\n')}`;
    })
    .join('\n\n');
}

/** One line for the docs index: the newest entry. */
export function lastChange(entries: ChangeEntry[]): string {
  const e = entries[0];
  if (!e) return 'no release recorded';
  const breaking = e.findings.filter((f) => f.level === 'ERR').length;
  const count = `${e.findings.length} change${e.findings.length === 1 ? '' : 's'}${breaking ? ` (${breaking} breaking)` : ''}`;
  if (!e.date) return `unreleased: ${count}${e.notes[0] ? `; ${e.notes[0]}` : ''}`;
  if (entries.length === 1) return `${e.version} released ${e.date} (first recorded release)`;
  return `${e.version} released ${e.date}: ${e.notes[0] ?? count}`;
}

export function renderChangelogFile(perApi: { contract: ApiContract; entries: ChangeEntry[] }[]): string {
  const sections = perApi.map(({ contract, entries }) => `## ${contract.title} (${contract.id}), version ${contract.version}\n\n${renderChanges(entries, '###')}`);
  return `${markdownHeader()}# Changelog\n\nEach API's released documents are in \`api-history/<api>/\`; the changes below are the breaking-change diff between consecutive releases (\`npm run diff\`), plus the lines written at release time. Unreleased changes are the diff of the current document against the last release.\n\n${sections.join('\n\n')}\n`;
}
