import { defineConfig } from 'drizzle-kit'

// `npm run db:generate` writes the next migration from the difference between these schemas and the newest snapshot
// in migrations/meta (README, "Changing the schema").
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/server/db/schema.ts',
    './src/server/db/sales-schema.ts',
    './src/server/db/team-schema.ts',
    './src/server/db/onboarding-schema.ts',
    './src/server/db/platform-schema.ts',
    './src/server/db/beneficiaries-schema.ts',
    './src/server/db/api-keys-schema.ts',
    './src/server/db/webhooks-schema.ts',
    './src/server/db/stock-schema.ts',
    './src/server/db/documents-schema.ts',
    './src/server/db/payout-batches-schema.ts',
  ],
  out: './src/server/db/migrations',
})
