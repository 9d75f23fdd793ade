import { and, eq, ne, sql } from 'drizzle-orm';
import { HOLDING_STATUSES, OPEN_ORDER_STATUSES } from '../../../common/orders';
import type { Transaction } from '../../db/client';
import { attendees, orders, refunds } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { creditInvoice } from '../invoices/credit-notes';
import { recordActivity } from '../orders/activity';
import {
  type Claim,
  getClaimOfOrder,
  releaseSeats,
  reserveSeats,
  returnSoldSeats,
  sellSeats,
} from '../orders/inventory';
import { applyRefund } from '../orders/refunded';
import { expireOrders } from '../orders/service';
import { queueOrderAttendeeWebhooks, queueOrderWebhooks } from '../orders/webhook-events';
import { writeCardRefund } from '../payments/refunds';

type OrderRow = typeof orders.$inferSelect;

/** What happened to one order of a cancelled date. */
export type Step =
  | { outcome: 'EXPIRED' | 'CANCELLED' }
  | { outcome: 'REFUNDED'; refundId: number; card: boolean }
  | { outcome: 'MOVED' };

/** Paid and not (wholly) given back: money a refund can return. */
const PAID: readonly string[] = ['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUND_FAILED'];

/** An open reservation of the date: it ends as if its time had run out, its seats given back. */
export async function expireReservation(tx: Transaction, order: OrderRow): Promise<Step> {
  await expireOrders(tx, [order.id]);
  return { outcome: 'EXPIRED' };
}

/**
 * Voids every ticket of the order and puts its seats back (held ones released, sold ones
 * returned), as an organizer's cancel does, without a mail of its own: the attendees get the
 * cancellation's one mail.
 */
async function cancelWhole(tx: Transaction, order: OrderRow, cancellationId: number): Promise<Step> {
  const claim = await getClaimOfOrder(tx, order.id);
  if (HOLDING_STATUSES.includes(order.status)) await releaseSeats(tx, claim);
  else await returnSoldSeats(tx, claim);
  const voided = await tx
    .update(attendees)
    .set({ status: 'CANCELLED', updatedAt: sql`now()` })
    .where(and(eq(attendees.orderId, order.id), ne(attendees.status, 'CANCELLED')))
    .returning({ id: attendees.id });
  await tx
    .update(orders)
    .set({ status: 'CANCELLED', reservedUntil: null, updatedAt: sql`now()` })
    .where(eq(orders.id, order.id));
  // An unpaid order's invoice claims nothing any more (decision 053).
  if (order.status === 'AWAITING_PAYMENT') await creditInvoice(tx, { order, amount: order.total });
  await recordActivity(tx, {
    orderId: order.id,
    userId: null,
    kind: 'CANCELLED',
    data: { from: order.status, notified: false, date_cancellation: cancellationId },
  });
  await queueOrderWebhooks(tx, order, 'order.cancelled');
  await queueOrderAttendeeWebhooks(tx, order, {
    type: 'attendee.cancelled',
    attendeeIds: voided.map((a) => a.id),
  });
  return { outcome: 'CANCELLED' };
}

/**
 * Gives back what is left of a paid order and cancels it: by card through Stripe (the refund
 * written now, asked of Stripe once this commits, settled by its webhook, which cancels), or,
 * paid offline, recorded as given back at once. Orders without money left (free, added by hand,
 * unpaid) are cancelled. No buyer's mail of the refund's own: the cancellation's mail says it.
 */
export async function refundOrCancel(
  tx: Transaction,
  order: OrderRow,
  cancellationId: number,
): Promise<Step> {
  const left = order.total - order.refundedTotal;
  const paid = PAID.includes(order.status) && left > 0;
  if (paid && order.paymentProvider === 'STRIPE') {
    const refund = await writeCardRefund(tx, {
      order,
      userId: null,
      refund: { amount: left, notifyBuyer: false, cancelOrder: true },
    });
    return { outcome: 'REFUNDED', refundId: refund.id, card: true };
  }
  if (paid && order.paymentProvider === 'OFFLINE') {
    const note = `Date cancelled (cancellation ${cancellationId})`;
    const [refund] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        amount: left,
        status: 'SUCCEEDED',
        method: 'OFFLINE',
        note,
        notifyBuyer: false,
        cancelOrder: true,
      })
      .returning();
    if (!refund) throw new Error('refund insert returned nothing');
    await recordActivity(tx, {
      orderId: order.id,
      userId: null,
      kind: 'REFUND_RECORDED',
      note,
      data: { amount: left, cancel_order: true, date_cancellation: cancellationId },
    });
    // The app's address only makes links of mails, and this refund sends none.
    await applyRefund({ tx, order, refund, appUrl: '' });
    return { outcome: 'REFUNDED', refundId: refund.id, card: false };
  }
  return cancelWhole(tx, order, cancellationId);
}

/** Takes the claim's seats on the new date, or answers false (and takes none) when it has no room. */
async function takeSeats(tx: Transaction, claim: Claim): Promise<boolean> {
  try {
    // A savepoint: a refused counter rolls back what this claim took before it, nothing else.
    await tx.transaction(async (inner) => reserveSeats(inner as Transaction, claim));
    return true;
  } catch (error) {
    if (error instanceof AppError && ['NOT_ENOUGH_AVAILABLE', 'PROMO_CODE_USED_UP'].includes(error.code))
      return false;
    throw error;
  }
}

/**
 * Moves an order and its attendees to another date: its seats are taken on the new date first
 * (held, then sold if the order was paid), then given back on the old one, all in the caller's
 * transaction. False, with nothing changed, when the new date has no room for the whole order.
 */
export async function moveOrder(tx: Transaction, order: OrderRow, toDateId: number): Promise<boolean> {
  const claim = await getClaimOfOrder(tx, order.id);
  // Seats are the old date's; another date's seats are chosen by the buyer (decision 067).
  if (claim.seats.size > 0) return false;
  const moved: Claim = { ...claim, dateId: toDateId };
  if (!(await takeSeats(tx, moved))) return false;
  if (HOLDING_STATUSES.includes(order.status)) {
    await releaseSeats(tx, claim);
  } else {
    await sellSeats(tx, moved);
    await returnSoldSeats(tx, claim);
  }
  await tx.update(orders).set({ dateId: toDateId, updatedAt: sql`now()` }).where(eq(orders.id, order.id));
  await tx
    .update(attendees)
    .set({ dateId: toDateId, updatedAt: sql`now()` })
    .where(eq(attendees.orderId, order.id));
  return true;
}

/** Whether the order is an open reservation (never a ticket yet). */
export const isOpenReservation = (order: OrderRow) => OPEN_ORDER_STATUSES.includes(order.status);
