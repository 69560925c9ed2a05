// The request log: batched writes, nothing lost on exit, no query string or control characters.
import { spawnSync } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { batchedLogger, safePath } from './log.ts';

describe('batchedLogger', () => {
  it('writes the lines of one batch in one call, in order, after the delay', () => {
    vi.useFakeTimers();
    try {
      const writes: string[] = [];
      const log = batchedLogger((chunk) => writes.push(chunk), { delayMs: 10 });
      log('a');
      log('b');
      vi.advanceTimersByTime(9);
      expect(writes).toEqual([]);
      log('c');
      vi.advanceTimersByTime(1);
      expect(writes).toEqual(['a\nb\nc\n']);
      log('d');
      vi.advanceTimersByTime(10);
      expect(writes).toEqual(['a\nb\nc\n', 'd\n']);
      vi.advanceTimersByTime(100);
      expect(writes).toHaveLength(2); // no empty writes
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes at once when the batch reaches maxChars, and on flush', () => {
    vi.useFakeTimers();
    try {
      const writes: string[] = [];
      const log = batchedLogger((chunk) => writes.push(chunk), { delayMs: 1000, maxChars: 8 });
      log('123');
      expect(writes).toEqual([]);
      log('4567');
      expect(writes).toEqual(['123\n4567\n']);
      log('x');
      log.flush();
      expect(writes).toEqual(['123\n4567\n', 'x\n']);
      vi.advanceTimersByTime(2000);
      expect(writes).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('loses no line when the process exits right after logging (process.exit and the end of the event loop)', () => {
    const script = (end: string) =>
      `import { consoleLogger } from './server/http/log.ts'; for (let i = 0; i < 5000; i++) consoleLogger('GET /x/' + i + ' 200 0.1ms'); ${end}`;
    for (const end of ['process.exit(3)', '']) {
      const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script(end)], { encoding: 'utf8', maxBuffer: 1 << 24 });
      const lines = r.stdout.split('\n').filter(Boolean);
      expect(r.status).toBe(end ? 3 : 0);
      expect(lines).toHaveLength(5000);
      expect(lines[0]).toBe('GET /x/0 200 0.1ms');
      expect(lines[4999]).toBe('GET /x/4999 200 0.1ms');
    }
  }, 30_000);
});

describe('safePath', () => {
  it('drops the query string (it may carry a signature), escapes control characters and caps the length', () => {
    expect(safePath('/api/v1/balances?access_key=k&signature=abc')).toBe('/api/v1/balances');
    expect(safePath('/a\nGET /forged 200')).toBe('/a\\x0aGET /forged 200');
    expect(safePath('/\u0000\u007f?x=\n')).toBe('/\\x00\\x7f');
    expect(safePath(`/${'a'.repeat(600)}`)).toHaveLength(512);
    expect(safePath('/plain')).toBe('/plain');
  });
});
