import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` uses this: migrations are written from the schema, then applied by the server at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './drizzle',
});
