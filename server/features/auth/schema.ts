import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../../db/schema';

/** A link that proves an account owns its email: one purpose, one address, stored hashed, expiring. */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the link was sent to: it verifies only that one. */
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_verification_tokens_user_idx').on(t.userId)],
);
