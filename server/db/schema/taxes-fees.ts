import { bigint, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/** An account's taxes and fees; a percentage is kept as its exact decimal text. */
export const taxesAndFees = pgTable(
  'taxes_and_fees',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['TAX', 'FEE'] }).notNull(),
    calculationType: text('calculation_type', { enum: ['PERCENTAGE', 'FIXED'] }).notNull(),
    /** PERCENTAGE: "23.5"; FIXED: minor units as digits ("250"). */
    rate: text('rate').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** A PERCENTAGE tax computed on the ticket price plus the fees (decision 004). */
    appliesToFees: boolean('applies_to_fees').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('taxes_and_fees_account_idx').on(t.accountId)],
);
