import { and, eq, ne, sql } from 'drizzle-orm';
import { type OrderAction, orderActionRefusal } from '../../../common/order-actions';
import { HOLDING_STATUSES } from '../../../common/orders';
import type { Database, Transaction } from '../../db/client';
import { attendees, orders } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import { creditInvoice } from '../invoices/credit-notes';
import { recordActivity } from './activity';
import { getAdminOrderRow, lockAdminOrderRow, type OrderRef } from './admin-view';
import { fulfilOrder } from './fulfil';
import { getClaimOfOrder, releaseSeats, returnSoldSeats } from './inventory';
import { enqueueOrderCancelledMail, enqueueOrderMails, type Links } from './mails';
import { queueOrderAttendeeWebhooks, queueOrderWebhooks } from './webhook-events';

type OrderRow = typeof orders.$inferSelect;

/** Refuses, with its error code, an action the order does not allow (`common/order-actions.ts`). */
function requireAllowed(action: OrderAction, row: OrderRow): void {
  const refused = orderActionRefusal(action, row);
  if (refused) throw new AppError(refused);
}

/**
 * `POST …/orders/{orderId}/mark-paid`: the organizer received an offline payment. The held
 * seats become sold, the tickets valid, and the buyer and attendees get their mails.
 */
export async function markOrderPaid({
  db,
  links,
  ...ref
}: OrderRef & { db: Database; links: Links }): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await lockAdminOrderRow({ tx, ...ref });
    requireAllowed('MARK_PAID', row);
    await fulfilOrder(tx, row, links);
    await recordActivity(tx, {
      orderId: row.id,
      userId: ref.auth.userId,
      kind: 'MARKED_PAID',
      data: { amount: row.total },
    });
  });
}

/**
 * `POST …/orders/{orderId}/cancel`: voids every ticket of the order and puts its seats back on
 * sale (held ones released, sold ones unsold, less tickets already cancelled one by one). It
 * does not give money back: card payments are refunded first (`…/refund`), which can also
 * cancel. Refused while a refund is pending or the order is still being placed or paid.
 */
export async function cancelOrder({
  db,
  notifyBuyer,
  links,
  ...ref
}: OrderRef & { db: Database; notifyBuyer: boolean; links: Links }): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await lockAdminOrderRow({ tx, ...ref });
    requireAllowed('CANCEL', row);
    await cancelLockedOrder(tx, { row, userId: ref.auth.userId, notifyBuyer, links });
  });
}

/**
 * The cancel itself, of an order the caller locked and may cancel: the organizer's, and the
 * buyer's own (decision 057), so both void the tickets, give the seats back (to the waiting list
 * through the release path), credit an unpaid invoice and send the same mail and webhooks.
 */
export async function cancelLockedOrder(
  tx: Transaction,
  {
    row,
    userId,
    notifyBuyer,
    links,
  }: { row: OrderRow; userId: number | null; notifyBuyer: boolean; links: Links },
): Promise<void> {
  // Worked out before the attendees are voided: see `getClaimsOfOrders`.
  const claim = await getClaimOfOrder(tx, row.id);
  if (HOLDING_STATUSES.includes(row.status)) await releaseSeats(tx, claim);
  else await returnSoldSeats(tx, claim);
  // Those cancelled one by one before keep their time and had their webhook then.
  const voided = await tx
    .update(attendees)
    .set({ status: 'CANCELLED', updatedAt: sql`now()` })
    .where(and(eq(attendees.orderId, row.id), ne(attendees.status, 'CANCELLED')))
    .returning({ id: attendees.id });
  await tx
    .update(orders)
    .set({ status: 'CANCELLED', reservedUntil: null, updatedAt: sql`now()` })
    .where(eq(orders.id, row.id));
  // An unpaid order's invoice claims nothing any more; a paid one's money is credited when
  // it is given back (decision 053).
  if (row.status === 'AWAITING_PAYMENT') await creditInvoice(tx, { order: row, amount: row.total });
  await recordActivity(tx, {
    orderId: row.id,
    userId,
    kind: 'CANCELLED',
    data: { from: row.status, notified: notifyBuyer },
  });
  if (notifyBuyer) await enqueueOrderCancelledMail(tx, row.id, links);
  await queueOrderWebhooks(tx, row, 'order.cancelled');
  await queueOrderAttendeeWebhooks(tx, row, {
    type: 'attendee.cancelled',
    attendeeIds: voided.map((a) => a.id),
  });
}

/** `POST …/orders/{orderId}/resend`: the buyer's confirmation, sent again as a new mail. */
export async function resendOrderConfirmation({
  db,
  links,
  ...ref
}: OrderRef & { db: Database; links: Links }): Promise<void> {
  await inTransaction(db, async (tx) => {
    const row = await getAdminOrderRow({ db: tx, ...ref });
    requireAllowed('RESEND_CONFIRMATION', row);
    await enqueueOrderMails({ tx, orderId: row.id, links, resend: true });
    await recordActivity(tx, {
      orderId: row.id,
      userId: ref.auth.userId,
      kind: 'CONFIRMATION_RESENT',
      data: { to: row.email },
    });
  });
}

/** `POST …/orders/{orderId}/notes`: a note for the organizer's team, kept with the order. */
export async function addOrderNote({
  db,
  note,
  ...ref
}: OrderRef & { db: Database; note: string }): Promise<void> {
  const row = await getAdminOrderRow({ db, ...ref });
  await recordActivity(db, { orderId: row.id, userId: ref.auth.userId, kind: 'NOTE', note });
}
