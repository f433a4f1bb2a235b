import { sql } from 'drizzle-orm'
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

import { createdAt, id, outlets, users, vendorId } from './schema'

/*
 * Team (issue 6): which members work at which outlet, and the invitations that bring members in. Kept apart
 * from schema.ts so neither file grows past reading size; drizzle sees every schema file (drizzle.config.ts).
 */

/**
 * A member's place at an outlet. A member who belongs to outlets sees only those outlets' wallets and
 * transactions (server/outlets/scope.ts); the owner and members who manage the team see every outlet.
 */
export const outletMembers = pgTable(
  'outlet_members',
  {
    vendorId: vendorId(),
    outletId: text('outlet_id')
      .notNull()
      .references(() => outlets.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.outletId, t.userId] }),
    // "Which outlets may this member see" is asked on every outlet call.
    index('outlet_members_user_idx').on(t.vendorId, t.userId),
  ],
)

/**
 * One invitation code sent to an invited member. The code travels in a link (/invite/{code}), so it is long and
 * random and only its sha256 is kept. Single use (consumed_at), expiring (expires_at), and a resend revokes the
 * previous code (revoked_at) before sending a new one.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    vendorId: vendorId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    invitedBy: text('invited_by')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // The public details and accept calls find an invitation by its code alone.
    uniqueIndex('invitations_code_uq').on(t.codeHash),
    index('invitations_user_idx').on(t.vendorId, t.userId),
    // At most one live code per member: a resend revokes the old one in the same transaction.
    uniqueIndex('invitations_live_uq')
      .on(t.vendorId, t.userId)
      .where(sql`consumed_at is null and revoked_at is null`),
  ],
)

export type OutletMemberRow = typeof outletMembers.$inferSelect
export type InvitationRow = typeof invitations.$inferSelect
