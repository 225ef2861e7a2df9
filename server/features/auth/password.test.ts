import { describe, expect, it, vi } from 'vitest';
import { loadEnv } from '../../env';
import { hashPassword, verifyPassword } from './password';

/** The production cost: what a server without the test suites' setting hashes with. */
const N = loadEnv({}).PASSWORD_SCRYPT_N;

// Every account costs an OWASP-strength scrypt hash (about half a second, more on a busy machine).
vi.setConfig({ testTimeout: 60_000 });

describe('password hashing (node:crypto scrypt)', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse battery', N);
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same password', N), hashPassword('same password', N)]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same password', b)).toBe(true);
  });

  it('never matches a malformed stored value', async () => {
    expect(await verifyPassword('x', '')).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$whatever')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$131072$8$1$$')).toBe(false);
  });
});
