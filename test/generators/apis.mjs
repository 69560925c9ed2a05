// The documents the generators are tried on: every one the project generates (generated/openapi/*.json),
// read from the folder so a new document is covered without a list to extend.
import { readdirSync } from 'node:fs';

export const apis = readdirSync(new URL('../../generated/openapi/', import.meta.url))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -'.json'.length))
  .sort();
