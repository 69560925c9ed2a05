// Every ```ts block of the READMEs compiles verbatim, as a consumer's module importing the
// package by name (`cryptopay-openapi-toolkit/client`, ...; mapped to the sources, see
// docs-samples.typecheck.ts). A block is a module of its own: it imports what it uses and
// declares any context it assumes (`declare const ...`), visibly.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ENTRIES, typecheckSamples } from './docs-samples.typecheck.ts';

const FILES = ['README.md', 'client/README.md', 'server/README.md'];
/** Packages a snippet may import besides the toolkit itself. */
const OTHER_PACKAGES = ['express', 'node:http'];

/** The ```ts blocks of a Markdown file, with the line each starts on. */
export function tsBlocks(markdown: string): { line: number; source: string }[] {
  const blocks: { line: number; source: string }[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.trim() !== '```ts') continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && lines[end]!.trim() !== '```') end++;
    blocks.push({ line: start + 1, source: lines.slice(start, end).join('\n') });
    i = end;
  }
  return blocks;
}

describe('tsBlocks', () => {
  it('finds ts blocks only, with their first line', () => {
    expect(tsBlocks('# t\n```ts\nconst a = 1;\n```\n```sh\nls\n```\n```ts\nlet b;\nlet c;\n```\n')).toEqual([
      { line: 3, source: 'const a = 1;' },
      { line: 9, source: 'let b;\nlet c;' },
    ]);
  });
});

/** Every README's blocks, type-checked together: one TypeScript program, not one per README. */
const BLOCKS = FILES.map((file) => ({ file, blocks: tsBlocks(readFileSync(file, 'utf8')) }));
let checked: Promise<string[]> | undefined;
/** The located errors of every README's blocks (`README.md:12 (block 3) message`), checked once. */
function snippetErrors(): Promise<string[]> {
  const all = BLOCKS.flatMap(({ file, blocks }) => blocks.map((block, index) => ({ file, block, index })));
  // `export {}` makes a snippet without imports a module too (top-level await, its own scope).
  checked ??= typecheckSamples(all.map(({ block }) => `${block.source}\nexport {};\n`)).then((errors) =>
    errors.map((e) => {
      const { file, block, index } = all[Number(/^sample-(\d+)\.ts/.exec(e)![1])]!;
      return `${file}:${block.line} (block ${index + 1}) ${e.split('\n')[0]}`;
    }),
  );
  return checked;
}

describe.each(BLOCKS)('$file', ({ file, blocks }) => {
  it('has TypeScript snippets, each importing only the package entries (or express)', () => {
    expect(blocks.length).toBeGreaterThan(0);
    for (const { line, source } of blocks) {
      for (const match of source.matchAll(/^import\s[^;]*?from\s+'([^']+)'/gms)) {
        const from = match[1]!;
        expect(from in PACKAGE_ENTRIES || OTHER_PACKAGES.includes(from), `${file}:${line} imports ${from}`).toBe(true);
      }
    }
  });

  it('every snippet type-checks verbatim as a standalone module', async () => {
    expect((await snippetErrors()).filter((e) => e.startsWith(`${file}:`))).toEqual([]);
  }, 120_000);
});
