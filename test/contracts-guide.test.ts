// contracts/README.md's "Add an operation", followed step by step in a scratch copy of the
// repository (the files `npm run check` reads; node_modules linked): the blocks the guide marks
// are applied in order, its commands run, and at the end the new operation is in the document,
// the types and the README table, and `npm run check` (drift, lint, tsc) passes. A guide that no
// longer matches the code fails here. Slow by nature (generate and tsc of the whole project).
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { applyDiff, guideSteps } from './contracts-guide.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = promisify(execFile);
const GUIDE = readFileSync(join(ROOT, 'contracts/README.md'), 'utf8');
/** What generate and check read: tsconfig.json includes these folders and the root's *.ts. */
const NEEDED = /^(contracts|generated|scripts|tools|client|server|test|bench|bin|docs|api-history)\/|^[^/]+\.(ts|json|yaml|md)$/;

async function copyCheckout(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'contracts-guide-'));
  const { stdout } = await run('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: ROOT, maxBuffer: 16 << 20 });
  for (const file of stdout.split('\0')) {
    if (!NEEDED.test(file) || !existsSync(join(ROOT, file))) continue;
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(ROOT, file), join(dir, file));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

describe('the guide\'s steps', () => {
  it('are read from the guide in order: files, diffs and commands', () => {
    expect(guideSteps(GUIDE).map((s) => (s.kind === 'run' ? `run ${s.command}` : `${s.kind} ${s.file}`))).toEqual([
      'new contracts/partner/status.ts',
      'diff contracts/partner/operations.ts',
      'diff contracts/partner/operations.ts',
      'run npm run generate',
      'new server/partner/reference/status.ts',
      'diff server/partner/reference/index.ts',
      'diff server/partner/reference/index.ts',
      'run npm run check',
    ]);
  });

  it('a diff applies only where its context occurs exactly once', () => {
    expect(applyDiff('a\nb\nc\n', ' a\n-b\n+B\n c\n')).toBe('a\nB\nc\n');
    expect(() => applyDiff('a\nb\n', ' x\n+y\n', 'f.ts')).toThrow(/f\.ts: the guide's diff context is not in the file/);
    expect(() => applyDiff('a\na\n', ' a\n+y\n')).toThrow(/occurs more than once/);
  });
});

describe('contracts/README.md: add an operation', () => {
  it('adds GET /status to the partner API in a scratch copy: generated, handled, checked', { timeout: 240_000 }, async () => {
    const dir = await copyCheckout();
    try {
      const commands: string[] = [];
      for (const step of guideSteps(GUIDE)) {
        if (step.kind === 'run') {
          const [bin, ...args] = step.command.split(' ');
          await run(bin!, args, { cwd: dir, maxBuffer: 16 << 20 }).catch((error: { stdout?: string; stderr?: string }) => {
            throw new Error(`${step.command} failed:\n${error.stdout?.slice(-3000)}\n${error.stderr?.slice(-3000)}`);
          });
          commands.push(step.command);
          continue;
        }
        const path = join(dir, step.file);
        if (step.kind === 'new') {
          expect(existsSync(path), `${step.file} is new`).toBe(false);
          writeFileSync(path, step.text);
        } else {
          writeFileSync(path, applyDiff(readFileSync(path, 'utf8'), step.text, step.file));
        }
      }
      expect(commands).toEqual(['npm run generate', 'npm run check']);
      const yaml = readFileSync(join(dir, 'generated/openapi/partner.yaml'), 'utf8');
      expect(yaml).toMatch(/\n {2}\/status:\n {4}get:\n(.*\n)*? {6}operationId: getPartnerStatus\n/);
      expect(readFileSync(join(dir, 'generated/types/partner.ts'), 'utf8')).toContain('getPartnerStatus: {');
      expect(readFileSync(join(dir, 'README.md'), 'utf8')).toContain('| Partner Onboarding API v1 | `/partner/v1` | Bearer or Basic | 3 |');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
