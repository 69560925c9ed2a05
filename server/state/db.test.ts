// The state file at start: migrated and versioned; a newer schema, a corrupt file and an unwritable
// directory are refused with one line naming the file and the cause. Units of work commit or roll
// back whole, and a failed commit (an injected SQLITE_FULL) leaves nothing behind.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { StateUnavailableError } from '../core/errors.ts';
import { StateDb, StateError } from './db.ts';
import { SCHEMA_VERSION } from './migrate.ts';
import { sqliteTable } from './sqlite-table.ts';

const fresh = () => join(mkdtempSync(join(tmpdir(), 'state-db-')), 'sandbox.sqlite');
const openError = (path: string): StateError => {
  try {
    new StateDb(path).close();
  } catch (e) {
    return e as StateError;
  }
  throw new Error(`opened ${path}`);
};

describe('StateDb', () => {
  it('creates the file (and its directory) in WAL mode at the newest schema version', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'state-db-')), 'nested', 'dir', 'sandbox.sqlite');
    const s = new StateDb(path);
    expect(s.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(s.db.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
    expect(s.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(1);
    s.close();
    // Opening again applies nothing twice.
    new StateDb(path).close();
  });

  it('refuses a file from a newer schema version, naming both versions', () => {
    const path = fresh();
    const db = new Database(path);
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    db.close();
    const e = openError(path);
    expect(e).toBeInstanceOf(StateError);
    expect(e.message).toBe(
      `State file ${path} has schema version ${SCHEMA_VERSION + 1}, newer than this server knows (${SCHEMA_VERSION}): run a newer server, or point STATE at another file`,
    );
  });

  it('refuses a corrupt file with one line', () => {
    const path = fresh();
    writeFileSync(path, Buffer.alloc(8192, 'not a database '));
    const e = openError(path);
    expect(e).toBeInstanceOf(StateError);
    expect(e.message).toMatch(new RegExp(`^State file ${path} cannot be used: .*not a database.*corrupt or not a SQLite file`));
    expect(e.message).not.toContain('\n');
  });

  it('refuses a read-only directory (as root: an immutable one, which root cannot write either)', (ctx) => {
    const dir = join(mkdtempSync(join(tmpdir(), 'state-db-')), 'ro');
    mkdirSync(dir);
    const asRoot = process.getuid?.() === 0;
    if (asRoot) {
      // Permission bits do not stop root; the immutable attribute does (ext4, tmpfs, overlayfs here).
      try {
        execFileSync('chattr', ['+i', dir], { stdio: 'ignore' });
      } catch {
        ctx.skip('running as root and chattr +i is not supported here');
      }
    } else {
      chmodSync(dir, 0o555);
    }
    try {
      const e = openError(join(dir, 'sandbox.sqlite'));
      expect(e).toBeInstanceOf(StateError);
      expect(e.message).toMatch(/cannot be used: .*\(check that the file and its directory are writable\)$/);
    } finally {
      if (asRoot) execFileSync('chattr', ['-i', dir], { stdio: 'ignore' });
    }
  });

  it('refuses a path whose directory cannot be made (a file is in the way), as root too', () => {
    const blocker = fresh();
    writeFileSync(blocker, 'a file, not a directory');
    const e = openError(join(blocker, 'sandbox.sqlite'));
    expect(e).toBeInstanceOf(StateError);
    expect(e.message).toMatch(new RegExp(`^State file ${blocker}/sandbox.sqlite cannot be used: .*\\(a file is where the directory of STATE should be\\)$`));
  });

  it('commits a unit whole, rolls it back whole on a thrown error, and turns a failed batch commit into a 503 error', async () => {
    const s = new StateDb(fresh());
    const t = sqliteTable<{ id: number; n: number }>(s, 'test.things', 100);
    await s.unit(async () => {
      await t.insert({ n: 1 });
      await t.insert({ n: 2 });
    });
    await expect(s.unit(async () => {
      await t.insert({ n: 3 });
      throw new Error('domain refusal');
    })).rejects.toThrow('domain refusal');
    await s.durable();
    s.failNextCommit('SQLITE_FULL');
    const lost: string[] = [];
    await s.unit(async () => {
      await t.insert({ n: 4 });
      await t.update(100, { n: 99 });
    });
    s.write(() => s.onLost(() => lost.push('rebuild')));
    s.afterCommit(() => lost.push('never'));
    // The unit's step succeeded; its batch's commit fails: whoever waits for it gets the 503.
    await expect(s.durable()).rejects.toEqual(new StateUnavailableError('SQLITE_FULL'));
    expect(lost).toEqual(['rebuild']);
    expect(await t.find()).toEqual([{ id: 100, n: 1 }, { id: 101, n: 2 }]);
    // After the failure the store works again.
    expect(await t.insert({ n: 5 })).toEqual({ id: 102, n: 5 });
    s.close();
  });

  it('runs units one at a time, and work registered after commit only once committed', async () => {
    const s = new StateDb(fresh());
    const t = sqliteTable<{ id: number; n: number }>(s, 'test.things');
    const order: string[] = [];
    const a = s.unit(async () => {
      order.push('a1');
      await t.insert({ n: 1 });
      await new Promise((r) => setTimeout(r, 20));
      s.afterCommit(() => order.push('a-committed'));
      order.push('a2');
    });
    const b = s.unit(async () => {
      order.push('b1');
      s.afterCommit(() => order.push('b-never'));
      throw new Error('no');
    });
    await a;
    await expect(b).rejects.toThrow('no');
    await s.durable();
    expect(order).toEqual(['a1', 'a2', 'b1', 'a-committed']);
    s.close();
  });

  it('gives a write made by a callback a finished unit left behind a batch of its own: answered once committed, rolled back if its commit fails', async () => {
    const s = new StateDb(fresh());
    const claim = s.db.prepare<[string]>("INSERT INTO claims (scope, key) VALUES ('t', ?)");
    /** A unit that leaves a callback behind (as a timer it sets would be), run once the unit's batch committed. */
    const leaveBehind = async (key: string) => {
      let go!: () => void;
      const gate = new Promise<void>((r) => (go = r));
      let fired: Promise<unknown> | undefined;
      // Created inside the unit, the callback carries the unit's context.
      await s.unit(async () => void (fired = gate.then(() => s.write(() => claim.run(key)))));
      await s.durable();
      return { fire: () => (go(), fired!) };
    };
    const kept = await leaveBehind('kept');
    await kept.fire();
    expect(s.db.inTransaction).toBe(true); // in a batch of its own, not written outside one
    await s.durable();
    const lost = await leaveBehind('lost');
    s.failNextCommit('SQLITE_FULL');
    await lost.fire();
    await expect(s.durable()).rejects.toBeInstanceOf(StateUnavailableError);
    const other = new Database(s.path);
    expect(other.prepare("SELECT key FROM claims WHERE scope = 't'").pluck().all()).toEqual(['kept']);
    other.close();
    s.close();
  });

  it('with checkpointInWorker, commits stay in the WAL and a worker thread moves them into the file', async () => {
    const path = fresh();
    const s = new StateDb(path, { checkpointInWorker: true });
    expect(s.db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    const t = sqliteTable<{ id: number; text: string }>(s, 'test.things');
    const before = statSync(path).size;
    await s.unit(async () => {
      for (let i = 0; i < 200; i++) await t.insert({ text: 'x'.repeat(500) });
    });
    await s.durable();
    for (let i = 0; i < 100 && statSync(path).size <= before; i++) await new Promise((r) => setTimeout(r, 50));
    expect(statSync(path).size).toBeGreaterThan(before + 100_000);
    s.close();
  });
});
