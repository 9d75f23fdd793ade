import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendees, orders, tickets, users } from '../../db/schema';
import { createIdentityKit, type IdentityKit } from '../../test/identity';

let kit: IdentityKit;
beforeAll(async () => {
  kit = await createIdentityKit();
});
afterAll(async () => {
  await kit?.close();
});

describe('event stats', () => {
  it('count public page views, written in batches, per day', async () => {
    const owner = await kit.register();
    await kit.app.db.update(users).set({ emailConfirmedAt: sql`now()` }).where(eq(users.id, owner.userId));
    const org = (
      await kit.as(owner.token, { method: 'POST', url: '/api/organizers', payload: { name: 'Org' } })
    ).json();
    const event = (
      await kit.as(owner.token, {
        method: 'POST',
        url: '/api/events',
        payload: { title: 'Watched', organizer_id: org.id, start_date: '2031-03-01T20:00:00Z' },
      })
    ).json();
    await kit.as(owner.token, {
      method: 'PUT',
      url: `/api/events/${event.id}/status`,
      payload: { status: 'LIVE' },
    });

    for (let i = 0; i < 3; i++)
      await kit.app.inject({ method: 'GET', url: `/api/public/events/${event.id}` });
    // Nothing is written per view...
    const before = await kit.as(owner.token, { method: 'GET', url: `/api/events/${event.id}/stats` });
    expect(before.json()).toMatchObject({ page_views: 0, tickets_sold: 0, tickets_reserved: 0 });
    // ...until the counter is flushed; two flushes add up.
    expect(await kit.app.pageViews.flush(kit.app.db)).toBe(3);
    await kit.app.inject({ method: 'GET', url: `/api/public/events/${event.id}` });
    await kit.app.pageViews.flush(kit.app.db);

    const stats = (await kit.as(owner.token, { method: 'GET', url: `/api/events/${event.id}/stats` })).json();
    expect(stats.page_views).toBe(4);
    expect(stats.daily).toHaveLength(14);
    expect(stats.daily.at(-1)).toEqual({
      date: new Date().toISOString().slice(0, 10),
      page_views: 4,
      orders: 0,
      gross_sales: 0,
    });
    expect(stats.daily.slice(0, -1).every((d: { page_views: number }) => d.page_views === 0)).toBe(true);

    // Tickets sold and reserved add up over the event's tickets.
    for (const [sold, reserved] of [
      [5, 1],
      [2, 0],
    ]) {
      const ticket = (
        await kit.as(owner.token, {
          method: 'POST',
          url: `/api/events/${event.id}/tickets`,
          payload: { title: `T${sold}`, type: 'FREE' },
        })
      ).json();
      await kit.app.db
        .update(tickets)
        .set({ quantitySold: sold, quantityReserved: reserved })
        .where(eq(tickets.id, ticket.id));
    }
    const withSales = (
      await kit.as(owner.token, { method: 'GET', url: `/api/events/${event.id}/stats` })
    ).json();
    expect(withSales).toMatchObject({ tickets_sold: 7, tickets_reserved: 1 });

    const other = await kit.register();
    expect(
      (await kit.as(other.token, { method: 'GET', url: `/api/events/${event.id}/stats` })).statusCode,
    ).toBe(404);
  });

  it('add up the money, orders and attendees of paid orders, per day', async () => {
    const owner = await kit.register();
    await kit.app.db.update(users).set({ emailConfirmedAt: sql`now()` }).where(eq(users.id, owner.userId));
    const event = await kit.createEvent(owner.token, { title: 'Sold', start_date: '2031-03-01T20:00:00Z' });
    const as = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
      kit.as(owner.token, { method, url: `/api/events/${event.id}${url}`, ...(payload ? { payload } : {}) });
    const tax = (
      await kit.as(owner.token, {
        method: 'POST',
        url: '/api/taxes-and-fees',
        payload: { name: 'VAT', type: 'TAX', calculation_type: 'PERCENTAGE', rate: '20' },
      })
    ).json();
    const paid = (
      await as('POST', '/tickets', { title: 'Paid', type: 'PAID', price: 1000, tax_and_fee_ids: [tax.id] })
    ).json();
    await as('PUT', '', {
      title: event.title,
      organizer_id: event.organizer_id,
      start_date: event.start_date,
      settings: { offline_payments_enabled: true },
    });
    await as('PUT', '/status', { status: 'LIVE' });

    const buy = async (quantity: number) => {
      const base = `/api/public/events/${event.id}/orders`;
      const order = (
        await kit.app.inject({
          method: 'POST',
          url: base,
          payload: { tickets: [{ ticket_id: paid.id, quantity }] },
        })
      ).json();
      const person = { first_name: 'Ana', last_name: 'Lima', email: 'ana@example.com' };
      await kit.app.inject({
        method: 'PUT',
        url: `${base}/${order.short_id}`,
        payload: {
          ...person,
          attendees: Array.from({ length: quantity }, () => ({ ...person, ticket_id: paid.id })),
        },
      });
      await kit.app.inject({
        method: 'POST',
        url: `${base}/${order.short_id}/complete`,
        payload: { payment_provider: 'OFFLINE' },
      });
      return order.short_id as string;
    };
    const settled = await buy(2);
    await buy(1);
    // Marking an offline order paid is the organizer's (a later screen): done here by hand.
    await kit.app.db
      .update(orders)
      .set({ status: 'COMPLETED', completedAt: new Date() })
      .where(eq(orders.shortId, settled));
    const [row] = await kit.app.db.select({ id: orders.id }).from(orders).where(eq(orders.shortId, settled));
    await kit.app.db
      .update(attendees)
      .set({ status: 'ACTIVE' })
      .where(eq(attendees.orderId, row?.id ?? 0));

    const stats = (await as('GET', '/stats')).json();
    expect(stats).toMatchObject({
      currency: 'EUR',
      gross_sales: 2400,
      taxes: 400,
      fees: 0,
      net_sales: 2000,
      orders: 1,
      orders_awaiting_payment: 1,
      attendees: 2,
    });
    expect(stats.daily.at(-1)).toMatchObject({ orders: 1, gross_sales: 2400 });
  });
});
