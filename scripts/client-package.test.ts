import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLIENT_ENTRIES, clientClosure } from './client-package.ts';

const dist = mkdtempSync(join(tmpdir(), 'client-closure-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
const write = (file: string, text: string) => {
  mkdirSync(dirname(join(dist, file)), { recursive: true });
  writeFileSync(join(dist, file), text);
};

describe('clientClosure', () => {
  it('follows relative imports of the entries (.js to .js, .d.ts to .d.ts) and collects the packages', () => {
    for (const entry of CLIENT_ENTRIES) {
      write(`client/${entry}.js`, `import { a } from './shared.js';\nexport * from "openapi-fetch";\n`);
      write(`client/${entry}.d.ts`, `import type { T } from '../generated/types/api.ts';\nimport type { Request } from 'express';\n`);
    }
    write('client/shared.js', `const m = await import('../contracts/signing.js');\nimport { hmac } from '@noble/hashes/hmac.js';\nimport 'node:crypto';\n`);
    // A document's code sample: an import only in the text of a string, not followed.
    write('contracts/signing.js', 'export const sample = "import { x } from \'cryptopay-openapi-client\';";\nexport const sign = 1;\n');
    write('generated/types/api.d.ts', 'export type T = 1;\n');
    write('server/app.js', "import express from 'express';\n"); // not reached: not copied
    const { files, packages } = clientClosure(dist);
    expect(files).toEqual([
      ...CLIENT_ENTRIES.flatMap((e) => [`client/${e}.d.ts`, `client/${e}.js`]),
      'client/shared.js',
      'contracts/signing.js',
      'generated/types/api.d.ts',
    ].sort());
    expect([...packages.runtime].sort()).toEqual(['@noble/hashes', 'openapi-fetch']);
    expect([...packages.types]).toEqual(['express']);
  });
});
