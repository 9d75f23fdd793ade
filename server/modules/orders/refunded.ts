import { and, eq, ne } from 'drizzle-orm';
import { isLocale } from '../../../common/i18n/locales';
import type { OrderStatus } from '../../../common/orders';
import type { Transaction } from '../../db/client';
import { accounts, attendees, events, orders, organizers, type refunds } from '../../db/schema';
import { enqueueMail } from '../../mail/send';
import { eventMailSender } from '../../mail/sender';
import { findEventLogoAt } from '../images/logo';
import { creditInvoice } from '../invoices/credit-notes';
import { getClaimOfOrder, returnSoldSeats } from './inventory';
import { queueOrderAttendeeWebhooks, queueOrderWebhooks } from './webhook-events';

type OrderRow = typeof orders.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

/**
 * A refund that went through, in the caller's transaction with the order locked: a card refund
 * Stripe settled, or one the organizer gave back themselves and recorded. The one path for both,
 * so they follow the same rules: the order's refunded total and status follow (PARTIALLY_REFUNDED,
 * REFUNDED, or CANCELLED when that was asked, which voids the tickets and puts the seats back on
 * sale), `order.refunded` (and `order.cancelled`) webhooks go out, and the buyer is told if that
 * was asked. `neverIssued`: a card payment that came after its seats were gone, which was never a
 * ticket and ends cancelled.
 */
export async function applyRefund({
  tx,
  order,
  refund,
  appUrl,
  neverIssued = false,
  now = new Date(),
}: {
  tx: Transaction;
  order: OrderRow;
  refund: RefundRow;
  appUrl: string;
  neverIssued?: boolean;
  now?: Date;
}): Promise<OrderStatus> {
  const refundedTotal = Math.min(order.total, order.refundedTotal + refund.amount);
  const cancel = refund.cancelOrder || neverIssued;
  let voided: { id: number }[] = [];
  if (cancel && !neverIssued) {
    await returnSoldSeats(tx, await getClaimOfOrder(tx, order.id));
    voided = await tx
      .update(attendees)
      .set({ status: 'CANCELLED', updatedAt: now })
      .where(and(eq(attendees.orderId, order.id), ne(attendees.status, 'CANCELLED')))
      .returning({ id: attendees.id });
  }
  const status: OrderStatus = cancel
    ? 'CANCELLED'
    : refundedTotal >= order.total
      ? 'REFUNDED'
      : 'PARTIALLY_REFUNDED';
  await tx.update(orders).set({ status, refundedTotal, updatedAt: now }).where(eq(orders.id, order.id));
  // Money given back is credited on the order's invoice, if it has one (decision 053).
  if (!neverIssued) await creditInvoice(tx, { order, amount: refund.amount });
  await queueOrderWebhooks(tx, order, 'order.refunded', ...(cancel ? (['order.cancelled'] as const) : []));
  await queueOrderAttendeeWebhooks(tx, order, {
    type: 'attendee.cancelled',
    attendeeIds: voided.map((a) => a.id),
  });
  if (refund.notifyBuyer && order.email) {
    const [event] = await tx
      .select({ title: events.title, settings: events.settings, organizer: organizers, account: accounts })
      .from(events)
      .innerJoin(organizers, eq(organizers.id, events.organizerId))
      .innerJoin(accounts, eq(accounts.id, events.accountId))
      .where(eq(events.id, order.eventId));
    await enqueueMail(tx, {
      template: 'orderRefunded',
      to: order.email,
      locale: isLocale(order.locale) ? order.locale : 'en',
      uniqueKey: `refund:${refund.id}`,
      // From the organizer, replies to them (decision 035).
      sender: event
        ? eventMailSender({
            eventSettings: event.settings,
            organizer: event.organizer,
            accountSupportEmail: event.account.supportEmail,
          })
        : undefined,
      data: {
        firstName: order.firstName ?? '',
        eventTitle: event?.title ?? '',
        reference: order.reference,
        currency: order.currency,
        amount: refund.amount,
        soldOut: neverIssued,
        cancelled: cancel,
        offline: refund.method === 'OFFLINE',
        orderUrl: `${appUrl}/checkout/${order.eventId}/${order.shortId}/summary`,
        logo: await findEventLogoAt(tx, order.eventId, appUrl),
      },
    });
  }
  return status;
}
