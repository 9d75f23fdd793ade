import { bigint, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { EventDefaults } from '../../../common/event-defaults';
import type { InvoiceSettings } from '../../../common/invoices';

/** An organization using Tessera; everything an organizer manages belongs to one account. */
export const accounts = pgTable('accounts', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  supportEmail: text('support_email'),
  /** Defaults for new organizers and events. */
  currency: text('currency').notNull(),
  timezone: text('timezone').notNull(),
  /** Copied into every new event (settings the account chose; the rest are product defaults). */
  eventDefaults: jsonb('event_defaults').$type<Partial<EventDefaults>>().notNull().default({}),
  /** The seller's details and rules for invoices (decision 053); null until they are first set. */
  invoiceSettings: jsonb('invoice_settings').$type<InvoiceSettings>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
