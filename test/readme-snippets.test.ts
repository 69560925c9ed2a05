// Every ```ts block of the READMEs compiles verbatim, as a consumer's module importing the
// package by name (`cryptopay-openapi-toolkit/client`, ...; mapped to the sources, see
// docs-samples.typecheck.ts). A block is a module of its own: it imports what it uses and
// declares any context it assumes (`declare const ...`), visibly. The docs' TypeScript samples
// (x-codeSamples, one per operation and webhook) are checked in the same TypeScript program: one
// program for every sample instead of one per README and one for the docs (each costs seconds).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contracts } from '../contracts/index.ts';
import { CLIENT_IMPORT } from '../scripts/pipeline/code-samples.ts';
import { SANDBOX_ORIGIN } from '../scripts/pipeline/sandbox.ts';
import { documents, samplesOf } from './docs-documents.ts';
import { PACKAGE_ENTRIES, typecheckSamples } from './docs-samples.typecheck.ts';

import { readdirSync } from 'node:fs';
/** The READMEs and every guide (docs/guides/*.md): their ts blocks are what a newcomer copies. */
const FILES = ['README.md', 'client/README.md', 'server/README.md', 'packages/middleware/README.md', ...readdirSync('docs/guides').filter((f) => f.endsWith('.md')).sort().map((f) => `docs/guides/${f}`)];
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

/** The docs' TypeScript samples, every operation's and webhook's of every API. */
const DOC_SAMPLES = contracts.flatMap((c) =>
  [...samplesOf(documents[c.id]!).values(), ...samplesOf(documents[c.id]!, 'webhooks').values()].flatMap((s) =>
    s.filter((x) => x.lang === 'TypeScript').map((x) => x.source),
  ),
);
/** A sample with a misspelled option rides along to prove the check can fail. */
const MISSPELLED = `import { createExchangeClient } from '${CLIENT_IMPORT}';\ncreateExchangeClient({ baseUrl: '${SANDBOX_ORIGIN}', acessKey: 'k', secretKey: 's' });\n`;

/** Every README's blocks and the docs' samples, type-checked together (one TypeScript program). */
const BLOCKS = FILES.map((file) => ({ file, blocks: tsBlocks(readFileSync(file, 'utf8')) }));
type Origin = { file: string; line: number; index: number } | { docs: number };
let checked: Promise<{ origin: Origin; message: string }[]> | undefined;
function sampleErrors(): Promise<{ origin: Origin; message: string }[]> {
  const origins: Origin[] = [
    ...BLOCKS.flatMap(({ file, blocks }) => blocks.map((block, index) => ({ file, line: block.line, index }))),
    ...[...DOC_SAMPLES, MISSPELLED].map((_, docs) => ({ docs })),
  ];
  const sources = [
    // `export {}` makes a snippet without imports a module too (top-level await, its own scope).
    ...BLOCKS.flatMap(({ blocks }) => blocks.map((b) => `${b.source}\nexport {};\n`)),
    ...DOC_SAMPLES,
    MISSPELLED,
  ];
  checked ??= typecheckSamples(sources).then((errors) =>
    errors.map((message) => ({ origin: origins[Number(/^sample-(\d+)\.ts/.exec(message)![1])]!, message })),
  );
  return checked;
}

describe.each(BLOCKS)('$file', ({ file, blocks }) => {
  it('has TypeScript snippets, each importing only the package entries (or express)', () => {
    // Every README shows code; a guide may have none.
    if (!file.startsWith('docs/guides/')) expect(blocks.length).toBeGreaterThan(0);
    for (const { line, source } of blocks) {
      for (const match of source.matchAll(/^import\s[^;]*?from\s+'([^']+)'/gms)) {
        const from = match[1]!;
        expect(from in PACKAGE_ENTRIES || OTHER_PACKAGES.includes(from), `${file}:${line} imports ${from}`).toBe(true);
      }
    }
  });

  it('every snippet type-checks verbatim as a standalone module', async () => {
    const located = (await sampleErrors()).flatMap(({ origin, message }) =>
      'file' in origin && origin.file === file ? [`${file}:${origin.line} (block ${origin.index + 1}) ${message.split('\n')[0]}`] : [],
    );
    expect(located).toEqual([]);
  }, 120_000);
});

describe('the docs\' TypeScript samples (x-codeSamples)', () => {
  it('compile against the client', async () => {
    // One TypeScript sample per operation and per webhook, counted from the contracts.
    expect(DOC_SAMPLES.length).toBe(contracts.reduce((n, c) => n + Object.keys(c.operations).length + Object.keys(c.webhooks ?? {}).length, 0));
    const errors = (await sampleErrors()).filter(({ origin }) => 'docs' in origin);
    expect(errors.map(({ origin }) => origin)).toEqual([{ docs: DOC_SAMPLES.length }]);
    expect(errors[0]!.message).toMatch(/^sample-\d+\.ts:2:.*'acessKey' does not exist/);
  }, 120_000);
});
