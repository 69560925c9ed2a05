// Where a document to compare comes from: a file (JSON or YAML), an http(s) URL, or a git ref of
// the repository in the current directory (its generated/openapi/<api>.json, else .yaml).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import YAML from 'yaml';
import exchange from '../../generated/openapi/exchange.document.ts';
import merchant from '../../generated/openapi/merchant.document.ts';
import partner from '../../generated/openapi/partner.document.ts';
import type { Doc } from './finding.ts';

export type ApiId = 'exchange' | 'merchant' | 'partner';
export const API_IDS: readonly ApiId[] = ['exchange', 'merchant', 'partner'];

/** The documents this package was generated with (the working tree's, in the repository). */
export const currentDocuments: Record<ApiId, Doc> = { exchange, merchant, partner };

export function parseDocument(text: string, from: string): Doc {
  const doc = (text.trimStart().startsWith('{') ? JSON.parse(text) : YAML.parse(text)) as unknown;
  if (doc === null || typeof doc !== 'object' || typeof (doc as Doc).openapi !== 'string') throw new Error(`${from} is not an OpenAPI document`);
  return doc as Doc;
}

export function isUrl(source: string): boolean {
  return /^https?:\/\//.test(source);
}

/** True when `source` names a single document (file or URL) rather than a git ref. */
export function isSingleDocument(source: string): boolean {
  return isUrl(source) || existsSync(source);
}

export async function loadDocument(source: string, api: ApiId, cwd = process.cwd()): Promise<Doc> {
  if (isUrl(source)) {
    const res = await fetch(source, { headers: { accept: 'application/json, application/yaml;q=0.9' } });
    if (!res.ok) throw new Error(`${source} answered ${res.status}`);
    return parseDocument(await res.text(), source);
  }
  if (existsSync(source)) return parseDocument(readFileSync(source, 'utf8'), source);
  for (const ext of ['json', 'yaml']) {
    try {
      const text = execFileSync('git', ['show', `${source}:generated/openapi/${api}.${ext}`], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
      return parseDocument(text, `${source}:generated/openapi/${api}.${ext}`);
    } catch {
      // next extension
    }
  }
  throw new Error(`"${source}" is neither a file, a URL, nor a git ref holding generated/openapi/${api}.json`);
}

/** Which of our APIs a single document is, by its title. */
export function apiOf(doc: Doc): ApiId | undefined {
  const title = (doc.info as { title?: string } | undefined)?.title;
  return API_IDS.find((id) => (currentDocuments[id].info as { title: string }).title === title);
}
