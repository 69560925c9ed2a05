import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheKey, renderCache } from './render-cache.ts';

const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'render-cache-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A renderer that counts its runs and answers from the count. */
function counting() {
  let runs = 0;
  return { render: async () => `<html>render ${++runs} ${'x'.repeat(1000)}</html>`, runs: () => runs };
}

describe('renderCache', () => {
  it('renders an input once: the second time is the stored output, byte for byte', async () => {
    const cache = renderCache(scratch(), true);
    const r = counting();
    const first = await cache.get(['tool 1', 'doc'], r.render);
    expect(await cache.get(['tool 1', 'doc'], r.render)).toBe(first);
    expect(r.runs()).toBe(1);
  });

  it('renders again when any part changes (tool version, input) or parts are split differently', async () => {
    const cache = renderCache(scratch(), true);
    const r = counting();
    await cache.get(['tool 1', 'doc'], r.render);
    expect(await cache.get(['tool 2', 'doc'], r.render)).toContain('render 2');
    expect(await cache.get(['tool 1', 'doc2'], r.render)).toContain('render 3');
    expect(cacheKey(['ab', 'c'])).not.toBe(cacheKey(['a', 'bc']));
  });

  it('off: renders every time and stores nothing', async () => {
    const dir = scratch();
    const cache = renderCache(dir, false);
    const r = counting();
    await cache.get(['doc'], r.render);
    await cache.get(['doc'], r.render);
    expect(r.runs()).toBe(2);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('keeps the 32 most recently used entries', async () => {
    const dir = scratch();
    const cache = renderCache(dir, true);
    const r = counting();
    for (let i = 0; i < 40; i++) await cache.get([`doc ${i}`], r.render);
    expect(readdirSync(dir).filter((n) => n.endsWith('.gz'))).toHaveLength(32);
    expect(readdirSync(dir).filter((n) => !n.endsWith('.gz'))).toEqual([]);
  });
});
