// Reference-server processes (`server/main.ts`, bundled once per run: test/server-process.ts) for the multi-instance tests: started
// with the given environment on 127.0.0.1 and a free port (PORT=0), stopped with SIGTERM.
import { spawn } from 'node:child_process';
import { serverArgs } from './server-process.ts';

export interface Instance {
  base: string;
  output: () => string;
  stop: () => Promise<void>;
}

export async function startInstance(env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, serverArgs(), {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening" line after 20 s:\n${out}`)), 20_000);
    child.stdout.on('data', () => {
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`exited before listening:\n${out}`));
    });
  });
  return {
    base,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
