// npm run check: every generated file is fresh (naming each stale one), no unaccepted breaking
// change against each API's last release (scripts/release/check-gate.ts), redocly lint passes with
// zero errors and warnings, and the whole project type-checks. tsc and redocly read the files on
// disk, not the generated ones, so they start first and run while the pipeline generates (on two
// cores the check takes about as long as tsc alone); their output is printed after, in order.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contracts, documents } from '../contracts/index.ts';
import { generateAll } from './pipeline/index.ts';
import { pipelineOptions } from './pipeline/options.ts';
import { readmeFile } from './readme-table.ts';
import { checkGate } from './release/check-gate.ts';
import { NATIVE_TSC } from './tsc-path.ts';
import { CLIS } from './clis.ts';
import { cliArgs } from '../tools/help.ts';

cliArgs(CLIS.check);

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

async function staleFiles(): Promise<string[]> {
  const stale: string[] = [];
  for (const file of files) {
    const onDisk = await readFile(join(root, file.path), 'utf8').catch(() => undefined);
    if (onDisk !== file.content) stale.push(onDisk === undefined ? `${file.path} (missing)` : file.path);
  }
  return stale;
}

interface ToolRun {
  label: string;
  stop(): void;
  /** Resolves with whether the tool exited 0, once its output is printed. */
  result: Promise<{ ok: boolean; output: string }>;
}

/** Starts a Node tool with its output captured (printed by `report`, so parallel tools do not interleave). */
function startTool(label: string, bin: string, args: string[]): ToolRun {
  const child = spawn(process.execPath, [bin, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}), REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const result = new Promise<{ ok: boolean; output: string }>((resolve) => {
    child.on('error', (error) => resolve({ ok: false, output: `${output}${String(error)}\n` }));
    child.on('close', (code) => resolve({ ok: code === 0, output }));
  });
  return { label, result, stop: () => child.kill() };
}

async function report(tool: ToolRun): Promise<boolean> {
  const { ok, output } = await tool.result;
  console.log(`\n> ${tool.label}`);
  process.stdout.write(output);
  return ok;
}

const redocly = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
const lint = startTool('redocly lint (recommended, zero errors and warnings)', redocly, ['lint', '--config', 'redocly.yaml', '--max-problems', '200']);
const tsc = startTool('tsc --noEmit (TypeScript 7)', NATIVE_TSC, ['--noEmit', '-p', 'tsconfig.json', ...(process.stdout.isTTY ? ['--pretty'] : [])]);
const files = await Promise.all([generateAll(documents, pipelineOptions), readmeFile(root, contracts)]).then(
  ([generated, readme]) => [...generated, readme],
  (error: unknown) => {
    lint.stop();
    tsc.stop();
    throw error;
  },
);

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
ok = (await report(lint)) && ok;
ok = (await report(tsc)) && ok;
process.exit(ok ? 0 : 1);
