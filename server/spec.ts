// The generated OpenAPI documents (generated/openapi/<api>.yaml), read once per process. The
// server validates against exactly what `npm run generate` wrote and what the docs show.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import type { ApiId } from '../contracts/shared/contract.ts';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const specPath = (api: ApiId, format: 'yaml' | 'json' = 'yaml'): string => join(ROOT, 'generated', 'openapi', `${api}.${format}`);

const cache = new Map<ApiId, Record<string, unknown>>();

/** The parsed document of an API (shared; callers must not mutate it — the validator clones it). */
export function apiDocument(api: ApiId): Record<string, unknown> {
  let doc = cache.get(api);
  if (!doc) {
    let text: string;
    try {
      text = readFileSync(specPath(api), 'utf8');
    } catch (e) {
      throw new Error(`Cannot read ${specPath(api)} (${(e as Error).message}); run \`npm run generate\` first`);
    }
    doc = YAML.parse(text) as Record<string, unknown>;
    cache.set(api, doc);
  }
  return doc;
}
