import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { attendees, orders } from '../../db/schema';
import { markInvoicePaid, queueInvoice } from '../invoices/service';
import { getClaimOfOrder, sellSeats } from './inventory';
import { enqueueOrderMails, type Links } from './mails';
import { markOfferPurchased } from './waitlist-offers';
import { queueOrderAttendeeWebhooks, queueOrderWebhooks } from './webhook-events';

type OrderRow = typeof orders.$inferSelect;

export type FulfilOptions = Links & { /** false for seeded demo orders: nobody to mail. */ notify?: boolean };

/**
 * An order whose seats are held becomes COMPLETED: its seats are sold, its attendees hold
 * valid tickets, and the buyer, attendees and organizer are mailed (in this transaction, through
 * the job queue), and its `order.completed` webhooks are queued. Free orders get here at once;
 * card payments once Stripe confirms them. An order that was not placed before (all but one
 * awaiting an offline payment) is placed now: `order.created` comes first (decision 036).
 */
export async function fulfilOrder(
  tx: Transaction,
  order: OrderRow,
  options: FulfilOptions & { now?: Date },
): Promise<OrderRow> {
  const now = options.now ?? new Date();
  const placedBefore = order.status === 'AWAITING_PAYMENT';
  await sellSeats(tx, await getClaimOfOrder(tx, order.id));
  const people = await tx
    .update(attendees)
    .set({ status: 'ACTIVE', updatedAt: now })
    .where(eq(attendees.orderId, order.id))
    .returning({ id: attendees.id });
  const [done] = await tx
    .update(orders)
    .set({ status: 'COMPLETED', completedAt: now, reservedUntil: null, updatedAt: now })
    .where(eq(orders.id, order.id))
    .returning();
  if (!done) throw new Error('order update returned nothing');
  if (done.waitlistEntryId !== null) await markOfferPurchased(tx, done.waitlistEntryId);
  // Its invoice (decision 053): issued by a job, or already issued unpaid and now paid.
  await queueInvoice(tx, done);
  if (placedBefore) await markInvoicePaid(tx, { orderId: done.id, paidAt: now });
  if (options.notify !== false) await enqueueOrderMails({ tx, orderId: done.id, links: options });
  if (placedBefore) await queueOrderWebhooks(tx, done, 'order.completed');
  else await queueOrderWebhooks(tx, done, 'order.created', 'order.completed');
  // Their tickets are valid from now on: that is when attendees count as created.
  await queueOrderAttendeeWebhooks(tx, done, {
    type: 'attendee.created',
    attendeeIds: people.map((p) => p.id),
  });
  return done;
}
