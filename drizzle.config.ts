import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` uses this: migrations are written from the schema, then applied by the server at start.
// The schema is every file that declares tables: the core's, the local payment provider's, and each feature's own.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./server/db/schema.ts', './server/payment-providers/schema.ts', './server/features/*/schema.ts'],
  out: './drizzle',
});
