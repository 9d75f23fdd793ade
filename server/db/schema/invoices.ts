import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { InvoiceDocument } from '../../../common/invoices';
import { accounts } from './accounts';
import { events } from './events';
import { orders } from './orders';

/**
 * A series of invoice numbers (decision 053): the account's, or an event's own. Issuing takes
 * `next_number` and raises it in the transaction that writes the document, so the row's lock
 * orders issues and a rollback gives the number back.
 */
export const invoiceSequences = pgTable(
  'invoice_sequences',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Null: the account's sequence; else an event that keeps its own. */
    eventId: bigint('event_id', { mode: 'number' }).references(() => events.id, { onDelete: 'cascade' }),
    nextNumber: integer('next_number').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoice_sequences_account_uq').on(t.accountId).where(sql`${t.eventId} is null`),
    uniqueIndex('invoice_sequences_event_uq').on(t.eventId).where(sql`${t.eventId} is not null`),
    check('invoice_sequences_next_positive', sql`${t.nextNumber} >= 1`),
  ],
);

/**
 * An invoice or credit note, frozen at issue (decision 053): `document` holds what it says; a
 * trigger (migration 0046) refuses any change but the payment of an unpaid invoice.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sequenceId: bigint('sequence_id', { mode: 'number' })
      .notNull()
      .references(() => invoiceSequences.id),
    kind: text('kind', { enum: ['INVOICE', 'CREDIT_NOTE'] }).notNull(),
    number: integer('number').notNull(),
    /** The number as printed: the prefix at issue, then the number. */
    reference: text('reference').notNull(),
    /** A credit note's invoice. */
    invoiceId: bigint('invoice_id', { mode: 'number' }).references((): AnyPgColumn => invoices.id),
    currency: text('currency').notNull(),
    /** What the document totals, in minor units; a credit note's is what it gives back. */
    total: integer('total').notNull(),
    /** An invoice of an order paid offline: when payment is due, and when it was paid. */
    dueDate: date('due_date', { mode: 'string' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    document: jsonb('document').$type<InvoiceDocument>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_sequence_number_uq').on(t.sequenceId, t.number),
    uniqueIndex('invoices_order_invoice_uq').on(t.orderId).where(sql`${t.kind} = 'INVOICE'`),
    // An order's documents (its page, its refunds' credit notes), without reading the others'.
    index('invoices_order_idx').on(t.orderId),
    index('invoices_account_issued_idx').on(t.accountId, t.issuedAt),
    index('invoices_event_issued_idx').on(t.eventId, t.issuedAt),
    check(
      'invoices_credit_note_names_invoice',
      sql`(${t.kind} = 'CREDIT_NOTE') = (${t.invoiceId} is not null)`,
    ),
    check('invoices_total_not_negative', sql`${t.total} >= 0`),
  ],
);
