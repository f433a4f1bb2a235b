import { defineConfig } from 'drizzle-kit'

// Run from the repository root: npx drizzle-kit generate --config src/server/db/drizzle.config.ts
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/server/db/schema.ts',
    './src/server/db/sales-schema.ts',
    './src/server/db/team-schema.ts',
    './src/server/db/onboarding-schema.ts',
    './src/server/db/platform-schema.ts',
    './src/server/db/beneficiaries-schema.ts',
  ],
  out: './src/server/db/migrations',
})
