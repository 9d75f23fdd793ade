import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import {
  makeAccount,
  makeEvent,
  makeLiveEvent,
  makeOrder,
  makeTaxOrFee,
  makeTicket,
  setEventStatus,
} from '../../test/builders';
import { setTicketCounts } from '../../test/stock';
import { markOrderPaid } from '../orders/admin-actions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const as = (token: string, method: 'GET', url: string) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });

describe('event stats', () => {
  it('count public page views, written in batches, per day', async () => {
    const owner = await makeAccount(t.app);
    const event = await makeEvent(t.app, owner, { title: 'Watched', start_date: '2031-03-01T20:00:00Z' });
    await setEventStatus(t.app, owner, { id: event.id });

    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: `/api/public/events/${event.id}` });
    // Nothing is written per view...
    const before = await as(owner.token, 'GET', `/api/events/${event.id}/stats`);
    expect(before.json()).toMatchObject({ page_views: 0, tickets_sold: 0, tickets_reserved: 0 });
    // ...until the counter is flushed; two flushes add up.
    expect(await t.app.pageViews.flush(t.app.db)).toBe(3);
    await t.app.inject({ method: 'GET', url: `/api/public/events/${event.id}` });
    await t.app.pageViews.flush(t.app.db);

    const stats = (await as(owner.token, 'GET', `/api/events/${event.id}/stats`)).json();
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
      const ticket = await makeTicket(t.app, owner, { eventId: event.id, title: `T${sold}` });
      await setTicketCounts(t.app.db, ticket.id, { quantitySold: sold, quantityReserved: reserved });
    }
    const withSales = (await as(owner.token, 'GET', `/api/events/${event.id}/stats`)).json();
    expect(withSales).toMatchObject({ tickets_sold: 7, tickets_reserved: 1 });

    const other = await makeAccount(t.app);
    expect((await as(other.token, 'GET', `/api/events/${event.id}/stats`)).statusCode).toBe(404);
  });

  it('add up the money, orders and attendees of paid orders, per day', async () => {
    const owner = await makeAccount(t.app);
    const tax = await makeTaxOrFee(t.app, owner, {
      name: 'VAT',
      type: 'TAX',
      calculation_type: 'PERCENTAGE',
      rate: '20',
    });
    const { event, tickets: made } = await makeLiveEvent(t.app, owner, {
      title: 'Sold',
      start_date: '2031-03-01T20:00:00Z',
      settings: { offline_payments_enabled: true, offline_payment_instructions: 'Pay at the door.' },
      tickets: [{ title: 'Paid', type: 'PAID', price: 1000, tax_and_fee_ids: [tax.id] }],
    });
    const paid = made[0];
    if (!paid) throw new Error('ticket missing');
    const buy = (quantity: number) =>
      makeOrder(t.app, {
        eventId: event.id,
        lines: [{ ticket_id: paid.id, quantity }],
        buyer: 'Ana',
        until: 'offline',
      });
    const settled = await buy(2);
    await buy(1);
    // The organizer marks the first offline order paid.
    const [row] = await t.app.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.shortId, settled.short_id));
    await markOrderPaid({
      db: t.app.db,
      auth: owner.auth,
      eventId: event.id,
      orderId: row?.id ?? 0,
      links: { appUrl: t.app.config.appUrl },
    });

    const stats = (await as(owner.token, 'GET', `/api/events/${event.id}/stats`)).json();
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
  it('count products apart from tickets, and sales per item', async () => {
    const owner = await makeAccount(t.app);
    const { event, tickets: made } = await makeLiveEvent(t.app, owner, {
      title: 'With merchandise',
      settings: { offline_payments_enabled: true },
      tickets: [
        { title: 'Entry', type: 'PAID', price: 1000, tax_and_fee_ids: [] },
        {
          title: 'Scarf',
          kind: 'PRODUCT',
          type: 'TIERED',
          prices: [
            { label: 'Red', price: 1500 },
            { label: 'Blue', price: 1500 },
          ],
          tax_and_fee_ids: [],
        },
        { title: 'Poster', kind: 'PRODUCT', type: 'PAID', price: 500, tax_and_fee_ids: [] },
      ],
    });
    const [entry, scarf] = made;
    const red = scarf?.prices.find((p) => p.label === 'Red')?.id;
    const order = await makeOrder(t.app, {
      eventId: event.id,
      lines: [
        { ticket_id: entry?.id ?? 0, quantity: 2 },
        { ticket_id: scarf?.id ?? 0, price_id: red, quantity: 3, product: true },
      ],
      until: 'offline',
    });
    const [row] = await t.app.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.shortId, order.short_id));
    await markOrderPaid({
      db: t.app.db,
      auth: owner.auth,
      eventId: event.id,
      orderId: row?.id ?? 0,
      links: { appUrl: t.app.config.appUrl },
    });
    const stats = (await as(owner.token, 'GET', `/api/events/${event.id}/stats`)).json();
    expect(stats).toMatchObject({ tickets_sold: 2, gross_sales: 6500 });
    expect(stats.sales_by_item).toEqual([
      { ticket_id: entry?.id, title: 'Entry', kind: 'TICKET', sold: 2, gross_sales: 2000 },
      { ticket_id: scarf?.id, title: 'Scarf', kind: 'PRODUCT', sold: 3, gross_sales: 4500 },
      { ticket_id: made[2]?.id, title: 'Poster', kind: 'PRODUCT', sold: 0, gross_sales: 0 },
    ]);
  });
});
