import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendees, refunds } from '../../db/schema';
import { ordersOf, settleRefunds, stockOf, type TwoDates, twoDates } from '../../test/date-cancellation';
import { createStripeKit, type StripeKit } from '../../test/stripe-kit';

// Cancelling a date with MOVE: orders and attendees go to the other date with their seats,
// tickets stay valid (their link in the mail); an order the other date has no room for is
// refunded (or, unpaid, cancelled) instead and counted as failed.

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

describe('cancelling a date, everyone moved', () => {
  it('moves orders, attendees and seats; refunds what does not fit', async () => {
    // Room for four seats of the paid ticket on the other date: two are sold, the card order's two fit.
    await k.kit.app.db.execute(
      sql`update ticket_stock set quantity = 4, own_quantity = true
          where date_id = ${world.dateB} and ticket_id = ${k.ticketId}`,
    );
    const res = await cancel(world.dateA, {
      action: 'MOVE',
      move_to_date_id: world.dateB,
      subject: 'New night for the show',
      message: 'See you a week later.',
    });
    expect(res.statusCode, res.body).toBe(202);
    await k.kit.deliverMail();
    await k.kit.deliverMail();
    const shown = await k.kit.as(k.owner.token, {
      method: 'GET',
      url: `/api/events/${k.eventId}/dates/${world.dateA}/cancellation`,
    });
    expect(shown.json()).toMatchObject({ status: 'DONE', orders_done: 5, moved: 2, failed: 2, refunded: 1 });

    const byId = new Map((await ordersOf(k)).map((o) => [o.id, o]));
    expect(byId.get(world.onA.card)).toMatchObject({ status: 'COMPLETED', dateId: world.dateB });
    expect(byId.get(world.onA.free)).toMatchObject({ status: 'COMPLETED', dateId: world.dateB });
    // No room left: the offline payment given back, the unpaid order cancelled.
    expect(byId.get(world.onA.offline)).toMatchObject({ status: 'CANCELLED', dateId: world.dateA });
    expect(byId.get(world.onA.awaiting)).toMatchObject({ status: 'CANCELLED', dateId: world.dateA });
    expect(byId.get(world.onA.reserved)).toMatchObject({ status: 'EXPIRED' });
    const offlineRefunds = await k.kit.app.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, world.onA.offline));
    expect(offlineRefunds).toHaveLength(1);
    expect(k.stripeServer.refunds.size).toBe(0);

    const moved = await k.kit.app.db.select().from(attendees).where(eq(attendees.orderId, world.onA.card));
    expect(moved.map((a) => [a.dateId, a.status])).toEqual([
      [world.dateB, 'ACTIVE'],
      [world.dateB, 'ACTIVE'],
    ]);
    for (const row of await stockOf(k, world.dateA)) {
      expect(row.quantity_sold).toBe(0);
      expect(row.quantity_reserved).toBe(0);
    }
    const stockB = new Map((await stockOf(k, world.dateB)).map((r) => [Number(r.ticket_id), r]));
    expect(stockB.get(k.ticketId)).toMatchObject({ quantity_sold: 4, quantity_reserved: 0 });
    expect(stockB.get(world.freeTicketId)).toMatchObject({ quantity_sold: 2, quantity_reserved: 0 });

    const told = k.kit.smtp.mails.filter((m) => m.subject === 'New night for the show');
    expect(told.flatMap((m) => m.to).sort()).toEqual([...world.emailsOnA].sort());
    const friend = told.find((m) => m.to.includes('friend.card.a@example.com'));
    expect(friend?.text).toContain('Your ticket has been moved to');
    expect(friend?.text).toContain('2031');
    const ticket = moved.find((a) => a.email === 'friend.card.a@example.com');
    expect(friend?.links).toContain(`${k.kit.app.config.appUrl}/ticket/${k.eventId}/${ticket?.shortId}`);
    const cash = told.find((m) => m.to.includes('cash.a@example.com'));
    expect(cash?.text).toContain('is being refunded');
  });

  it('refuses a move to a cancelled date', async () => {
    const res = await cancel(world.dateB, {
      action: 'MOVE',
      move_to_date_id: world.dateA,
      subject: 'Again',
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ move_to_date_id: ['This date is not on sale. Choose another one.'] });
  });

  it('counts refunds Stripe refuses as failed, their orders REFUND_FAILED', async () => {
    k.stripeServer.failRefunds = true;
    const res = await cancel(world.dateB, { action: 'REFUND', subject: 'Second night off', notify: false });
    expect(res.statusCode, res.body).toBe(202);
    await k.kit.deliverMail();
    await settleRefunds(k);
    const shown = await k.kit.as(k.owner.token, {
      method: 'GET',
      url: `/api/events/${k.eventId}/dates/${world.dateB}/cancellation`,
    });
    // The two card orders (one moved here), the two free ones (one moved here).
    expect(shown.json()).toMatchObject({ status: 'DONE', orders_done: 4, refunded: 0, failed: 2 });
    const byId = new Map((await ordersOf(k)).map((o) => [o.id, o.status]));
    expect(byId.get(world.onA.card)).toBe('REFUND_FAILED');
    expect(byId.get(world.onB.card)).toBe('REFUND_FAILED');
    expect(byId.get(world.onB.free)).toBe('CANCELLED');
    expect(k.kit.smtp.mails.filter((m) => m.subject === 'Second night off')).toEqual([]);
  });
});
