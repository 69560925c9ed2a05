// Figure 7: what the client costs a browser app. Each client entry bundled by esbuild as a browser
// app would (platform browser, ESM, minified, tree-shaken), then gzipped (level 9). The budget
// the three clients together <= 20 KB min+gzip. Also used by client/bundle.test.ts,
// which checks what the bundles contain (no zod, no node:*, no Buffer, no signing for merchant).
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { ROOT } from './children.ts';

export interface BundleEntry {
  /** The package entry as a consumer imports it. */
  name: string;
  /** The module an app would contain: an import of the entry. */
  contents: string;
}

/** `export *` keeps every export (what importing the whole entry costs); the first row is the budget's. */
export const BUNDLE_ENTRIES: readonly BundleEntry[] = [
  { name: './client: the three clients', contents: `export { createExchangeClient, createMerchantClient, createPartnerClient } from './client/index.ts';` },
  { name: './client: every export', contents: `export * from './client/index.ts';` },
  { name: './client/exchange', contents: `export * from './client/exchange.ts';` },
  { name: './client/merchant', contents: `export * from './client/merchant.ts';` },
  { name: './client/partner', contents: `export * from './client/partner.ts';` },
  { name: './client/webhooks', contents: `export * from './client/webhooks-express.ts';` },
];

/** The budget of the first entry, bytes of min+gzip. */
export const CLIENTS_BUDGET_BYTES = 20 * 1024;

export interface BundleSize {
  name: string;
  minBytes: number;
  gzipBytes: number;
}

export interface Bundle extends BundleSize {
  code: string;
  /** Every source file in the bundle, relative to the repository (node_modules/... for packages). */
  inputs: string[];
}

export async function bundle(entry: BundleEntry): Promise<Bundle> {
  const result = await build({
    stdin: { contents: entry.contents, resolveDir: ROOT, loader: 'ts', sourcefile: 'app.ts' },
    bundle: true,
    platform: 'browser',
    format: 'esm',
    minify: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.text;
  return {
    name: entry.name,
    code,
    inputs: Object.keys(result.metafile.inputs),
    minBytes: Buffer.byteLength(code),
    gzipBytes: gzipSync(code, { level: 9 }).length,
  };
}

export interface BundleFigure {
  esbuild: string;
  entries: BundleSize[];
}

export async function measureBundles(): Promise<BundleFigure> {
  const { version } = await import('esbuild');
  const entries: BundleSize[] = [];
  for (const entry of BUNDLE_ENTRIES) {
    const { name, minBytes, gzipBytes } = await bundle(entry);
    entries.push({ name, minBytes, gzipBytes });
  }
  return { esbuild: version, entries };
}
