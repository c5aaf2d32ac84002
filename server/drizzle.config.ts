import { defineConfig } from 'drizzle-kit'

// Used only by `npm run db:generate` to write SQL migrations from server/src/db/schema.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema.ts',
  out: './server/drizzle',
})
