import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventDates, orders, refunds } from '../../db/schema';
import { cardOrder, settleRefunds } from '../../test/date-cancellation';
import { firstDateOf } from '../../test/stock';
import { createStripeKit, type StripeKit } from '../../test/stripe-kit';

// Cancelling every future date of a rule at once (decision 050): each date is cancelled with
// REFUND by a job of its own; every paid order of those dates is refunded once and each of their
// attendees mailed once. A date cancelled before, and a date not of the rule, stay as they were.

let k: StripeKit;
let stripeAccount: string;

beforeAll(async () => {
  k = await createStripeKit({ price: 2000, quantity: 20 });
  stripeAccount = await k.connect();
});
afterAll(async () => {
  await k?.close();
});

const SUBJECT = 'The March Tuesdays are off';

describe('cancelling the future dates of a rule', () => {
  it('refunds every paid order of each date once and mails each attendee once', async () => {
    const { app } = k.kit;
    const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
      k.kit.as(k.owner.token, { method, url, payload });
    const made = await as('POST', `/api/events/${k.eventId}/dates/rule`, {
      frequency: 'WEEKLY',
      from: '2031-03-04',
      until: '2031-03-25',
      start_time: '20:00',
    });
    expect(made.statusCode, made.body).toBe(201);
    const ruled: { id: number; rule_id: number }[] = made.json().data;
    expect(ruled).toHaveLength(4);
    const ruleId = ruled[0]?.rule_id ?? 0;
    const [d1 = 0, d2 = 0, d3 = 0, d4 = 0] = ruled.map((d) => d.id);
    // The last one cancelled on its own before: the series leaves it.
    const alone = await as('POST', `/api/events/${k.eventId}/dates/${d4}/cancel`, {
      action: 'REFUND',
      notify: false,
      subject: 'Off',
    });
    expect(alone.statusCode, alone.body).toBe(202);

    const first = await firstDateOf(app.db, k.eventId);
    const outside = await cardOrder(k, { dateId: first, stripeAccount, email: 'outside@example.com' });
    const cards = [
      await cardOrder(k, { dateId: d1, stripeAccount, email: 'one@example.com' }),
      await cardOrder(k, { dateId: d2, stripeAccount, email: 'two@example.com' }),
      await cardOrder(k, { dateId: d3, stripeAccount, email: 'three@example.com' }),
    ];

    // A move is refused, and nothing is cancelled.
    const url = `/api/events/${k.eventId}/date-rules/${ruleId}/cancel`;
    const move = await as('POST', url, { action: 'MOVE', subject: SUBJECT });
    expect(move.statusCode, move.body).toBe(422);
    expect(move.json().errors).toEqual({
      action: ['The orders of several dates can only be refunded, not moved.'],
    });
    const statusOf = async (ids: number[]) =>
      (await app.db.select().from(eventDates).where(inArray(eventDates.id, ids)))
        .sort((a, b) => a.id - b.id)
        .map((d) => d.status);
    expect(await statusOf([d1, d2, d3])).toEqual(['ON_SALE', 'ON_SALE', 'ON_SALE']);

    const res = await as('POST', url, { subject: SUBJECT, message: 'The hall is being rebuilt.' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data.map((c: { date_id: number }) => c.date_id)).toEqual([d1, d2, d3]);
    expect(res.json().data[0]).toMatchObject({ action: 'REFUND', status: 'RUNNING', orders_total: 1 });
    expect(await statusOf([d1, d2, d3, first])).toEqual(['ON_SALE', 'CANCELLED', 'CANCELLED', 'CANCELLED']);
    // Nothing left of the rule ahead: a second call finds no date.
    expect((await as('POST', url, { subject: SUBJECT })).statusCode).toBe(404);

    await k.kit.deliverMail();
    await k.kit.deliverMail();
    await settleRefunds(k);
    await k.kit.deliverMail();
    for (const dateId of [d1, d2, d3]) {
      const shown = await as('GET', `/api/events/${k.eventId}/dates/${dateId}/cancellation`);
      expect(shown.json()).toMatchObject({ status: 'DONE', orders_done: 1, refunded: 1, failed: 0 });
    }

    // One refund per paid order, one at Stripe per payment; the order outside the rule untouched.
    const ids = cards.map((c) => c.id);
    const written = await app.db
      .select()
      .from(refunds)
      .where(inArray(refunds.orderId, [...ids, outside.id]));
    expect(written.map((r) => [r.orderId, r.status]).sort()).toEqual(
      ids.map((id) => [id, 'SUCCEEDED']).sort(),
    );
    const atStripe = [...k.stripeServer.refunds.values()];
    for (const card of cards)
      expect(atStripe.filter((r) => r.payment_intent === card.intentId)).toHaveLength(1);
    expect(atStripe.filter((r) => r.payment_intent === outside.intentId)).toHaveLength(0);
    const statuses = await app.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(inArray(orders.id, [...ids, outside.id]));
    expect(new Map(statuses.map((o) => [o.id, o.status]))).toEqual(
      new Map([...ids.map((id) => [id, 'CANCELLED'] as const), [outside.id, 'COMPLETED'] as const]),
    );

    const told = k.kit.smtp.mails.filter((m) => m.subject === SUBJECT);
    expect(told.flatMap((m) => m.to).sort()).toEqual(
      ['one', 'two', 'three'].flatMap((n) => [`${n}@example.com`, `friend.${n}@example.com`]).sort(),
    );
    expect(told.find((m) => m.to.includes('two@example.com'))?.text).toContain('The hall is being rebuilt.');
    const [firstDate] = await app.db.select().from(eventDates).where(eq(eventDates.id, first));
    expect(firstDate?.status).toBe('ON_SALE');
  });
});
