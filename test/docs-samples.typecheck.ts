// Type-checks code samples as standalone modules against the real client, with the project's
// compiler options; the samples' imports of the packages' entries (`cryptopay-openapi-client`,
// `cryptopay-openapi-toolkit/client` and the others) map to their sources, as a consumer would import them.
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The package's public entries and their sources, read from the `exports` of package.json (each
 * entry's `types`, dist/x.d.ts, is compiled from x.ts), so a sample can only import what a
 * consumer can: an entry missing from `exports` fails to resolve here too.
 */
type Manifest = { name: string; exports: Record<string, string | { types?: string }> };
const manifestOf = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8')) as Manifest;
const entriesOf = (manifest: Manifest) =>
  Object.entries(manifest.exports).flatMap(([key, target]) => {
    const types = typeof target === 'string' ? undefined : target.types;
    if (!types) return [];
    return [[`${manifest.name}${key.slice(1)}`, types.replace(/^\.\/dist\//, '').replace(/\.d\.ts$/, '.ts')]];
  });
/** The toolkit's entries, the client package's (packages/client: the clients without the server, what an integrator installs) and the middleware package's (packages/middleware). */
export const PACKAGE_ENTRIES: Readonly<Record<string, string>> = Object.fromEntries([
  ...entriesOf(manifestOf('package.json')),
  ...entriesOf(manifestOf('packages/client/package.json')),
  ...entriesOf(manifestOf('packages/middleware/package.json')),
]);

/** One message per diagnostic, naming the sample (`sample-3.ts:5:7`) and quoting its source. */
export async function typecheckSamples(sources: readonly string[]): Promise<string[]> {
  const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!config) throw new Error('tsconfig.json could not be read');
  // Inside the repository so that express and the client's dependencies resolve from node_modules.
  // tmp/ is git-ignored, so a fresh clone does not have it.
  await mkdir(join(root, 'tmp'), { recursive: true });
  const dir = await mkdtemp(join(root, 'tmp', 'docs-samples-'));
  try {
    const files = await Promise.all(
      sources.map(async (source, i) => {
        const file = join(dir, `sample-${i}.ts`);
        await writeFile(file, source);
        return file;
      }),
    );
    const program = ts.createProgram(files, {
      ...config.options,
      noEmit: true,
      paths: Object.fromEntries(Object.entries(PACKAGE_ENTRIES).map(([name, file]) => [name, [join(root, file)]])),
    });
    // Diagnostics of the samples only: the rest of the project is tsc's business (npm run check).
    const samples = files.map((f) => program.getSourceFile(f)!);
    return [
      ...program.getOptionsDiagnostics(),
      ...samples.flatMap((sf) => [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)]),
    ]
      .filter((d) => d.file && files.includes(d.file.fileName))
      .map((d) => {
        const { line, character } = d.file!.getLineAndCharacterOfPosition(d.start ?? 0);
        const index = files.indexOf(d.file!.fileName);
        return `sample-${index}.ts:${line + 1}:${character + 1} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}\n${sources[index]}`;
      });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
