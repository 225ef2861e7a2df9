import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

describe('loadEnv', () => {
  it('has defaults that serve the site locally on the embedded database', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toBe('./data');
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
    expect(env.DEMO_MODE).toBe(false);
    expect(env.ADMIN_EMAILS).toEqual([]);
  });

  it('treats empty values as unset and parses flags and lists', () => {
    const env = loadEnv({ DATABASE_URL: '', DEMO_MODE: 'true', TRUST_PROXY: '1', ADMIN_EMAILS: ' A@Example.org, b@example.org ', PUBLIC_URL: 'https://example.org/' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DEMO_MODE).toBe(true);
    expect(env.TRUST_PROXY).toBe(true);
    expect(env.ADMIN_EMAILS).toEqual(['a@example.org', 'b@example.org']);
    expect(env.PUBLIC_URL).toBe('https://example.org');
  });

  it('refuses bad values with a message naming each setting', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(EnvError);
    expect(() => loadEnv({ PORT: '70000', DATABASE_URL: 'mysql://x' })).toThrow(/PORT[\s\S]*DATABASE_URL: DATABASE_URL must start with postgres/);
    expect(() => loadEnv({ ADMIN_EMAILS: 'not-an-email' })).toThrow(/ADMIN_EMAILS/);
    expect(() => loadEnv({ DEMO_MODE: 'maybe' })).toThrow(/DEMO_MODE/);
  });
});
