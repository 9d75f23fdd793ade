import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import {
  makeAccount,
  makeEvent,
  makeLiveEvent,
  makeOrder,
  makeTicket,
  type Owner,
  setEventStatus,
} from '../../test/builders';

// The event cards of the lists show each event's sales, counted as its dashboard counts them.

let t: TestApp;
let owner: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = owner.token) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

type Listed = { id: number; sales: { tickets_sold: number; gross_sales: number } };

describe('sales on the event lists', () => {
  it('match the dashboard: tickets sold, and the gross of paid orders only', async () => {
    // An event with paid tickets: two orders paid offline and marked paid, one still owing.
    const draft = await makeEvent(t.app, owner, {
      title: 'Fado night',
      start_date: '2031-03-01T20:00:00Z',
      settings: { offline_payments_enabled: true, offline_payment_instructions: 'Pay at the door.' },
    });
    const paid = await makeTicket(t.app, owner, {
      eventId: draft.id,
      title: 'Seat',
      type: 'PAID',
      price: 2500,
      tax_and_fee_ids: [],
    });
    await setEventStatus(t.app, owner, { id: draft.id, status: 'LIVE' });
    const markPaid = async (quantity: number) => {
      const order = await makeOrder(t.app, {
        eventId: draft.id,
        lines: [{ ticket_id: paid.id, quantity }],
        until: 'offline',
      });
      const [row] = await t.app.db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.shortId, order.short_id));
      const marked = await t.app.inject({
        method: 'POST',
        url: `/api/events/${draft.id}/orders/${row?.id}/mark-paid`,
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(marked.statusCode, marked.body).toBe(200);
    };
    await markPaid(2);
    await markPaid(1);
    await makeOrder(t.app, {
      eventId: draft.id,
      lines: [{ ticket_id: paid.id, quantity: 4 }],
      until: 'offline',
    });
    // A free event with three tickets taken, and one with nothing sold at all.
    const { event: free, tickets } = await makeLiveEvent(t.app, owner, {
      title: 'Open rehearsal',
      start_date: '2031-03-02T20:00:00Z',
    });
    await makeOrder(t.app, { eventId: free.id, lines: [{ ticket_id: tickets[0]?.id ?? 0, quantity: 3 }] });
    const quiet = await makeEvent(t.app, owner, { title: 'Quiet night', start_date: '2031-03-03T20:00:00Z' });

    const list = await get('/api/events?filter_fields[state][eq]=upcoming&per_page=100');
    expect(list.statusCode, list.body).toBe(200);
    const byId = new Map((list.json().data as Listed[]).map((e) => [e.id, e.sales]));
    expect(byId.get(draft.id)).toEqual({ tickets_sold: 3, gross_sales: 7500 });
    expect(byId.get(free.id)).toEqual({ tickets_sold: 3, gross_sales: 0 });
    expect(byId.get(quiet.id)).toEqual({ tickets_sold: 0, gross_sales: 0 });
    // The dashboard's own figures for the same events.
    for (const id of [draft.id, free.id, quiet.id]) {
      const stats = (await get(`/api/events/${id}/stats`)).json();
      expect(byId.get(id)).toEqual({ tickets_sold: stats.tickets_sold, gross_sales: stats.gross_sales });
    }
    // The organizer's own list says the same.
    const ofOrganizer = await get(
      `/api/organizers/${draft.organizerId}/events?filter_fields[state][eq]=upcoming&per_page=100`,
    );
    expect(ofOrganizer.statusCode, ofOrganizer.body).toBe(200);
    const listed = (ofOrganizer.json().data as Listed[]).find((e) => e.id === draft.id);
    expect(listed?.sales).toEqual({ tickets_sold: 3, gross_sales: 7500 });
  });

  it('count only the caller’s events', async () => {
    const stranger = await makeAccount(t.app);
    const list = await get('/api/events?filter_fields[state][eq]=upcoming', stranger.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([]);
  });
});
