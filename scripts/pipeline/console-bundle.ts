// docs/console.js: the try-it console (tools/console/main.ts) with the package's clients,
// bundled by esbuild for the browser (IIFE, minified, no source map), so the reference pages load
// one same-origin script and no module from another host. esbuild's output depends only on its
// version and the sources, so the file is as deterministic as the rest of docs/.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { GeneratedFile } from './generated-file.ts';
import { slashHeader } from './header.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CONSOLE_ENTRY = 'tools/console/main.ts';

export interface ConsoleBundle {
  code: string;
  /** Every source file bundled, relative to the repository (node_modules/... for packages). */
  inputs: string[];
}

export async function bundleConsole(): Promise<ConsoleBundle> {
  const result = await build({
    entryPoints: [join(ROOT, CONSOLE_ENTRY)],
    absWorkingDir: ROOT,
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    minify: true,
    legalComments: 'eof',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return { code: result.outputFiles[0]!.text, inputs: Object.keys(result.metafile.inputs).sort() };
}

export async function renderConsoleBundle(): Promise<GeneratedFile> {
  return { path: 'docs/console.js', content: `${slashHeader()}${(await bundleConsole()).code}` };
}
