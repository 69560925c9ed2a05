// Figure 3: wall time of `npm run generate`, median of several runs. It runs in a scratch copy of
// the working tree (node_modules linked), so measuring never rewrites the files of the checkout
// someone may be working in; the pipeline, inputs and outputs are the same. CPU time (user + sys
// of npm and its children, from bash's `time`) is recorded beside it: steadier on a busy machine.
// Every run renders every page (RENDER_CACHE=off): the figure stays the full pipeline, comparable
// with the runs before the page cache (scripts/pipeline/render-cache.ts), which a warm run skips.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ROOT, runCommand } from './children.ts';
import { median } from './stats.ts';

export interface GenerateFigure {
  runs: number;
  wallMs: number[];
  medianWallMs: number;
  /** user + sys CPU of the whole command; empty where bash is not available. */
  cpuMs: number[];
  medianCpuMs: number;
  /** The pipeline's own time as generate.ts prints it (without process start-up and imports). */
  pipelineMs: number[];
}

/** A copy of the tracked and untracked-but-not-ignored files of the checkout. */
function copyCheckout(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-generate-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true })); // also when interrupted
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) {
    const from = join(ROOT, file);
    // node_modules is linked below (a symlinked node_modules is not matched by `node_modules/`).
    if (file === 'node_modules' || file.startsWith('node_modules/')) continue;
    if (!existsSync(from)) continue; // deleted in the working tree
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(from, join(dir, file));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

const NO_CACHE = { RENDER_CACHE: 'off' };

export async function measureGenerate(runs: number, progress: (line: string) => void): Promise<GenerateFigure> {
  const dir = copyCheckout();
  const useBash = process.platform !== 'win32' && existsSync('/bin/bash');
  const wallMs: number[] = [];
  const cpuMs: number[] = [];
  const pipelineMs: number[] = [];
  try {
    for (let i = 1; i <= runs; i++) {
      const result = useBash
        ? await runCommand('/bin/bash', ['-c', 'TIMEFORMAT="BENCH_CPU %U %S"; time npm run --silent generate'], { cwd: dir, env: NO_CACHE, timeoutMs: 180_000 })
        : await runCommand('npm', ['run', '--silent', 'generate'], { cwd: dir, env: NO_CACHE, timeoutMs: 180_000 });
      if (result.code !== 0) throw new Error(`npm run generate failed (exit ${result.code}):\n${result.stderr.slice(-2000)}`);
      wallMs.push(Math.round(result.wallMs));
      const cpu = /BENCH_CPU ([\d.]+) ([\d.]+)/.exec(result.stderr);
      if (cpu) cpuMs.push(Math.round((Number(cpu[1]) + Number(cpu[2])) * 1000));
      const pipeline = /generated \d+ files in ([\d.]+) s/.exec(result.stdout);
      if (pipeline) pipelineMs.push(Math.round(Number(pipeline[1]) * 1000));
      progress(`run ${i}/${runs}: ${(result.wallMs / 1000).toFixed(2)} s wall${cpu ? `, ${((Number(cpu[1]) + Number(cpu[2]))).toFixed(2)} s CPU` : ''}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { runs, wallMs, medianWallMs: median(wallMs), cpuMs, medianCpuMs: median(cpuMs), pipelineMs };
}
