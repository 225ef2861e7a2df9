import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { hashQueue } from './hash-queue';

/**
 * Password hashing on node:crypto scrypt at the OWASP minimum (N=2^17, r=8, p=1), see
 * docs/decisions/004-authentication.md. A stored hash names its parameters
 * (`scrypt$N$r$p$salt$key`, base64url), so raising the cost later keeps old hashes readable.
 * N comes from the settings (env.PASSWORD_SCRYPT_N): 2^17, except in the test suites, which hash
 * with a smaller one (TEST_PASSWORD_SCRYPT_N, decision 048).
 */
const COST = { r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

/** scrypt needs 128 × N × r bytes (128 MiB here); Node's default ceiling is 32 MiB. */
const maxmemFor = (N: number, r: number) => 2 * 128 * N * r;

/** Every hash goes through the bounded queue (hash-queue.ts), so a burst cannot starve the server. */
function derive(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number): Promise<Buffer> {
  return hashQueue.run(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, keyLength, { N, r, p, maxmem: maxmemFor(N, r) }, (error, key) => (error ? reject(error) : resolve(key)));
      }),
  );
}

export async function hashPassword(password: string, N: number): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, N, COST.r, COST.p, KEY_LENGTH);
  return ['scrypt', N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** True when `password` matches `stored`; a malformed stored value never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p), expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const dummyHashes = new Map<number, Promise<string>>();

/**
 * Spends the same time as a real check (at the cost `N` new hashes get), for sign-ins with an
 * unknown email: otherwise a fast "no" would tell an attacker which addresses have accounts.
 */
export async function spendPasswordCheckTime(password: string, N: number): Promise<void> {
  if (!dummyHashes.has(N)) dummyHashes.set(N, hashPassword('not-a-real-password', N));
  await verifyPassword(password, await dummyHashes.get(N)!);
}
