// Password hashing for registered users: scrypt with a random salt (node:crypto), never the
// password itself. Verification is here for completeness (activation and login are out of band).
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;

const derive = (password: string, salt: Buffer) =>
  new Promise<Buffer>((resolve, reject) => scrypt(password, salt, KEY_LENGTH, (err, key) => (err ? reject(err) : resolve(key))));

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('hex')}$${(await derive(password, salt)).toString('hex')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const key = await derive(password, Buffer.from(salt, 'hex'));
  const want = Buffer.from(hash, 'hex');
  return key.length === want.length && timingSafeEqual(key, want);
}
