// drizzle-kit: generates versioned SQL migrations into ./drizzle from the schema.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The core tables (db/schema/) and each feature's own (src/server/<feature>/schema.ts).
  schema: ['./src/server/db/schema/*.ts', './src/server/*/schema.ts'],
  out: './drizzle',
});
