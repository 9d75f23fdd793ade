import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDetailResponse, AdminOrderResponse } from '../../../common/admin-orders';
import type { EventStatsResponse } from '../../../common/events';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeLiveEvent, type Owner } from '../../test/builders';
import { buyOn, makeTwoDateEvent, type TwoDates } from '../../test/event-dates';

// The organizer's orders and dashboard of an event that happens twice (issue 36): each order
// shows its date, `?date_id=` narrows the list, its export and the figures to one date, and a
// date of another event is a field error in the caller's language.

let t: TestApp;
let owner: Owner;
let ev: TwoDates;
let otherDate: number;

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${owner.token}`, ...headers } });

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
  ev = await makeTwoDateEvent(t.app, owner, [
    { title: 'Seat', type: 'FREE' },
    { title: 'Box', type: 'PAID', price: 4000 },
  ]);
  const [seat = 0, box = 0] = ev.ticketIds;
  await buyOn(t.app, { eventId: ev.eventId, dateId: ev.first, ticketId: seat, names: ['Ana', 'Bea'] });
  await buyOn(t.app, { eventId: ev.eventId, dateId: ev.second, ticketId: seat, names: ['Caio'] });
  const offline = await buyOn(t.app, {
    eventId: ev.eventId,
    dateId: ev.second,
    ticketId: box,
    names: ['Dora'],
    offline: true,
  });
  // Dora's box is paid at the door: the second date's sales are 40.00.
  const list = await get(`/api/events/${ev.eventId}/orders?query=${offline.reference}`);
  const [dora] = list.json<{ data: AdminOrderResponse[] }>().data;
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/events/${ev.eventId}/orders/${dora?.id}/mark-paid`,
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const other = await makeLiveEvent(t.app, owner, { title: 'Elsewhere' });
  const dates = await get(`/api/events/${other.event.id}/dates`);
  otherDate = dates.json<{ data: { id: number }[] }>().data[0]?.id ?? 0;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const buyersOf = (orders: AdminOrderResponse[]) => orders.map((o) => o.first_name).sort();

describe('orders by date', () => {
  it('shows each order with its date, and narrows the list to one date', async () => {
    const all = await get(`/api/events/${ev.eventId}/orders`);
    expect(all.statusCode, all.body).toBe(200);
    const orders = all.json<{ data: AdminOrderResponse[] }>().data;
    expect(buyersOf(orders)).toEqual(['Ana', 'Caio', 'Dora']);
    const ana = orders.find((o) => o.first_name === 'Ana');
    expect(ana).toMatchObject({
      date_id: ev.first,
      date: { id: ev.first, starts_at: '2031-01-01T20:00:00.000Z', label: null },
    });
    expect(orders.find((o) => o.first_name === 'Caio')?.date).toMatchObject({
      id: ev.second,
      starts_at: '2031-01-08T20:00:00.000Z',
      label: 'Second night',
    });

    const first = await get(`/api/events/${ev.eventId}/orders?date_id=${ev.first}`);
    expect(buyersOf(first.json<{ data: AdminOrderResponse[] }>().data)).toEqual(['Ana']);
    const second = await get(`/api/events/${ev.eventId}/orders?date_id=${ev.second}&query=caio`);
    const page = second.json<{ data: AdminOrderResponse[]; meta: { total: number } }>();
    expect(buyersOf(page.data)).toEqual(['Caio']);
    expect(page.meta.total).toBe(1);
  });

  it('shows the date in the single order view', async () => {
    const list = await get(`/api/events/${ev.eventId}/orders?date_id=${ev.second}&query=dora`);
    const [dora] = list.json<{ data: AdminOrderResponse[] }>().data;
    const one = await get(`/api/events/${ev.eventId}/orders/${dora?.id}`);
    expect(one.json<AdminOrderDetailResponse>()).toMatchObject({
      date_id: ev.second,
      date: { id: ev.second, label: 'Second night' },
    });
  });

  it('refuses a date of another event on the date field, in the caller’s language', async () => {
    for (const url of [
      `/api/events/${ev.eventId}/orders?date_id=${otherDate}`,
      `/api/events/${ev.eventId}/orders/export?format=csv&date_id=${otherDate}`,
      `/api/events/${ev.eventId}/stats?date_id=${otherDate}`,
    ]) {
      const res = await get(url, { 'accept-language': 'de' });
      expect(res.statusCode, url).toBe(422);
      const fields = res.json<{ errors: Record<string, string[]> }>().errors;
      expect(fields.date_id?.[0], url).toBeTruthy();
      expect(fields.date_id?.[0], url).not.toBe('This date is not one of the event’s.');
    }
    const malformed = await get(`/api/events/${ev.eventId}/orders?date_id=abc`);
    expect(malformed.statusCode).toBe(422);
  });

  it('exports the orders of one date, with a Date column in the event’s time zone', async () => {
    const res = await get(`/api/events/${ev.eventId}/orders/export?format=csv&date_id=${ev.second}`);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]).toMatch(/^Order reference,Order status,Date,First name,/);
    expect(lines).toHaveLength(3);
    // 20:00 UTC is 21:00 in Berlin in January.
    for (const line of lines.slice(1)) expect(line).toContain(',2031-01-08 21:00 (Second night),');
    const all = await get(`/api/events/${ev.eventId}/orders/export?format=csv`);
    expect(all.body).toContain(',2031-01-01 21:00,Ana,');
  });

  it('keeps an event of one date’s export as it was: no Date column', async () => {
    const single = await makeLiveEvent(t.app, owner, { title: 'Once' });
    const res = await get(`/api/events/${single.event.id}/orders/export?format=csv`);
    expect(res.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(
      /^Order reference,Order status,First name,/,
    );
  });
});

describe('dashboard figures by date', () => {
  const stats = async (query = '') => {
    const res = await get(`/api/events/${ev.eventId}/stats${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<EventStatsResponse>();
  };

  it('counts the whole event without a date, and one date’s tickets, orders and sales with one', async () => {
    expect(await stats()).toMatchObject({ tickets_sold: 4, orders: 3, attendees: 4, gross_sales: 4000 });
    expect(await stats(`?date_id=${ev.first}`)).toMatchObject({
      tickets_sold: 2,
      orders: 1,
      attendees: 2,
      gross_sales: 0,
    });
    const second = await stats(`?date_id=${ev.second}`);
    expect(second).toMatchObject({ tickets_sold: 2, orders: 2, attendees: 2, gross_sales: 4000 });
    expect(second.daily.reduce((sum, day) => sum + day.orders, 0)).toBe(2);
  });
});
