// The documents and docs the server publishes: `/openapi/{api}.yaml` and `/openapi/{api}.json` (as
// generated), `/docs/` (docs/index.html; `/docs` redirects there so the page's relative links
// resolve), `/docs/{exchange,merchant,partner,sandbox}` (the Redoc pages) and `/docs/console.js`
// (their try-it console). Files are read per request: they are small, rarely fetched, and a
// regenerate shows up without a restart.
import express, { type Router } from 'express';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DocumentId } from '../contracts/shared/contract.ts';
import { SANDBOX_DEFAULTS } from './config/defaults.ts';
import { ROOT, specPath } from './spec.ts';

const SANDBOX_ORIGIN = `http://${SANDBOX_DEFAULTS.host}:${SANDBOX_DEFAULTS.port}`;

/** A small icon, drawn here (an SVG: every current browser takes it from /favicon.ico). */
const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1a5fb4"/>' +
  '<text x="16" y="23" font-family="sans-serif" font-size="18" font-weight="700" fill="#fff" text-anchor="middle">{}</text></svg>';

const APIS: readonly DocumentId[] = ['exchange', 'merchant', 'partner', 'sandbox'];

// The Redoc pages (2.5 MB each) are not in the npm package: an installed sandbox answers this.
const notFound = (what: string) => ({ message: `${what} not found: the docs pages are not part of the npm package; in the repository, \`npm run generate\` produces them` });

/** The pages' default sandbox origin replaced with the serving one, when the Host header is a plain host[:port]. */
function servedFrom(html: string, req: express.Request): string {
  const host = req.get('host') ?? '';
  if (!/^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host)) return html;
  return html.split(SANDBOX_ORIGIN).join(`${req.protocol}://${host}`);
}

export function docsRouter(): Router {
  const router = express.Router({ strict: true, caseSensitive: true });

  const send = (file: string, type: string, what: string): express.RequestHandler =>
    async function serveFile(req, res) {
      try {
        const raw = await readFile(file);
        // The pages name the sandbox at its default address; served, they name the one they come from.
        const content = type.startsWith('text/html') ? servedFrom(raw.toString('utf8'), req) : raw;
        res.type(type).setHeader('Cache-Control', 'no-cache');
        res.send(content);
      } catch {
        res.status(404).json(notFound(what));
      }
    };

  for (const api of APIS) {
    router.get(`/openapi/${api}.yaml`, send(specPath(api), 'application/yaml; charset=utf-8', `/openapi/${api}.yaml`));
    router.get(`/openapi/${api}.json`, send(specPath(api, 'json'), 'application/json; charset=utf-8', `/openapi/${api}.json`));
    router.get(`/docs/${api}`, send(join(ROOT, 'docs', `${api}.html`), 'text/html; charset=utf-8', `docs/${api}.html`));
  }
  // Relative, so it also works when the app is mounted under a prefix.
  router.get('/docs', (_req, res) => res.redirect(301, 'docs/'));
  router.get('/docs/', send(join(ROOT, 'docs', 'index.html'), 'text/html; charset=utf-8', 'docs/index.html'));
  // The reference pages' try-it console (tools/console, bundled by npm run generate), beside them.
  router.get('/docs/console.js', send(join(ROOT, 'docs', 'console.js'), 'text/javascript; charset=utf-8', 'docs/console.js'));
  // The guides (docs/guides/*.md rendered by npm run generate), by name only: no path reaches elsewhere.
  router.get('/docs/guides/:name', (req, res, next) => {
    const name = req.params.name as string;
    if (!/^[a-z0-9-]{1,64}$/.test(name)) return res.status(404).json(notFound(`docs/guides/${name}`));
    return send(join(ROOT, 'docs', 'guides', `${name}.html`), 'text/html; charset=utf-8', `docs/guides/${name}`)(req, res, next);
  });
  router.get('/docs/decisions.md', send(join(ROOT, 'docs', 'decisions.md'), 'text/markdown; charset=utf-8', 'docs/decisions.md'));
  router.get('/', (_req, res) => res.redirect(302, '/docs/'));
  // Browsers ask every page's origin for it: an icon instead of a 404 in every page's log.
  router.get('/favicon.ico', (_req, res) => {
    res.type('image/svg+xml').setHeader('Cache-Control', 'public, max-age=86400');
    res.send(FAVICON);
  });
  return router;
}
