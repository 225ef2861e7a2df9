import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { importLayers } from './import-layers.mjs';

const root = resolve(import.meta.dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'import-layers-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A server tree of its own: { path: imports }. */
function tree(name, files) {
  const dir = join(scratch, name);
  for (const [path, imports] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), `${imports.map((from, i) => `import { x${i} } from '${from}';`).join('\n')}\nexport const x = 1;\n`);
  }
  return dir;
}

describe('scripts/import-layers.mjs', () => {
  it('finds no back-edge in the server as it is', () => {
    expect(importLayers(root)).toEqual({ lowerToFeature: [], intoRoutes: [], schemaToCode: [], loopSteps: [], loopPairs: [] });
  });

  it('counts a lower layer importing a feature, an import of another feature routes, and a loop of features through different files', () => {
    const dir = tree('back-edges', {
      'server/app.ts': ['./features/a/routes'],
      'server/http/guards.ts': ['../features/a/repo'],
      'server/features/a/routes.ts': ['./repo', '#server/features/c/admin-routes'],
      'server/features/a/repo.ts': ['../b/service'],
      'server/features/b/service.ts': ['../c/repo'],
      'server/features/c/repo.ts': [],
      'server/features/c/mails.ts': ['../a/repo'],
      'server/features/c/admin-routes.ts': ['./mails'],
      'server/features/c/c.test.ts': ['../../http/guards'],
    });
    const found = importLayers(dir);
    expect(found.lowerToFeature).toEqual(['server/http/guards.ts -> server/features/a/repo.ts']);
    expect(found.intoRoutes).toEqual(['server/features/a/routes.ts -> server/features/c/admin-routes.ts']);
    // a -> b -> c -> a: no file is on the loop twice, so no-cycle would not see it.
    expect(found.loopSteps.map((step) => step.step)).toEqual(['a -> b', 'a -> c', 'b -> c', 'c -> a']);
    expect(found.loopPairs).toEqual(['a <-> b', 'a <-> c', 'b <-> c']);
  });

  it("takes a feature's schema.ts as the database's declarations, not its code: no step between features, and it imports only schema files", () => {
    const dir = tree('schema-files', {
      'server/db/schema.ts': ['./columns'],
      'server/db/columns.ts': [],
      'server/features/a/schema.ts': ['../../db/schema', '../../db/columns'],
      // b's table refers to a's, a's repository queries b's table, b's service uses a's repository.
      'server/features/b/schema.ts': ['../a/schema'],
      'server/features/a/repo.ts': ['./schema', '../b/schema'],
      'server/features/b/service.ts': ['../a/repo'],
      'server/features/c/schema.ts': ['../a/repo', '../../db/locks'],
      'server/db/locks.ts': [],
    });
    const found = importLayers(dir);
    expect(found.loopSteps).toEqual([]);
    expect(found.schemaToCode).toEqual(['server/features/c/schema.ts -> server/features/a/repo.ts', 'server/features/c/schema.ts -> server/db/locks.ts']);
    expect(found.lowerToFeature).toEqual([]);
  });
});

describe('npm run lint', () => {
  const eslint = new ESLint({ cwd: root });
  /** The rules a file breaks once `line` is added to its top. */
  const brokenBy = async (file, line) => {
    const [result] = await eslint.lintText(`${line}\n${readFileSync(join(root, file), 'utf8')}`, { filePath: join(root, file) });
    return result.messages.map((message) => message.ruleId);
  };

  it('fails on a back-edge: below the features importing one, another feature routes, a cycle', { timeout: 120_000 }, async () => {
    expect(await brokenBy('server/http/guards.ts', "import { eraseMember } from '../features/account/repo';")).toContain('no-restricted-imports');
    expect(await brokenBy('server/mail/mail-queue.ts', "import { eraseMember } from '#server/features/account/repo';")).toContain('no-restricted-imports');
    expect(await brokenBy('server/features/editions/feeds.ts', "import { contentRoutes } from '../content/routes';")).toContain('no-restricted-imports');
    expect(await brokenBy('server/features/admin/routes.ts', "import { webinarAdminRoutes } from '../webinars/admin-routes';")).toContain(
      'no-restricted-imports',
    );
    // The composition imported from below: app.ts reaches the guards again.
    expect(await brokenBy('server/features/account/routes.ts', "import { buildApp } from '../../app';")).toContain('import-x/no-cycle');
    // And the same files as they are break none of these.
    expect(await brokenBy('server/http/guards.ts', '')).toEqual([]);
    expect(await brokenBy('server/features/editions/feeds.ts', '')).toEqual([]);
  });

  it('fails on a route file that imports a table or the query builder (decision 033)', { timeout: 120_000 }, async () => {
    expect(await brokenBy('server/features/teams/routes.ts', "import { teamSeats } from '../../db/schema';")).toContain('no-restricted-imports');
    expect(await brokenBy('server/features/offers/admin-routes.ts', "import type { offers } from '../../db/schema';")).toContain('no-restricted-imports');
    expect(await brokenBy('server/features/teams/routes.ts', "import { eq } from 'drizzle-orm';")).toContain('no-restricted-imports');
    expect(await brokenBy('server/features/webinars/admin-routes.ts', "import { webinars } from './schema';")).toContain('no-restricted-imports');
    expect(await brokenBy('server/rendering/routes.ts', "import { sql } from 'drizzle-orm';")).toContain('no-restricted-imports');
    // Their repositories may, and the route files as they are break none of these.
    expect(await brokenBy('server/features/teams/repo.ts', "import { teamSeats } from '../../db/schema';")).toEqual([]);
    expect(await brokenBy('server/features/teams/routes.ts', '')).toEqual([]);
    expect(await brokenBy('server/features/offers/admin-routes.ts', '')).toEqual([]);
  });
});
