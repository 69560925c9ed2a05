// A service that bundles merchantValidator (esbuild, every dependency inlined) runs from a folder
// with nothing beside it: no generated/ YAML, no node_modules. The validator's document travels
// inside the bundle (generated/openapi/merchant.document.ts), so an invalid request gets the
// merchant API's 422 body from the bundled service.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';

const SERVICE = `
import express from 'express';
import { merchantValidator } from './server/validators.ts';
const app = express();
app.use('/merchant/v2', merchantValidator());
app.get('/merchant/v2/currencies', (_req, res) => { res.json({ from: 'service' }); });
const server = app.listen(0, '127.0.0.1', (err) => {
  if (err) throw err;
  const a = server.address();
  console.log('port ' + (typeof a === 'object' && a ? a.port : 0));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

const dir = mkdtempSync(join(tmpdir(), 'bundled-validator-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('merchantValidator bundled into a service', () => {
  it('validates with the document inside the bundle, with no generated/ folder beside it', async () => {
    await build({
      stdin: { contents: SERVICE, resolveDir: process.cwd(), loader: 'ts', sourcefile: 'service.ts' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: join(dir, 'service.mjs'),
      logLevel: 'error',
      // Some CommonJS dependencies call require(); an ESM bundle provides it.
      banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    });
    expect(readdirSync(dir)).toEqual(['service.mjs']);

    const child = spawn(process.execPath, ['service.mjs'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      const port = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /port (\d+)/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.on('exit', (code) => reject(new Error(`service exited ${code}: ${err}`)));
      });
      const base = `http://127.0.0.1:${port}/merchant/v2`;
      const invalid = await fetch(`${base}/payments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(invalid.status).toBe(422);
      expect(await invalid.json()).toEqual({
        title: 'Unprocessable Entity',
        code: '1002',
        details: 'Required fields are missing or incorrect',
        source: [{ payment: 'is required' }],
      });
      const valid = await fetch(`${base}/currencies`);
      expect(valid.status).toBe(200);
      expect(await valid.json()).toEqual({ from: 'service' });
      const unknown = await fetch(`${base}/nope`);
      expect(unknown.status).toBe(404);
    } finally {
      child.kill('SIGTERM');
    }
  }, 60_000);
});
