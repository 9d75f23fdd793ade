import { and, eq, isNull, or } from 'drizzle-orm';
import type { AttendeeDetailResponse } from '../../../common/attendees';
import { orderActionRefusal } from '../../../common/order-actions';
import type { Db } from '../../db/client';
import { type attendees, orderItems, orders } from '../../db/schema';

/**
 * What cancelling the ticket may give back, and how (decision 053): its price as its order
 * line charged it (a line's total over its quantity, rounded down) with its add-ons', never more
 * than the order has left; by card through Stripe, or recorded by hand for an offline payment.
 * Null when the order allows no refund (unpaid, added by hand, already given back).
 */
export async function ticketRefund(
  db: Db,
  attendee: typeof attendees.$inferSelect,
): Promise<AttendeeDetailResponse['refund']> {
  const [order] = await db.select().from(orders).where(eq(orders.id, attendee.orderId));
  if (!order) return null;
  const method = !orderActionRefusal('REFUND', order)
    ? 'CARD'
    : !orderActionRefusal('RECORD_REFUND', order)
      ? 'OFFLINE'
      : null;
  if (!method) return null;
  const lines = await db
    .select({
      quantity: orderItems.quantity,
      total: orderItems.total,
      attendeeId: orderItems.attendeeId,
    })
    .from(orderItems)
    .where(
      and(
        eq(orderItems.orderId, order.id),
        or(
          // Its add-ons, whole.
          eq(orderItems.attendeeId, attendee.id),
          // Its own ticket: one unit of the line of its ticket and tier.
          and(
            eq(orderItems.ticketId, attendee.ticketId),
            attendee.priceId === null ? isNull(orderItems.priceId) : eq(orderItems.priceId, attendee.priceId),
            isNull(orderItems.forTicketId),
          ),
        ),
      ),
    );
  const share = lines.reduce(
    (sum, line) =>
      sum + (line.attendeeId === attendee.id ? line.total : Math.floor(line.total / line.quantity)),
    0,
  );
  const amount = Math.min(share, order.total - order.refundedTotal);
  return amount > 0 ? { amount, currency: order.currency, method } : null;
}
