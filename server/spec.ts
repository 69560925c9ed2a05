// The OpenAPI documents of the server, all four by id, and where their files are. The parsed
// documents travel as modules (generated/openapi/<api>.document.ts, written by `npm run generate`
// from the YAML), so the validators work wherever the code runs: from source, from the installed
// package's dist/, or bundled into a service with no generated/ folder beside it. Each API's
// protocol imports its own document (a service mounting one validator loads no other, and never
// the sandbox's); this module composes them for the server. The YAML and docs files are only read
// to be served (/openapi/<api>.yaml, /docs), from the package root.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DocumentId } from '../contracts/shared/contract.ts';
import exchange from '../generated/openapi/exchange.document.ts';
import merchant from '../generated/openapi/merchant.document.ts';
import partner from '../generated/openapi/partner.document.ts';
import sandbox from '../generated/openapi/sandbox.document.ts';

const DOCUMENTS: Record<DocumentId, Record<string, unknown>> = { exchange, merchant, partner, sandbox };

/** The package root: the nearest folder with a package.json above this file (server/ from source, dist/server/ when installed). */
function packageRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return join(from, '..');
  }
}

export const ROOT = packageRoot(dirname(fileURLToPath(import.meta.url)));
export const specPath = (api: DocumentId, format: 'yaml' | 'json' = 'yaml'): string => join(ROOT, 'generated', 'openapi', `${api}.${format}`);

/** The parsed document of an API (shared; callers must not mutate it — the validator clones it). */
export function apiDocument(api: DocumentId): Record<string, unknown> {
  return DOCUMENTS[api];
}
