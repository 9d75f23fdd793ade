import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import { dateCancellations, orders, waitlistEntries } from '../../db/schema';
import { makeAccount, makeLiveEvent, makeOrder, type Owner } from '../../test/builders';
import { createIdentityKit, type IdentityKit } from '../../test/identity';
import { firstDateOf } from '../../test/stock';
import { runDateCancellation } from './job';

// Cancelling a date closes its waiting list (decision 050): each person waiting for it, or
// holding an offer of it, is told once, in their language, and is offered nothing more; the
// list of another date stays as it was. A run started again mails nobody twice.

let kit: IdentityKit;
let owner: Owner;

beforeAll(async () => {
  kit = await createIdentityKit({ ORDER_RATE_LIMIT_PER_MINUTE: '100000' });
  owner = await makeAccount(kit.app);
});
afterAll(async () => {
  await kit?.close();
});

const SUBJECT = 'Friday is off';

describe('cancelling a date with people on its waiting list', () => {
  it('closes its list, mails each person once, and leaves the other date’s list alone', async () => {
    const { app } = kit;
    const { event, tickets } = await makeLiveEvent(app, owner, {
      title: 'Cellar Jazz',
      settings: { waitlist_enabled: true },
      tickets: [{ title: 'Seat', type: 'FREE', quantity_available: 2 }],
    });
    const ticketId = tickets[0]?.id ?? 0;
    const dateA = await firstDateOf(app.db, event.id);
    const added = await kit.as(owner.token, {
      method: 'POST',
      url: `/api/events/${event.id}/dates`,
      payload: { starts_at: '2031-05-09T20:00:00Z' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const dateB: number = added.json().id;
    const line = (quantity: number) => [{ ticket_id: ticketId, quantity }];
    // Both dates sold out.
    const first = await makeOrder(app, { eventId: event.id, date_id: dateA, lines: line(1) });
    await makeOrder(app, { eventId: event.id, date_id: dateA, lines: line(1), email: 'holder@example.com' });
    await makeOrder(app, { eventId: event.id, date_id: dateB, lines: line(2) });
    const join = async (email: string, dateId: number, locale: string) => {
      const res = await app.inject({
        method: 'POST',
        url: `/api/public/events/${event.id}/waitlist`,
        payload: {
          ticket_id: ticketId,
          date_id: dateId,
          first_name: 'Wait',
          last_name: 'Ing',
          email,
          locale,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await join('ana@example.com', dateA, 'de');
    await join('bruno@example.com', dateA, 'en');
    await join('carla@example.com', dateB, 'en');
    const entryOf = async (email: string) =>
      (await app.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, email)))[0];
    // A seat of the first date frees up: Ana is offered it, and it is held for her.
    const [firstRow] = await app.db.select().from(orders).where(eq(orders.shortId, first.short_id));
    const freed = await kit.as(owner.token, {
      method: 'POST',
      url: `/api/events/${event.id}/orders/${firstRow?.id}/cancel`,
      payload: { notify_buyer: false },
    });
    expect(freed.statusCode, freed.body).toBe(200);
    expect((await entryOf('ana@example.com'))?.status).toBe('OFFERED');

    const cancelled = await kit.as(owner.token, {
      method: 'POST',
      url: `/api/events/${event.id}/dates/${dateA}/cancel`,
      payload: { action: 'REFUND', subject: SUBJECT, message: 'The band is stuck abroad.' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(202);
    await kit.deliverMail();
    await kit.deliverMail();

    expect((await entryOf('ana@example.com'))?.status).toBe('REMOVED');
    expect((await entryOf('bruno@example.com'))?.status).toBe('REMOVED');
    expect((await entryOf('carla@example.com'))?.status).toBe('WAITING');
    // Ana's held seat given back, to nobody.
    const [stock] = await queryRows<{ quantity_reserved: number }>(
      app.db,
      sql`select quantity_reserved from ticket_stock where date_id = ${dateA} and ticket_id = ${ticketId}`,
    );
    expect(stock?.quantity_reserved).toBe(0);
    const told = () => kit.smtp.mails.filter((m) => m.subject === SUBJECT);
    // The attendee of the date as before, and the two people who waited for it.
    expect(
      told()
        .flatMap((m) => m.to)
        .sort(),
    ).toEqual(['ana@example.com', 'bruno@example.com', 'holder@example.com']);
    const ana = told().find((m) => m.to.includes('ana@example.com'));
    expect(ana?.text).toContain('The band is stuck abroad.');
    expect(ana?.text).toContain('Die Warteliste ist geschlossen');
    const bruno = told().find((m) => m.to.includes('bruno@example.com'));
    expect(bruno?.text).toContain('The list is closed');

    // No more offers: the organizer cannot offer Bruno a seat of the cancelled date.
    const offer = await kit.as(owner.token, {
      method: 'POST',
      url: `/api/events/${event.id}/waitlist/${(await entryOf('bruno@example.com'))?.id}/offer`,
    });
    expect(offer.statusCode, offer.body).toBe(409);

    // The job run again from the start (as after a crash) tells nobody twice.
    const [row] = await app.db.select().from(dateCancellations).where(eq(dateCancellations.dateId, dateA));
    await app.db
      .update(dateCancellations)
      .set({ status: 'RUNNING' })
      .where(eq(dateCancellations.id, row?.id ?? 0));
    await runDateCancellation(app.db, row?.id ?? 0, { stripe: null, appUrl: app.config.appUrl });
    await kit.deliverMail();
    expect(told()).toHaveLength(3);
  });
});
