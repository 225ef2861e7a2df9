import { openDatabase } from '../../db/client';
import { loadEnv } from '../../env';
import { seedSampleAllies } from './seed-allies';

/**
 * `npm run seed:allies`: adds the sample allies to the configured database (DATABASE_URL, or the
 * PGlite in DATA_DIR). Never run by the server itself outside demo mode. Against a PostgreSQL
 * DATABASE_URL with NODE_ENV=production (the default) it refuses unless given --production, so
 * sample vendors cannot reach real members by accident.
 */
const env = loadEnv();
if (env.DATABASE_URL && env.NODE_ENV === 'production' && !process.argv.includes('--production')) {
  console.error('Refusing to seed sample allies into a production database. Pass --production if you really mean it.');
  process.exit(1);
}
const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL, poolSize: 1 } : { dataDir: env.DATA_DIR });
try {
  await database.migrate();
  const added = await seedSampleAllies(database.db);
  console.log(`Sample allies: ${added} added (${database.description}).`);
} finally {
  await database.close();
}
