import { defineConfig } from 'drizzle-kit';

// One schema and one migration set for both PGlite (default) and PostgreSQL
// (DATABASE_URL): `npm run db:generate -w apps/server` writes SQL into src/db/migrations,
// and the server applies it at startup. DATABASE_URL is only needed for drizzle-kit
// commands that talk to a database (studio, check against a live server).
const url = process.env.DATABASE_URL;

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
  strict: true,
  verbose: true,
  ...(url ? { dbCredentials: { url } } : {}),
});
