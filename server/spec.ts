// The generated OpenAPI documents (generated/openapi/<api>.yaml), read once per process. The
// server validates against exactly what `npm run generate` wrote and what the docs show.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';
import type { ApiId } from '../contracts/shared/contract.ts';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const specPath = (api: ApiId): string => join(ROOT, 'generated', 'openapi', `${api}.yaml`);

const cache = new Map<ApiId, { text: string; doc: Record<string, unknown> }>();

function load(api: ApiId) {
  let entry = cache.get(api);
  if (!entry) {
    let text: string;
    try {
      text = readFileSync(specPath(api), 'utf8');
    } catch (e) {
      throw new Error(`Cannot read ${specPath(api)} (${(e as Error).message}); run \`npm run generate\` first`);
    }
    entry = { text, doc: YAML.parse(text) as Record<string, unknown> };
    cache.set(api, entry);
  }
  return entry;
}

/** The parsed document of an API (shared; callers must not mutate it — the validator clones it). */
export const apiDocument = (api: ApiId): Record<string, unknown> => load(api).doc;

/** The YAML text as generated, for `/openapi/{api}.yaml`. */
export const apiDocumentText = (api: ApiId): string => load(api).text;
