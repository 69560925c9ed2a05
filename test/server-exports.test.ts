// The server's public entry points (`<package>/server`, `/server/validators`, `/server/auth`).
// The tests import their sources, not the git-ignored dist/ (whatever was last built, or nothing in
// a fresh clone): the first test proves that the package's `exports` map each entry to the build of
// exactly that source (tsc over tsconfig.build.json writes dist/x.js from x.ts), so what passes
// here is what a consumer imports. The packed package itself is installed and used by
// `npm run test:consumer`.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { connectRedis, createServer, exchangeValidator as fromIndex, redisNonceStore, redisRateLimiter, redisSeenStore, type MerchantHandlers } from '../server/index.ts';
import { createExchangeVerifier, createMerchantVerifier, createPartnerVerifier, exchangeAuth, merchantAuth, partnerAuth } from '../server/auth/index.ts';
import { exchangeValidator, merchantValidator, partnerValidator } from '../server/validators.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8'));

describe('package exports of the server', () => {
  it('map every entry to the build of one source file that the build compiles (the sources these tests import)', () => {
    const manifest = readJson('package.json') as { exports: Record<string, string | { types: string; import: string; default: string }> };
    expect(manifest.exports['./package.json']).toBe('./package.json');
    const build = readJson('tsconfig.build.json') as { compilerOptions: { rootDir: string; outDir: string }; include: string[]; exclude: string[] };
    expect([build.compilerOptions.rootDir, build.compilerOptions.outDir]).toEqual(['.', 'dist']);
    const modules = Object.entries(manifest.exports).filter((e): e is [string, Exclude<(typeof e)[1], string>] => typeof e[1] !== 'string');
    expect(modules).toHaveLength(Object.keys(manifest.exports).length - 1);
    const sources = modules.map(([entry, target]) => {
      const js = /^\.\/dist\/(.+)\.js$/.exec(target.import)?.[1];
      expect(js, entry).toBeDefined();
      expect([target.default, target.types], entry).toEqual([target.import, `./dist/${js}.d.ts`]);
      const source = `${js}.ts`;
      expect(existsSync(join(root, source)), source).toBe(true);
      expect(build.include.some((dir) => source.startsWith(`${dir}/`)), source).toBe(true);
      expect(source).not.toMatch(/\.test\.ts$|testkit\.ts$|\/testing\.ts$|fake-fetch\.ts$/);
      return [entry, source];
    });
    expect(sources.filter(([entry]) => entry!.startsWith('./server'))).toEqual([
      ['./server', 'server/index.ts'],
      ['./server/validators', 'server/validators.ts'],
      ['./server/auth', 'server/auth/index.ts'],
    ]);
  });

  it('exposes createServer, the three validators and the three auth verifiers', () => {
    for (const f of [createServer, exchangeValidator, merchantValidator, partnerValidator, createExchangeVerifier, createMerchantVerifier, createPartnerVerifier, exchangeAuth, merchantAuth, partnerAuth]) {
      expect(typeof f).toBe('function');
    }
    expect(fromIndex).toBe(exchangeValidator);
    for (const f of [connectRedis, redisRateLimiter, redisSeenStore, redisNonceStore]) expect(typeof f).toBe('function');
    const handler: MerchantHandlers['listCurrencies'] = () => ({ status: 200, body: { currencies: [] } });
    expect(handler).toBeTypeOf('function');
  });

  it('mounts merchantValidator() with the generated document in a plain Express app', async () => {
    const app = express();
    app.use('/merchant/v2', merchantValidator());
    app.post('/merchant/v2/payments', (_req, res) => res.status(201).json({}));
    const res = await request(app).post('/merchant/v2/payments').send({ payment: {} });
    expect([res.status, res.body.code]).toEqual([422, '1002']);
  });

  it('mounts partnerAuth on its own (Bearer or Basic), attaching the principal, answering failures in the partner body', async () => {
    const app = express();
    app.use(partnerAuth([{ partnerId: 'p1', bearerKey: 'k1' }]));
    app.get('/', (_req, res) => res.json({ ok: true }));
    expect((await request(app).get('/').set('Authorization', 'Bearer k1')).body).toEqual({ ok: true });
    const refused = await request(app).get('/').set('Authorization', 'Bearer k2');
    expect([refused.status, refused.body]).toEqual([401, { title: 'Unauthorized', code: '1001', details: 'API key not set properly in Authorization: unknown API key' }]);
  });
});
