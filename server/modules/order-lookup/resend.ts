import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { attendees } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import { recordActivity } from '../orders/activity';
import { enqueueOrderMails, enqueueTicketMail, type Links } from '../orders/mails';
import { getPublicOrderRow } from '../orders/public-view';

interface OrderRef {
  db: Database;
  eventId: number;
  shortId: string;
  links: Links;
}

/**
 * `POST …/orders/{shortId}/resend`: the buyer sends their confirmation again, to the order's
 * own address (never another), from the order page. Only placed orders that hold tickets.
 */
export async function resendConfirmationByBuyer({ db, eventId, shortId, links }: OrderRef): Promise<void> {
  await inTransaction(db, async (tx) => {
    const order = await getPublicOrderRow(tx, eventId, shortId);
    if (!['COMPLETED', 'AWAITING_PAYMENT'].includes(order.status) || !order.email) {
      throw new AppError('ORDER_NOT_RESENDABLE');
    }
    await enqueueOrderMails({ tx, orderId: order.id, links, resend: true });
    await recordActivity(tx, {
      orderId: order.id,
      userId: null,
      kind: 'BUYER_RESENT_CONFIRMATION',
      data: { to: order.email },
    });
  });
}

/**
 * `POST …/orders/{shortId}/attendees/{attendeeShortId}/resend`: one valid ticket of a
 * confirmed order, mailed to its holder's address.
 */
export async function resendTicketByBuyer({
  attendeeShortId,
  ...ref
}: OrderRef & { attendeeShortId: string }): Promise<void> {
  await inTransaction(ref.db, async (tx) => {
    const order = await getPublicOrderRow(tx, ref.eventId, ref.shortId);
    const [attendee] = await tx
      .select()
      .from(attendees)
      .where(and(eq(attendees.orderId, order.id), eq(attendees.shortId, attendeeShortId)));
    if (!attendee) throw new AppError('ATTENDEE_NOT_FOUND');
    if (order.status !== 'COMPLETED' || attendee.status !== 'ACTIVE' || !attendee.email.trim()) {
      throw new AppError('TICKET_NOT_RESENDABLE');
    }
    await enqueueTicketMail({ tx, attendeeId: attendee.id, links: ref.links, resend: true });
    await recordActivity(tx, {
      orderId: order.id,
      userId: null,
      kind: 'BUYER_RESENT_TICKET',
      data: { attendee_id: attendee.id, to: attendee.email },
    });
  });
}
