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
    const env = loadEnv({
      NODE_ENV: 'development',
      DATABASE_URL: '',
      DEMO_MODE: 'true',
      TRUST_PROXY: '1',
      ADMIN_EMAILS: ' A@Example.org, b@example.org ',
      PUBLIC_URL: 'https://example.org/',
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DEMO_MODE).toBe(true);
    expect(env.TRUST_PROXY).toBe(true);
    expect(env.ADMIN_EMAILS).toEqual(['a@example.org', 'b@example.org']);
    expect(env.PUBLIC_URL).toBe('https://example.org');
  });

  it('hashes passwords at the production cost unless a test suite lowers it, which a real deployment refuses', () => {
    expect(loadEnv({}).PASSWORD_SCRYPT_N).toBe(131072);
    expect(loadEnv({ NODE_ENV: 'production' }).PASSWORD_SCRYPT_N).toBe(131072);
    expect(loadEnv({ TEST_PASSWORD_SCRYPT_N: '1024' }).PASSWORD_SCRYPT_N).toBe(1024);
    expect(loadEnv({ TEST_PASSWORD_SCRYPT_N: '' }).PASSWORD_SCRYPT_N).toBe(131072);
    // The production build the end-to-end tests run, on its embedded database.
    expect(loadEnv({ NODE_ENV: 'production', TEST_PASSWORD_SCRYPT_N: '4096' }).PASSWORD_SCRYPT_N).toBe(4096);
    expect(() =>
      loadEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/app', PUBLIC_URL: 'https://example.org', TEST_PASSWORD_SCRYPT_N: '1024' }),
    ).toThrow(/TEST_PASSWORD_SCRYPT_N: weak password hashes are for the test suites/);
    for (const bad of ['1000', '512', '131072', 'many', '-1024']) {
      expect(() => loadEnv({ TEST_PASSWORD_SCRYPT_N: bad }), bad).toThrow(/TEST_PASSWORD_SCRYPT_N/);
    }
  });

  it('refuses bad values with a message naming each setting', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(EnvError);
    expect(() => loadEnv({ PORT: '70000', DATABASE_URL: 'mysql://x' })).toThrow(/PORT[\s\S]*DATABASE_URL: DATABASE_URL must start with postgres/);
    expect(() => loadEnv({ ADMIN_EMAILS: 'not-an-email' })).toThrow(/ADMIN_EMAILS/);
    expect(() => loadEnv({ DEMO_MODE: 'maybe' })).toThrow(/DEMO_MODE/);
  });

  it('derives PUBLIC_URL from HOST and PORT when unset, and requires it for a production deployment', () => {
    expect(loadEnv({ PORT: '4321' })).toMatchObject({ PUBLIC_URL: 'http://localhost:4321', PUBLIC_URL_DERIVED: true, SECURE_COOKIES: false });
    expect(loadEnv({ HOST: '127.0.0.1', PORT: '8080' }).PUBLIC_URL).toBe('http://127.0.0.1:8080');
    expect(loadEnv({ PUBLIC_URL: 'https://example.org' })).toMatchObject({ PUBLIC_URL_DERIVED: false, SECURE_COOKIES: true });
    expect(() => loadEnv({ DATABASE_URL: 'postgres://db/app' })).toThrow(/PUBLIC_URL: required in production/);
    expect(loadEnv({ NODE_ENV: 'development', DATABASE_URL: 'postgres://db/app' }).PUBLIC_URL).toBe('http://localhost:3000');
  });

  it('refuses DEMO_MODE in production unless DEMO_MODE_IN_PRODUCTION confirms it', () => {
    expect(() => loadEnv({ DEMO_MODE: 'true' })).toThrow(/DEMO_MODE_IN_PRODUCTION/);
    expect(loadEnv({ DEMO_MODE: 'true', DEMO_MODE_IN_PRODUCTION: 'true' }).DEMO_MODE).toBe(true);
    expect(loadEnv({ NODE_ENV: 'development', DEMO_MODE: 'true' }).DEMO_MODE).toBe(true);
  });
});
