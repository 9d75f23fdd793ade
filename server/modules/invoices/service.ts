import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { BuyerBusinessMode } from '../../../common/business-buyer';
import { withSettingDefaults } from '../../../common/events';
import type { BuyerInvoice, InvoiceResponse } from '../../../common/invoices';
import type { Database, Db, Transaction } from '../../db/client';
import { queryRows } from '../../db/rows';
import { eventDates, events, invoices, jobs, orderItems, orders } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { enqueue, INVOICE_ISSUE_JOB } from '../../jobs/kinds';
import { enqueueWebhookEvent } from '../webhooks/service';
import { dayIn, invoiceDocument } from './document';
import { accountSequence, eventSequence, readInvoiceSettings, sellerOf } from './settings';

export type InvoiceRow = typeof invoices.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** Orders that have an invoice: completed ones, and those placed to be paid offline (unpaid). */
const INVOICED = new Set<OrderRow['status']>(['COMPLETED', 'AWAITING_PAYMENT']);

/**
 * Queues the invoice of an order that was just completed or placed (decision 053), in the
 * order's transaction, when the account issues invoices. The job issues it in a short
 * transaction of its own, so the sequence's lock is not held for a whole checkout.
 */
export async function queueInvoice(tx: Transaction, order: OrderRow): Promise<void> {
  if (!INVOICED.has(order.status)) return;
  const settings = await readInvoiceSettings(tx, order.accountId);
  if (!settings.enabled) return;
  await enqueue(tx, {
    type: INVOICE_ISSUE_JOB,
    payload: { order_id: order.id },
    uniqueKey: `invoice:${order.id}`,
  });
}

/**
 * What checkout asks of a business buyer (issue 38): the account's `buyer_business`, or OFF
 * while it issues no invoices.
 */
export async function getBuyerBusinessMode(db: Db, accountId: number): Promise<BuyerBusinessMode> {
  const settings = await readInvoiceSettings(db, accountId);
  return settings.enabled ? settings.buyer_business : 'OFF';
}

/** Takes the sequence's next number: the row stays locked until the transaction ends. */
export async function takeNumber(tx: Transaction, sequenceId: number): Promise<number> {
  const [row] = await queryRows<{ number: number }>(
    tx,
    sql`update invoice_sequences set next_number = next_number + 1
        where id = ${sequenceId} returning next_number - 1 as number`,
  );
  if (!row) throw new Error('invoice sequence vanished');
  return Number(row.number);
}

/**
 * Whether the order was queued for an invoice when it was completed or placed (decision 053):
 * orders completed before invoicing was turned on never get one, not even when refunded later.
 */
async function invoiceWasQueued(tx: Transaction, orderId: number): Promise<boolean> {
  const [job] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(eq(jobs.uniqueKey, `invoice:${orderId}`));
  return job !== undefined;
}

/**
 * The invoice of an order locked by the caller: the one it has, else issued now if it is due
 * one (queued at completion, and the account still issues invoices), else null. The number is
 * taken and the document written in the caller's transaction, so a failure gives it back.
 */
export async function invoiceOfLockedOrder(tx: Transaction, order: OrderRow): Promise<InvoiceRow | null> {
  const [existing] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'INVOICE')));
  if (existing) return existing;
  if (!(await invoiceWasQueued(tx, order.id))) return null;
  const settings = await readInvoiceSettings(tx, order.accountId);
  if (!settings.enabled) return null;
  const [event] = await tx
    .select({
      title: events.title,
      timezone: events.timezone,
      startsAt: eventDates.startsAt,
      settings: events.settings,
    })
    .from(events)
    .innerJoin(eventDates, eq(eventDates.id, order.dateId))
    .where(eq(events.id, order.eventId));
  if (!event) throw new Error('order without its event');
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  // The event's own seller, and its own series when it keeps one (decision 053).
  const own = withSettingDefaults(event.settings).invoice_seller;
  const seller = sellerOf(settings, own);
  const sequence = own?.own_sequence
    ? await eventSequence(tx, { accountId: order.accountId, eventId: order.eventId })
    : await accountSequence(tx, order.accountId);
  const number = await takeNumber(tx, sequence.id);
  const reference = `${seller.prefix}${number}`;
  const issuedAt = new Date();
  const unpaid = order.status === 'AWAITING_PAYMENT';
  const dueDate = unpaid
    ? dayIn(new Date(issuedAt.getTime() + seller.payment_terms_days * 86_400_000), event.timezone)
    : null;
  const document = invoiceDocument({ order, items, event, settings: seller, reference, issuedAt, dueDate });
  const [row] = await tx
    .insert(invoices)
    .values({
      accountId: order.accountId,
      eventId: order.eventId,
      orderId: order.id,
      sequenceId: sequence.id,
      kind: 'INVOICE',
      number,
      reference,
      currency: order.currency,
      total: order.total,
      dueDate,
      paidAt: unpaid ? null : issuedAt,
      document,
      issuedAt,
    })
    .returning();
  if (!row) throw new Error('invoice insert returned nothing');
  await queueInvoiceWebhook(tx, row);
  return row;
}

