import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendees, dateCancellationOrders, eventDates, refunds, webhookDeliveries } from '../../db/schema';
import { ordersOf, settleRefunds, stockOf, type TwoDates, twoDates } from '../../test/date-cancellation';
import { createStripeKit, type StripeKit } from '../../test/stripe-kit';

// Cancelling a date with REFUND: every paid order of the date refunded once and cancelled, the
// rest cancelled or expired, seats back, each attendee told once; the other date untouched.

let k: StripeKit;
let world: TwoDates & { intents: string[] };

beforeAll(async () => {
  k = await createStripeKit({ price: 2000, quantity: 20 });
  const stripeAccount = await k.connect();
  world = await twoDates(k, stripeAccount);
});
afterAll(async () => {
  await k?.close();
});

const cancel = (dateId: number, payload: object) =>
  k.kit.as(k.owner.token, {
    method: 'POST',
    url: `/api/events/${k.eventId}/dates/${dateId}/cancel`,
    payload,
  });
const progress = (dateId: number) =>
  k.kit.as(k.owner.token, { method: 'GET', url: `/api/events/${k.eventId}/dates/${dateId}/cancellation` });

describe('cancelling a date, everyone refunded', () => {
  it('refuses a move without a good target, writing nothing', async () => {
    const other = await k.kit.createEvent(k.owner.token);
    const [otherDate] = await k.kit.app.db.select().from(eventDates).where(eq(eventDates.eventId, other.id));
    const base = { action: 'MOVE', subject: 'Moved', message: 'Sorry' };
    for (const [body, message] of [
      [base, 'Choose the date the orders move to.'],
      [{ ...base, move_to_date_id: world.dateA }, 'Choose another date than the one you cancel.'],
      [{ ...base, move_to_date_id: otherDate?.id }, 'This date is not one of the event’s.'],
    ] as const) {
      const res = await cancel(world.dateA, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({ move_to_date_id: [message] });
    }
    const [date] = await k.kit.app.db.select().from(eventDates).where(eq(eventDates.id, world.dateA));
    expect(date?.status).toBe('ON_SALE');
    expect((await progress(world.dateA)).statusCode).toBe(404);
  });

  it('refunds, cancels and expires the orders of the date, mails each attendee once', async () => {
    const hook = await k.kit.as(k.owner.token, {
      method: 'POST',
      url: '/api/webhooks',
      payload: { url: 'https://hooks.example.com/dates', event_types: ['date.cancelled'] },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const stockB = await stockOf(k, world.dateB);
    const before = await ordersOf(k);
    const res = await cancel(world.dateA, {
      action: 'REFUND',
      subject: 'The 1 February show is off',
      message: 'Our singer is ill.\n\nWe hope to see you another night.',
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({
      status: 'RUNNING',
      orders_total: 5,
      orders_done: 0,
      action: 'REFUND',
    });
    const again = await cancel(world.dateA, { action: 'REFUND', subject: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'DATE_ALREADY_CANCELLED' });
    // Nothing more is sold of it.
    const buy = await k.kit.app.inject({
      method: 'POST',
      url: `/api/public/events/${k.eventId}/orders`,
      payload: { date_id: world.dateA, tickets: [{ ticket_id: k.ticketId, quantity: 1 }] },
    });
    expect(buy.statusCode).toBe(422);

    await k.kit.deliverMail();
    await k.kit.deliverMail();
    await settleRefunds(k);
    expect((await progress(world.dateA)).json()).toMatchObject({
      status: 'DONE',
      orders_total: 5,
      orders_done: 5,
      refunded: 2,
      moved: 0,
      failed: 0,
    });

    const statuses = new Map((await ordersOf(k)).map((o) => [o.id, o.status]));
    expect(statuses.get(world.onA.card)).toBe('CANCELLED');
    expect(statuses.get(world.onA.offline)).toBe('CANCELLED');
    expect(statuses.get(world.onA.free)).toBe('CANCELLED');
    expect(statuses.get(world.onA.awaiting)).toBe('CANCELLED');
    expect(statuses.get(world.onA.reserved)).toBe('EXPIRED');
    // The other date's orders as they were.
    for (const id of Object.values(world.onB))
      expect(statuses.get(id)).toBe(before.find((o) => o.id === id)?.status);
    expect(await stockOf(k, world.dateB)).toEqual(stockB);
    for (const row of await stockOf(k, world.dateA)) {
      expect(row.quantity_sold).toBe(0);
      expect(row.quantity_reserved).toBe(0);
    }

    // One refund per paid order, and one at Stripe for the card.
    const rows = await k.kit.app.db
      .select()
      .from(refunds)
      .where(inArray(refunds.orderId, [world.onA.card, world.onA.offline, ...Object.values(world.onB)]));
    expect(rows.map((r) => [r.orderId, r.method, r.status]).sort()).toEqual(
      [
        [world.onA.card, 'STRIPE', 'SUCCEEDED'],
        [world.onA.offline, 'OFFLINE', 'SUCCEEDED'],
      ].sort(),
    );
    const atStripe = [...k.stripeServer.refunds.values()];
    expect(atStripe.filter((r) => r.payment_intent === world.intents[0])).toHaveLength(1);
    expect(atStripe.filter((r) => r.payment_intent === world.intents[1])).toHaveLength(0);
    expect(await k.kit.app.db.select().from(dateCancellationOrders)).toHaveLength(5);
    const voided = await k.kit.app.db
      .select({ status: attendees.status })
      .from(attendees)
      .where(eq(attendees.dateId, world.dateA));
    expect(voided.every((a) => a.status === 'CANCELLED')).toBe(true);

    // Each attendee of the date once; nobody of the other date; no refund mail of its own.
    const told = k.kit.smtp.mails.filter((m) => m.subject === 'The 1 February show is off');
    expect(told.flatMap((m) => m.to).sort()).toEqual([...world.emailsOnA].sort());
    const buyer = told.find((m) => m.to.includes('card.a@example.com'));
    expect(buyer?.text).toContain('Our singer is ill.');
    expect(buyer?.text).toContain('€40.00 is being refunded');
    expect(k.kit.smtp.mails.filter((m) => m.subject.startsWith('Refund'))).toEqual([]);

    const [delivery] = await k.kit.app.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.type, 'date.cancelled'));
    expect(delivery?.body.data).toMatchObject({ id: world.dateA, status: 'CANCELLED', action: 'REFUND' });
  });
});
