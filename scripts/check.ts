// npm run check: every generated file is fresh (naming each stale one), no unaccepted breaking
// change against each API's last release (scripts/release/check-gate.ts), redocly lint passes with
// zero errors and warnings, and the whole project type-checks.
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contracts, documents } from '../contracts/index.ts';
import { generateAll } from './pipeline/index.ts';
import { pipelineOptions } from './pipeline/options.ts';
import { readmeFile } from './readme-table.ts';
import { checkGate } from './release/check-gate.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

const files = [...(await generateAll(documents, pipelineOptions)), await readmeFile(root, contracts)];

async function staleFiles(): Promise<string[]> {
  const stale: string[] = [];
  for (const file of files) {
    const onDisk = await readFile(join(root, file.path), 'utf8').catch(() => undefined);
    if (onDisk !== file.content) stale.push(onDisk === undefined ? `${file.path} (missing)` : file.path);
  }
  return stale;
}

function runTool(label: string, bin: string, args: string[]): boolean {
  console.log(`\n> ${label}`);
  const res = spawnSync(process.execPath, [bin, ...args], { cwd: root, stdio: 'inherit', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } });
  return res.status === 0;
}

let ok = true;
const stale = await staleFiles();
if (stale.length > 0) {
  ok = false;
  console.error(`stale generated files (run npm run generate):\n${stale.map((f) => `  ${f}`).join('\n')}`);
} else {
  console.log('generated files are fresh');
}
console.log('\n> breaking-change gate (each document against its last release in api-history/)');
ok = checkGate(root, contracts, (path) => files.find((f) => f.path === path)?.content) && ok;
const redocly = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
ok = runTool('redocly lint (recommended, zero errors and warnings)', redocly, ['lint', '--config', 'redocly.yaml', '--max-problems', '200']) && ok;
ok = runTool('tsc --noEmit', require.resolve('typescript/bin/tsc'), ['--noEmit', '-p', 'tsconfig.json']) && ok;
process.exit(ok ? 0 : 1);
