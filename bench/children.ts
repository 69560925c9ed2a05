// Child processes of the benchmark: servers (the reference server, server/main.ts as `npm start`
// runs it; the bare node:http floor in bench/bare-server.ts) and one-shot commands. Every child
// is tracked and killed when the benchmark ends, fails or is interrupted, so no server outlives
// a run.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const live = new Set<ChildProcess>();

function killAll(signal: NodeJS.Signals): void {
  for (const child of live) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
}

// Last line of defence: whatever happens to the benchmark process, its children die with it.
process.on('exit', () => killAll('SIGKILL'));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killAll('SIGKILL');
    process.exit(130);
  });
}

export interface ServerChild {
  name: string;
  pid: number;
  port: number;
  url: string;
  /** Last lines the child printed (stdout and stderr), for error messages. */
  output(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  name: string;
  /** Entry file relative to the repository root, run as `node --import tsx <entry>`. */
  entry: string;
  env?: Record<string, string>;
  /** Extra node flags (e.g. --cpu-prof). */
  nodeFlags?: string[];
  timeoutMs?: number;
}

/** Starts a server child that prints its port (see below) once it accepts connections. */
export function startServer({ name, entry, env = {}, nodeFlags = [], timeoutMs = 60_000 }: StartOptions): Promise<ServerChild> {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', join(ROOT, entry)], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  child.on('exit', () => live.delete(child));
  const lines: string[] = [];
  const remember = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stderr.on('data', remember);
  const output = () => lines.join('\n');

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name}: not listening after ${timeoutMs / 1000} s\n${output()}`));
    }, timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name}: exited (${signal ?? code}) before listening\n${output()}`));
    });
    child.stdout.on('data', (chunk: Buffer) => {
      remember(chunk);
      // `LISTENING <port>` (bench/bare-server.ts) or the banner of server/main.ts.
      const match = /(?:LISTENING |listening on http:\/\/\S+:)(\d+)/.exec(chunk.toString('utf8'));
      if (!match) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      child.on('exit', () => live.delete(child));
      const port = Number(match[1]);
      resolve({
        name,
        pid: child.pid as number,
        port,
        url: `http://127.0.0.1:${port}`,
        output,
        stop: () => stopChild(child),
      });
    });
  });
}

/** SIGTERM, then SIGKILL if the child has not exited within 5 s. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const hard = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(hard);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export interface CommandResult {
  code: number | null;
  wallMs: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to completion (killed after `timeoutMs`), measuring its wall time. */
export function runCommand(command: string, args: string[], options: { cwd?: string; env?: Record<string, string>; timeoutMs: number }): Promise<CommandResult> {
  const started = performance.now();
  const child = spawn(command, args, { cwd: options.cwd ?? ROOT, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} ${args.join(' ')}: killed after ${options.timeoutMs / 1000} s`));
    }, options.timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      live.delete(child);
      resolve({ code, wallMs: performance.now() - started, stdout, stderr });
    });
  });
}

/** Resident set size of a process in kB (Linux /proc); NaN where /proc is not available. */
export function rssKb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/**
 * CPU time (user + system, all threads) a process has used so far, in ms, from /proc/<pid>/stat;
 * NaN where /proc is not available. Work per request measured this way does not depend on how
 * much of the machine other processes take, unlike requests per second.
 */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces, in parentheses): state is field 3,
    // utime field 14, stime field 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks();
  } catch {
    return Number.NaN;
  }
}
