// The API table at the top of README.md, generated from the contracts so that no operation or
// webhook count in it is written by hand: `npm run generate` rewrites the lines between the two
// markers, `npm run check` fails when they are stale. Everything outside the markers is left alone.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ApiContract, ApiId } from '../contracts/shared/contract.ts';

export const README = 'README.md';
export const TABLE_START = '<!-- api-table: generated from the contracts by npm run generate; do not edit -->';
export const TABLE_END = '<!-- /api-table -->';

/** The auth column: prose, one line per API (the schemes themselves are in each contract). */
const AUTH: Record<ApiId, string> = {
  exchange: 'HMAC-SHA256 signed query (`access_key`, `nonce` or `tonce`, `signature`)',
  merchant: 'HTTP Basic (key:secret); webhooks signed `t=..,s1=..`',
  partner: 'Bearer or Basic',
};

/** `15`, or `23 + 3 webhooks`: the operations and webhooks a contract declares. */
export function operationCount(contract: ApiContract): string {
  const operations = Object.keys(contract.operations).length;
  const webhooks = Object.keys(contract.webhooks ?? {}).length;
  return webhooks ? `${operations} + ${webhooks} webhook${webhooks === 1 ? '' : 's'}` : String(operations);
}

export function apiTable(contracts: readonly ApiContract[]): string {
  const major = (version: string) => `v${version.split('.')[0]}`;
  const rows = contracts.map((c) => {
    const document = `generated/openapi/${c.id}.yaml`;
    return `| ${c.title} ${major(c.version)} | \`${c.basePath}\` | ${AUTH[c.id]} | ${operationCount(c)} | [\`${document}\`](${document}) |`;
  });
  return ['| API | base path | auth | operations | document |', '|---|---|---|---|---|', ...rows].join('\n');
}

/** `readme` with the table between the markers replaced; throws when the markers are missing. */
export function withApiTable(readme: string, contracts: readonly ApiContract[]): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`${README}: the markers ${TABLE_START} and ${TABLE_END} are missing`);
  return `${readme.slice(0, start + TABLE_START.length)}\n${apiTable(contracts)}\n${readme.slice(end)}`;
}

/** README.md as `npm run generate` writes it, in the shape of the pipeline's files. */
export async function readmeFile(root: string, contracts: readonly ApiContract[]): Promise<{ path: string; content: string }> {
  return { path: README, content: withApiTable(await readFile(join(root, README), 'utf8'), contracts) };
}
