import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contracts, exchangeContract, merchantContract } from '../contracts/index.ts';
import { apiTable, operationCount, TABLE_END, TABLE_START, withApiTable } from './readme-table.ts';

describe('the README API table', () => {
  it('counts operations and webhooks from the contracts', () => {
    expect(operationCount(exchangeContract)).toBe(String(Object.keys(exchangeContract.operations).length));
    const webhooks = Object.keys(merchantContract.webhooks!).length;
    expect(operationCount(merchantContract)).toBe(`${Object.keys(merchantContract.operations).length} + ${webhooks} webhooks`);
    const oneMore = { ...exchangeContract, operations: { ...exchangeContract.operations, extra: exchangeContract.operations.getTicker } };
    expect(apiTable([oneMore])).toContain(`| \`/api/v1\` | HMAC-SHA256 signed query (\`access_key\`, \`nonce\` or \`tonce\`, \`signature\`) | ${Object.keys(oneMore.operations).length} |`);
  });

  it('replaces only the lines between the markers, and needs them', () => {
    const readme = `# Title\n\n${TABLE_START}\nold\n${TABLE_END}\n\nrest\n`;
    expect(withApiTable(readme, contracts)).toBe(`# Title\n\n${TABLE_START}\n${apiTable(contracts)}\n${TABLE_END}\n\nrest\n`);
    expect(() => withApiTable('# Title\n', contracts)).toThrow(/markers .* are missing/);
  });

  it('is what README.md holds (npm run check also fails on a stale one)', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    expect(withApiTable(readme, contracts)).toBe(readme);
  });
});
