import { asc, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { attendees, orders } from '../../db/schema';
import { queueAttendeeWebhook } from '../attendees/service';
import { listeners } from '../webhooks/service';
import { getClaimOfOrders, sellSeats } from './inventory';
import { enqueueOrderMails, type Links } from './mails';
import { queueOrderWebhooks } from './webhook-events';

type OrderRow = typeof orders.$inferSelect;

export type FulfilOptions = Links & { /** false for seeded demo orders: nobody to mail. */ notify?: boolean };

/**
 * An order whose seats are held becomes COMPLETED: its seats are sold, its attendees hold
 * valid tickets, and the buyer, attendees and organizer are mailed (in this transaction, through
 * the job queue), and its `order.completed` webhooks are queued. Free orders get here at once; card payments once Stripe confirms them.
 */
export async function fulfilOrder(
  tx: Transaction,
  order: OrderRow,
  options: FulfilOptions & { now?: Date },
): Promise<OrderRow> {
  const now = options.now ?? new Date();
  await sellSeats(tx, await getClaimOfOrders(tx, [order.id]));
  await tx.update(attendees).set({ status: 'ACTIVE', updatedAt: now }).where(eq(attendees.orderId, order.id));
  const [done] = await tx
    .update(orders)
    .set({ status: 'COMPLETED', completedAt: now, reservedUntil: null, updatedAt: now })
    .where(eq(orders.id, order.id))
    .returning();
  if (!done) throw new Error('order update returned nothing');
  if (options.notify !== false) await enqueueOrderMails({ tx, orderId: done.id, links: options });
  await queueOrderWebhooks(tx, done, 'order.completed');
  // Their tickets are valid from now on: that is when attendees count as created.
  const change = { accountId: done.accountId, eventId: done.eventId, type: 'attendee.created' } as const;
  const listening = await listeners(tx, change);
  if (listening.length > 0) {
    const people = await tx
      .select({ id: attendees.id, accountId: attendees.accountId, eventId: attendees.eventId })
      .from(attendees)
      .where(eq(attendees.orderId, done.id))
      .orderBy(asc(attendees.id));
    for (const person of people)
      await queueAttendeeWebhook(tx, person, { type: 'attendee.created', listeners: listening });
  }
  return done;
}
