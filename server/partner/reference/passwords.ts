// Password hashing for registered users: scrypt with a random salt (node:crypto), never the
// password itself. Verification is here for completeness (activation and login are out of band).
// The cost N is config (partner.passwordHashCost, default 2^14): a hash at the default reads
// `scrypt$salt$key`, any other cost says it, `scrypt:N$salt$key`, so either verifies.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;
export const DEFAULT_PASSWORD_COST = 16384;

const derive = (password: string, salt: Buffer, cost: number) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, { N: cost, maxmem: 256 * cost * 8 }, (err, key) => (err ? reject(err) : resolve(key))),
  );

export async function hashPassword(password: string, cost = DEFAULT_PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16);
  const scheme = cost === DEFAULT_PASSWORD_COST ? 'scrypt' : `scrypt:${cost}`;
  return `${scheme}$${salt.toString('hex')}$${(await derive(password, salt, cost)).toString('hex')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split('$');
  const cost = scheme === 'scrypt' ? DEFAULT_PASSWORD_COST : /^scrypt:\d+$/.test(scheme ?? '') ? Number(scheme!.slice(7)) : undefined;
  if (cost === undefined || !salt || !hash) return false;
  const key = await derive(password, Buffer.from(salt, 'hex'), cost);
  const want = Buffer.from(hash, 'hex');
  return key.length === want.length && timingSafeEqual(key, want);
}
