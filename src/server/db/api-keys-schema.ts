import { sql } from 'drizzle-orm'
import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

import { createdAt, id, users, vendorId } from './schema'

/**
 * A vendor's API keys (issue 40, decision 168). Only SHA-256 hashes of the secrets are kept: a secret is 32 random
 * bytes, so a fast hash is enough (nothing to guess), and a lookup is one index probe. A rotated key keeps its
 * previous secret until `previous_expires_at`, so an integration can switch over without a gap.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    vendorId: vendorId(),
    /** Whose permissions bound the key: the owner, or the member who made it (decision 168). */
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    /** Addresses or CIDR ranges a call may come from; empty: any. */
    allowedIps: text('allowed_ips')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The secret's first characters, shown in lists so a person can tell keys apart. */
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    previousSecretHash: text('previous_secret_hash'),
    previousPrefix: text('previous_prefix'),
    previousExpiresAt: timestamp('previous_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_secret_hash_uq').on(t.secretHash),
    uniqueIndex('api_keys_previous_secret_hash_uq').on(t.previousSecretHash),
    index('api_keys_vendor_idx').on(t.vendorId, t.createdAt),
  ],
)

export type ApiKeyRow = typeof apiKeys.$inferSelect

/**
 * Calls made with a key: what the owner reads under Settings → Developers, kept API_KEY_CALLS_KEPT_DAYS (purged by
 * the job queue's purge-expired round). A counted call is one line. A call refused before it was counted (`refused`:
 * over the key's limit, or from an address off its allow-list) adds to one line per key, refusal and minute (`at`
 * is that minute), so refusals can neither fill the table nor push out the calls that mattered.
 */
export const apiKeyCalls = pgTable(
  'api_key_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    vendorId: vendorId(),
    keyId: text('key_id')
      .notNull()
      .references(() => apiKeys.id),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    refused: text('refused'),
    calls: integer('calls').notNull().default(1),
  },
  (t) => [
    index('api_key_calls_vendor_idx').on(t.vendorId, t.id),
    index('api_key_calls_at_idx').on(t.at),
    uniqueIndex('api_key_calls_refused_uq')
      .on(t.keyId, t.refused, t.at)
      .where(sql`${t.refused} IS NOT NULL`),
  ],
)
