import { asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../db/rows';
import { orders } from '../db/schema';
import { makeOrder, makeTicket } from './builders';
import { firstDateOf } from './stock';
import type { StripeKit } from './stripe-kit';

// An event of two dates with orders of every kind on the first, for the tests of cancelling a
// date (server/modules/date-cancellation).

export interface TwoDates {
  dateA: number;
  dateB: number;
  freeTicketId: number;
  /** Orders on the date to be cancelled, by kind: their ids. */
  onA: { card: number; offline: number; free: number; awaiting: number; reserved: number };
  /** Orders on the other date. */
  onB: { card: number; free: number };
  /** Attendees' addresses of the orders that hold tickets on the first date. */
  emailsOnA: string[];
}

const idOf = async (k: StripeKit, shortId: string) =>
  (await k.kit.app.db.select({ id: orders.id }).from(orders).where(eq(orders.shortId, shortId)))[0]?.id ?? 0;

/** A completed order paid by card on a date, its payment's events delivered. */
export async function cardOrder(
  k: StripeKit,
  plan: { dateId: number; stripeAccount: string; email: string },
) {
  const order = await makeOrder(k.kit.app, {
    eventId: k.eventId,
    date_id: plan.dateId,
    lines: [{ ticket_id: k.ticketId, quantity: 2 }],
    email: plan.email,
    emails: [plan.email, `friend.${plan.email}`],
    until: 'details',
  });
  const res = await k.kit.app.inject({
    method: 'POST',
    url: `/api/public/events/${k.eventId}/orders/${order.short_id}/stripe/payment-intent`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const intentId = res.json().client_secret.split('_secret_')[0] as string;
  await k.stripe.paymentIntents.confirm(
    intentId,
    { payment_method: 'pm_card_visa' },
    { stripeAccount: plan.stripeAccount },
  );
  for (const event of k.eventsFor(intentId)) await k.deliver(event);
  expect(await k.statusOf(order.short_id)).toBe('COMPLETED');
  return { id: await idOf(k, order.short_id), intentId };
}

/** Adds a second date to the kit's event and places orders of every kind on both. */
export async function twoDates(
  k: StripeKit,
  stripeAccount: string,
): Promise<TwoDates & { intents: string[] }> {
  const { app } = k.kit;
  const dateA = await firstDateOf(app.db, k.eventId);
  const added = await k.kit.as(k.owner.token, {
    method: 'POST',
    url: `/api/events/${k.eventId}/dates`,
    payload: { starts_at: '2031-02-08T20:00:00Z', ends_at: '2031-02-08T23:00:00Z' },
  });
  expect(added.statusCode, added.body).toBe(201);
  const dateB: number = added.json().id;
  const free = await makeTicket(app, k.owner, { eventId: k.eventId, title: 'Guest', type: 'FREE' });
  const on = (
    dateId: number,
    email: string,
    until: 'complete' | 'offline' | 'reserved',
    ticket = k.ticketId,
  ) =>
    makeOrder(app, {
      eventId: k.eventId,
      date_id: dateId,
      lines: [{ ticket_id: ticket, quantity: 1 }],
      email,
      until,
    });
  const cardA = await cardOrder(k, { dateId: dateA, stripeAccount, email: 'card.a@example.com' });
  const cardB = await cardOrder(k, { dateId: dateB, stripeAccount, email: 'card.b@example.com' });
  const offline = await on(dateA, 'cash.a@example.com', 'offline');
  const offlineId = await idOf(k, offline.short_id);
  const paid = await k.kit.as(k.owner.token, {
    method: 'POST',
    url: `/api/events/${k.eventId}/orders/${offlineId}/mark-paid`,
  });
  expect(paid.statusCode, paid.body).toBeLessThan(300);
  const freeA = await on(dateA, 'free.a@example.com', 'complete', free.id);
  const awaiting = await on(dateA, 'later.a@example.com', 'offline');
  const reserved = await on(dateA, 'cart.a@example.com', 'reserved');
  const freeB = await on(dateB, 'free.b@example.com', 'complete', free.id);
  return {
    dateA,
    dateB,
    freeTicketId: free.id,
    onA: {
      card: cardA.id,
      offline: offlineId,
      free: await idOf(k, freeA.short_id),
      awaiting: await idOf(k, awaiting.short_id),
      reserved: await idOf(k, reserved.short_id),
    },
    onB: { card: cardB.id, free: await idOf(k, freeB.short_id) },
    emailsOnA: [
      'card.a@example.com',
      'friend.card.a@example.com',
      'cash.a@example.com',
      'free.a@example.com',
      'later.a@example.com',
    ],
    intents: [cardA.intentId, cardB.intentId],
  };
}

/** Every stock row of a date: sold and held per ticket. */
export function stockOf(k: StripeKit, dateId: number) {
  return queryRows<{ ticket_id: string | number; quantity_sold: number; quantity_reserved: number }>(
    k.kit.app.db,
    sql`select ticket_id, quantity_sold, quantity_reserved from ticket_stock
        where date_id = ${dateId} order by ticket_id`,
  );
}

/** Orders of the event, id, status and date, by id. */
export function ordersOf(k: StripeKit) {
  return k.kit.app.db
    .select({ id: orders.id, status: orders.status, dateId: orders.dateId })
    .from(orders)
    .where(eq(orders.eventId, k.eventId))
    .orderBy(asc(orders.id));
}

/** Delivers every refund event the Stripe stand-in recorded so far (it settles refunds a moment later). */
export async function settleRefunds(k: StripeKit) {
  await new Promise((resolve) => setTimeout(resolve, 150));
  for (const event of k.stripeServer.events.filter((e) => e.type.startsWith('refund.')))
    await k.deliver(event);
}
