import { defineConfig } from 'vitest/config';

const unitAndPglite = {
  extends: true as const,
  test: {
    name: 'pglite',
    include: ['{server,shared,client}/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
    env: { TEST_DB: 'pglite' },
  },
};

// Integration tests run on PGlite always, and again on PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
const postgres = {
  extends: true as const,
  test: {
    name: 'postgres',
    include: ['server/**/*.test.ts'],
    env: { TEST_DB: 'postgres' },
    // After the embedded database's run, not interleaved with it: a worker serves one project,
    // so interleaved files tore workers down and each new one imported the app again.
    sequence: { groupOrder: 1 },
  },
};

export default defineConfig({
  test: {
    globalSetup: ['server/test/global-setup.ts'],
    testTimeout: 20_000,
    // Most tests wait on a database, the network or a password hash in libuv's pool, not on a
    // core: three files at a time on a 2-core machine halve the suite (647 s -> 364 s, both
    // databases, shuffled), where Vitest's default (cores - 1) would run one at a time.
    maxWorkers: 3,
    // Each worker imports the app once, not once per file: no module is mocked and each file builds
    // its own app; the one thing kept per file, the PostgreSQL database, is keyed by the test file
    // (server/test/postgres.ts). Embedded database, same machine, shuffled: 448 s -> 264 s
    // (imports 189 s -> 26 s of the workers); both databases 639 s -> 386 s.
    isolate: false,
    // Files and tests in a random order, so none depends on another's leftovers. Here, not as
    // `--sequence.shuffle` on the command line, which would replace the projects' groupOrder.
    sequence: { shuffle: true },
    hookTimeout: 60_000,
    projects: process.env.TEST_DATABASE_URL ? [unitAndPglite, postgres] : [unitAndPglite],
  },
});
