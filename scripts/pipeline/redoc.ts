// OpenAPI YAML -> self-contained Redoc HTML (Redoc bundle inlined: no request to another host).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { SAMPLE_LANGUAGES } from './code-samples.ts';
import { htmlHeader } from './header.ts';
import { toYaml } from './openapi.ts';
import { renderCache } from './render-cache.ts';

const run = promisify(execFile);

const svg = (width: number, text: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="16" viewBox="0 0 ${width} 16">` +
      `<text x="0" y="12" font-family="sans-serif" font-size="12" font-weight="600" fill="#0044D4">${text}</text></svg>`,
  )}`;

/**
 * The "API docs by Redocly" badge of Redoc 3 loads its logo from cdn.redoc.ly whatever the
 * options; the pages must make no request to another host, so the logo is inlined as a small
 * SVG (the attribution stays). The browser test fails on any other outside request.
 */
const CDN_LOGOS: Record<string, string> = {
  'https://cdn.redoc.ly/redoc/logo-mini-full.svg': svg(56, 'Redocly'),
  'https://cdn.redoc.ly/redoc/logo-mini.svg': svg(12, 'R'),
};

export function inlineCdnLogos(html: string): string {
  return Object.entries(CDN_LOGOS).reduce((out, [url, data]) => out.replaceAll(url, data), html);
}
const require = createRequire(import.meta.url);
const redoclyBin = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');

/**
 * Redoc settings of every page. Redoc 3 only shows code samples of the languages listed here;
 * Payload (the request body example) comes last.
 */
export const REDOC_OPTIONS = {
  codeSamples: { languages: [...Object.values(SAMPLE_LANGUAGES), { lang: 'Payload' }] },
  // Long sample lines wrap instead of running out of the middle column, where Redoc cut them off.
  theme: { typography: { code: { wrap: true } } },
};

/** Everything build-docs' output depends on besides the document and the title (render-cache.ts). */
const redoclyVersion = (JSON.parse(readFileSync(join(dirname(redoclyBin), '..', 'package.json'), 'utf8')) as { version: string }).version;
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pages = renderCache(join(ROOT, 'node_modules', '.cache', 'redoc-pages'));

/** The page of a document: Redoc's output (rendered once per distinct input, render-cache.ts), headed, logos inlined. */
export async function renderRedoc(yaml: string, title: string): Promise<string> {
  const config = toYaml({ openapi: REDOC_OPTIONS });
  const html = await pages.get([`@redocly/cli ${redoclyVersion}`, `node ${process.version}`, config, title, yaml], () => buildDocs(yaml, title, config));
  return inlineCdnLogos(html).replace(/^<!DOCTYPE html>\n?/i, `<!DOCTYPE html>\n${htmlHeader()}`);
}

/** `redocly build-docs` of one document, in a temporary folder. */
async function buildDocs(yaml: string, title: string, redoclyConfig: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'redoc-'));
  try {
    const input = join(dir, 'api.yaml');
    const output = join(dir, 'api.html');
    const config = join(dir, 'redocly.yaml');
    await writeFile(input, yaml);
    await writeFile(config, redoclyConfig);
    await run(process.execPath, [redoclyBin, 'build-docs', input, '-o', output, '--config', config, '--inlineBundle', '--title', title], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    return await readFile(output, 'utf8');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
