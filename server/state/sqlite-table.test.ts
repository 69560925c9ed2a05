// The state file's Table.find selects in SQL (json_extract) what it can: it finds exactly what the
// in-memory table finds (=== on every field of `where`), for values SQL and JavaScript could
// compare differently: "1" and 1, true and 1, null and a missing field, fractions, nested objects,
// strings with NUL, lone surrogates or quotes, keys that are no identifiers.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryTable, type Table } from '../ports/table.ts';
import { StateDb } from './db.ts';
import { sqliteTable } from './sqlite-table.ts';

type Row = { id: number; [k: string]: unknown };

const ROWS: Omit<Row, 'id'>[] = [
  { m: 'a', n: 1, s: '1', b: true, z: null, f: 0.1 },
  { m: 'a', n: '1', s: 1, b: 1, f: 0.30000000000000004, o: { n: 1 } },
  { m: 'b', n: 2, s: 'x\u0000y', b: false, z: 'null', u: '\uD800', 'odd key': 'q', q: "it's \"quoted\"" },
  { m: 'a', n: 9007199254740991, s: 'x', b: 0, z: null, o: '{"n":1}', u: '\uD800x', 'odd key': 'r', q: 'plain' },
  { m: 'a', n: -0, s: '', f: 1e21 },
];

const WHERES: Partial<Row>[] = [
  {},
  { m: 'a' },
  { m: 'a', n: 1 },
  { n: '1' },
  { s: 1 },
  { s: '1' },
  { b: true },
  { b: 1 },
  { b: 0 },
  { z: null },
  { z: undefined },
  { z: 'null' },
  { f: 0.1 },
  { f: 0.30000000000000004 },
  { f: 1e21 },
  { o: '{"n":1}' },
  { s: 'x\u0000y' },
  { s: 'x' },
  { u: '\uD800' },
  { 'odd key': 'q' },
  { q: "it's \"quoted\"" },
  { n: 9007199254740991 },
  { n: 0 },
  { s: '' },
  { m: 'c' },
];

describe('sqliteTable find', () => {
  it('finds what the in-memory table finds, for every kind of value and key', async () => {
    const s = new StateDb(join(mkdtempSync(join(tmpdir(), 'state-table-')), 'sandbox.sqlite'));
    const file: Table<Row> = sqliteTable<Row>(s, 'test.rows');
    const memory = memoryTable<Row>();
    for (const r of ROWS) {
      await file.insert(r);
      await memory.insert(r);
    }
    // JSON drops undefined fields and writes -0 as 0: what the state file holds is the JSON round trip.
    const stored = (rows: Row[]) => JSON.parse(JSON.stringify(rows)) as Row[];
    for (const where of WHERES) expect(await file.find(where), JSON.stringify(where)).toEqual(stored(await memory.find(where)));
    expect((await file.find({ m: 'a' })).map((r) => r.id)).toEqual([1, 2, 4, 5]);
    expect((await file.find({ b: 1 })).map((r) => r.id)).toEqual([2]);
    expect((await file.find({ s: 'x\u0000y' })).map((r) => r.id)).toEqual([3]);
    s.close();
  });
});