/**
 * The order's invoice, issued now if it has none yet (decision 053): null when the order is
 * not one that gets an invoice, or its account issues none. The order's row is locked first, so
 * two callers for one order issue once.
 */
export function ensureInvoice(db: Database, orderId: number): Promise<InvoiceRow | null> {
  return inTransaction(db, async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || !INVOICED.has(order.status)) return null;
    return invoiceOfLockedOrder(tx, order);
  });
}

/** `invoice.issued` or `credit_note.issued`, in the transaction that issued it. */
export async function queueInvoiceWebhook(tx: Transaction, row: InvoiceRow): Promise<void> {
  await enqueueWebhookEvent(tx, {
    accountId: row.accountId,
    eventId: row.eventId,
    type: row.kind === 'INVOICE' ? 'invoice.issued' : 'credit_note.issued',
    data: toInvoiceResponse(row),
  });
}

export function toInvoiceResponse(row: InvoiceRow): InvoiceResponse {
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    reference: row.reference,
    order_id: row.orderId,
    event_id: row.eventId,
    invoice_id: row.invoiceId,
    currency: row.currency,
    total: row.total,
    status: row.kind === 'CREDIT_NOTE' ? 'CREDIT' : row.paidAt ? 'PAID' : 'UNPAID',
    due_date: row.dueDate,
    issued_at: row.issuedAt.toISOString(),
    document: row.document,
  };
}

/** `GET /api/events/{id}/orders/{orderId}/invoices`: the order's invoice and credit notes. */
export async function findOrderInvoices({
  db,
  auth,
  eventId,
  orderId,
}: {
  db: Database;
  auth: AuthContext;
  eventId: number;
  orderId: number;
}): Promise<InvoiceResponse[]> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.eventId, eventId), eq(orders.accountId, auth.accountId)));
  if (!order) throw new AppError('NOT_FOUND');
  // An order that should have one and has none yet (its job not run) gets it now.
  await ensureInvoice(db, orderId);
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(invoices.number));
  return rows.map(toInvoiceResponse);
}

/** The `invoices.issue` job: the order's invoice, unless something issued it first. */
export const invoiceJobHandler = async ({ order_id }: { order_id: number }, { db }: { db: Database }) => {
  await ensureInvoice(db, order_id);
};

/** An order paid offline is paid: its unpaid invoice, if it has one, records when. */
export async function markInvoicePaid(
  tx: Transaction,
  { orderId, paidAt }: { orderId: number; paidAt: Date },
) {
  await tx
    .update(invoices)
    .set({ paidAt })
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'INVOICE'), isNull(invoices.paidAt)));
}

/**
 * The order's invoice and credit notes for its buyer's page. An order queued for an invoice
 * whose job has not run yet (the buyer arrives straight from paying) gets it now.
 */
export async function buyerInvoices(db: Database, order: OrderRow): Promise<BuyerInvoice[]> {
  const issued = () =>
    db
      .select({
        id: invoices.id,
        kind: invoices.kind,
        reference: invoices.reference,
        total: invoices.total,
        issuedAt: invoices.issuedAt,
      })
      .from(invoices)
      .where(eq(invoices.orderId, order.id))
      .orderBy(asc(invoices.number));
  let rows = await issued();
  if (rows.length === 0 && INVOICED.has(order.status) && (await ensureInvoice(db, order.id)))
    rows = await issued();
  return rows.map(({ issuedAt, ...row }) => ({ ...row, issued_at: issuedAt.toISOString() }));
}
