import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeLiveEvent, makeOrder, type Owner } from '../../test/builders';
import { addDate, firstDateOf } from '../../test/stock';

// What a ticket is on one date of an event (issue 36): a quantity, a price and a sale window of
// the date's own, used by the public page and by checkout; the rest follows the ticket.

let t: TestApp;
let owner: Owner;
let eventId: number;
let ticketId: number;
let first: number;
let second: number;

const as = (method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/events/${eventId}${url}`,
    headers: { authorization: `Bearer ${owner.token}` },
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
  const { event, tickets } = await makeLiveEvent(t.app, owner, {
    title: 'Tour',
    start_date: '2031-04-01T19:00:00Z',
    settings: { offline_payments_enabled: true },
    tickets: [
      { title: 'Seat', type: 'PAID', price: 2000, quantity_available: 10, show_quantity_remaining: true },
    ],
  });
  eventId = event.id;
  ticketId = tickets[0]?.id ?? 0;
  first = await firstDateOf(t.app.db, eventId);
  second = await addDate(t.app, owner, { eventId, starts_at: '2031-04-08T19:00:00Z' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('a ticket on one date', () => {
  it('sells its own quantity at its own price there, and the ticket’s elsewhere', async () => {
    const set = await as('PUT', `/dates/${second}/tickets/${ticketId}`, {
      quantity_available: 3,
      price: 1500,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      own_quantity: true,
      quantity_available: 3,
      price: 1500,
      quantity_sold: 0,
    });
    const listed = (await as('GET', `/dates/${first}/tickets`)).json().data;
    expect(listed).toEqual([
      expect.objectContaining({
        ticket_id: ticketId,
        own_quantity: false,
        quantity_available: 10,
        price: null,
      }),
    ]);

    const shown = (date: number) =>
      t.app.inject({ method: 'GET', url: `/api/public/events/${eventId}/tickets?date_id=${date}` });
    const [onSecond] = (await shown(second)).json().data;
    expect(onSecond).toMatchObject({ quantity_remaining: 3, prices: [{ price: 1500 }] });
    const [onFirst] = (await shown(first)).json().data;
    expect(onFirst).toMatchObject({ quantity_remaining: 10, prices: [{ price: 2000 }] });

    const order = (date: number, quantity: number) =>
      makeOrder(t.app, {
        eventId,
        date_id: date,
        lines: [{ ticket_id: ticketId, quantity }],
        until: 'reserved',
      });
    await expect(order(second, 4)).rejects.toMatchObject({ code: 'NOT_ENOUGH_AVAILABLE' });
    expect((await order(second, 3)).totals.total).toBe(4500);
    expect((await order(first, 1)).totals.total).toBe(2000);
  });

  it('follows the ticket’s quantity where the date sets none, and refuses a quantity below what it took', async () => {
    const raised = await t.app.inject({
      method: 'GET',
      url: `/api/events/${eventId}/tickets/${ticketId}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const ticket = raised.json();
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${eventId}/tickets/${ticketId}`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: {
        title: ticket.title,
        type: ticket.type,
        price: ticket.price,
        quantity_available: 12,
        show_quantity_remaining: true,
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const seats = async (date: number) => (await as('GET', `/dates/${date}/tickets`)).json().data[0];
    expect(await seats(first)).toMatchObject({ quantity_available: 12 });
    expect(await seats(second)).toMatchObject({ quantity_available: 3, quantity_reserved: 3 });

    const below = await as('PUT', `/dates/${second}/tickets/${ticketId}`, { quantity_available: 2 });
    expect(below.statusCode).toBe(422);
    expect(below.json().errors).toEqual({
      quantity_available: ['The quantity cannot be lower than what is already sold or reserved.'],
    });
    // Left out: the date follows the ticket again.
    const back = await as('PUT', `/dates/${second}/tickets/${ticketId}`, {});
    expect(back.json()).toMatchObject({ own_quantity: false, quantity_available: 12, price: null });
  });

  it('takes prices in the event’s currency only, and no end before its start', async () => {
    const other = await as('PUT', `/dates/${second}/tickets/${ticketId}`, { price: 900, currency: 'USD' });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toEqual({ currency: ['Prices of a date are in the event’s currency.'] });
    const backwards = await as('PUT', `/dates/${second}/tickets/${ticketId}`, {
      sale_start_date: '2031-03-10T10:00:00Z',
      sale_end_date: '2031-03-01T10:00:00Z',
    });
    expect(backwards.statusCode).toBe(422);
    expect(Object.keys(backwards.json().errors)).toEqual(['sale_end_date']);
    const [row] = (await as('GET', `/dates/${second}/tickets`)).json().data;
    expect(row).toMatchObject({ price: null, sale_end_date: null });
  });
});
