import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

export const organizers = pgTable(
  'organizers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    description: text('description'),
    website: text('website'),
    currency: text('currency').notNull(),
    timezone: text('timezone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('organizers_account_idx').on(t.accountId)],
);
