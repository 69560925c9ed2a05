// The guides are served beside the references, the index lists them, and /favicon.ico is an icon:
// real requests to the server as npm start builds it.
import { readFileSync } from 'node:fs';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { readGuides } from '../scripts/pipeline/guides.ts';
import { testServer } from '../server/testing.ts';

const { app } = testServer();
const guides = readGuides();

describe('the guides as pages', () => {
  it('serves every guide of docs/guides at /docs/guides/<name>, as generated, and the index links each', async () => {
    expect(guides.map((g) => g.name)).toEqual(expect.arrayContaining(['architecture', 'integrator', 'operator', 'platform', 'qa']));
    const index = await request(app).get('/docs/');
    for (const g of guides) {
      const page = await request(app).get(`/docs/guides/${g.name}`).set('Host', 'docs.example.test');
      expect([page.status, page.type]).toEqual([200, 'text/html']);
      // As generated, naming the sandbox it is served from, as the reference pages do.
      expect(page.text).toBe(readFileSync(`docs/guides/${g.name}.html`, 'utf8').split('http://127.0.0.1:8080').join('http://docs.example.test'));
      expect(page.text).toContain(`<title>${g.title}</title>`);
      expect(index.text).toContain(`<a href="guides/${g.name}">`);
    }
  });

  it('answers 404 in JSON for a name that is no guide, and never reaches another file', async () => {
    for (const path of ['/docs/guides/nope', '/docs/guides/..%2Findex', '/docs/guides/Integrator']) {
      const res = await request(app).get(path);
      expect([path, res.status, res.type]).toEqual([path, 404, 'application/json']);
    }
  });
});

describe('/favicon.ico', () => {
  it('is an SVG icon, not a 404', async () => {
    const res = await request(app).get('/favicon.ico');
    expect([res.status, res.headers['content-type']]).toEqual([200, 'image/svg+xml; charset=utf-8']);
    expect(res.body.toString()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });
});
