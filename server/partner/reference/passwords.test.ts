import { scryptSync } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { registerUserRequestExample } from '../../../contracts/partner/examples.ts';
import { createServer } from '../../app.ts';
import { resolveConfig } from '../../config/config.ts';
import { StateDb } from '../../state/db.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('registered passwords (scrypt, cost from partner.passwordHashCost)', () => {
  it('at the default cost keeps the format `scrypt$salt$key`, scrypt with N = 2^14', async () => {
    const stored = await hashPassword('correct-horse-battery');
    const [scheme, salt, key] = stored.split('$');
    expect([scheme, salt!.length, key!.length]).toEqual(['scrypt', 32, 64]);
    expect(scryptSync('correct-horse-battery', Buffer.from(salt!, 'hex'), 32, { N: 16384 }).toString('hex')).toBe(key);
    expect(await verifyPassword('correct-horse-battery', stored)).toBe(true);
    expect(await verifyPassword('correct-horse-batterz', stored)).toBe(false);
  });

  it('at another cost says it (`scrypt:1024$...`) and verifies at that cost only', async () => {
    const stored = await hashPassword('correct-horse-battery', 1024);
    const [scheme, salt, key] = stored.split('$');
    expect(scheme).toBe('scrypt:1024');
    expect(scryptSync('correct-horse-battery', Buffer.from(salt!, 'hex'), 32, { N: 1024 }).toString('hex')).toBe(key);
    expect(await verifyPassword('correct-horse-battery', stored)).toBe(true);
    expect(await verifyPassword('correct-horse-battery', stored.replace('scrypt:1024', 'scrypt'))).toBe(false);
    expect(await verifyPassword('correct-horse-battery', stored.replace('scrypt:1024', 'bcrypt'))).toBe(false);
  });

  it('the config takes a power of two from 2^10 to 2^16, 16384 by default', () => {
    expect(resolveConfig({}).partner.passwordHashCost).toBe(16384);
    expect(resolveConfig({ partner: { passwordHashCost: 1024 } }).partner.passwordHashCost).toBe(1024);
    for (const bad of [1000, 512, 131072]) expect(() => resolveConfig({ partner: { passwordHashCost: bad } }), String(bad)).toThrow(/passwordHashCost/);
  });

  it("the server's registrations hash at the configured cost", async () => {
    const state = new StateDb(join(mkdtempSync(join(tmpdir(), 'passwords-')), 'state.sqlite'));
    try {
      const app = createServer({ log: () => undefined, state, config: { partner: { passwordHashCost: 2048 }, rateLimit: { enabled: false } } });
      const r = await request(app).post('/partner/v1/user_registration').set('authorization', 'Bearer demo-partner-key').send(registerUserRequestExample);
      expect(r.status).toBe(201);
      const rows = state.db.prepare("SELECT data FROM records WHERE kind = 'partner.registrations'").all() as { data: string }[];
      const stored = rows.map((row) => (JSON.parse(row.data) as { password_hash: string }).password_hash);
      expect(stored.map((h) => h.split('$')[0])).toEqual(['scrypt:2048']);
      expect(await verifyPassword(registerUserRequestExample.registration.password, stored[0]!)).toBe(true);
    } finally {
      state.close();
    }
  });
});
