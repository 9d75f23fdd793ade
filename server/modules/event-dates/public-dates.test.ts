import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicEventDate } from '../../../common/event-dates';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeEvent, makeTicket, type Owner, setEventStatus } from '../../test/builders';

// The dates a buyer may choose from (issue 36): upcoming ones, neither cancelled nor hidden,
// each with what is left on it, in the same number of queries however many dates there are.

let t: TestApp;
let owner: Owner;
let recording: string[] | null = null;

beforeAll(async () => {
  t = await createTestApp({ onQuery: (text) => recording?.push(text) });
  owner = await makeAccount(t.app);
});
afterAll(async () => {
  await t?.close();
});

const day = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000);
const isoDay = (days: number) => day(days).toISOString().slice(0, 10);

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${owner.token}` } });

const publicDates = async (eventId: number): Promise<PublicEventDate[]> => {
  const res = await t.app.inject({ method: 'GET', url: `/api/public/events/${eventId}/dates` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** A live event with `count` daily dates from tomorrow on (its first date moved there), and its tickets. */
async function eventWithDates(count: number, tickets: { quantity: number | null; shows: boolean }[]) {
  const event = await makeEvent(t.app, owner, {
    title: `Weekly class ${count}`,
    start_date: `${isoDay(1)}T18:00:00Z`,
    end_date: `${isoDay(1)}T20:00:00Z`,
  });
  const made = [];
  for (const [i, ticket] of tickets.entries()) {
    made.push(
      await makeTicket(t.app, owner, {
        eventId: event.id,
        title: `Seat ${i}`,
        quantity_available: ticket.quantity,
        show_quantity_remaining: ticket.shows,
      }),
    );
  }
  if (count > 1) {
    const res = await call('POST', `/api/events/${event.id}/dates/rule`, {
      frequency: 'DAILY',
      from: isoDay(2),
      until: isoDay(count),
      start_time: '18:00',
      end_time: '20:00',
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  await setEventStatus(t.app, owner, { id: event.id, status: 'LIVE' });
  const dates = (await call('GET', `/api/events/${event.id}/dates`)).json().data as { id: number }[];
  return { event, tickets: made, dateIds: dates.map((d) => d.id) };
}

const sell = (dateId: number, ticketId: number, sold: number) =>
  t.app.db.execute(
    sql`update ticket_stock set quantity_sold = ${sold} where date_id = ${dateId} and ticket_id = ${ticketId}`,
  );

describe('GET /api/public/events/{id}/dates', () => {
  it('answers each upcoming date with what is left: seats, sold out, capped, waiting list', async () => {
    const { event, tickets, dateIds } = await eventWithDates(4, [
      { quantity: 5, shows: true },
      { quantity: 3, shows: true },
    ]);
    const [first, second, third, fourth] = dateIds as [number, number, number, number];
    const [stalls, balcony] = tickets.map((ticket) => ticket.id) as [number, number];
    await sell(first, stalls, 1);
    await sell(second, stalls, 5);
    await sell(second, balcony, 3);
    const capped = await call('PUT', `/api/events/${event.id}/dates/${third}`, {
      starts_at: `${isoDay(3)}T18:00:00Z`,
      ends_at: `${isoDay(3)}T20:00:00Z`,
      capacity: 2,
    });
    expect(capped.statusCode, capped.body).toBe(200);
    const closed = await call('PUT', `/api/events/${event.id}/dates/${fourth}`, {
      starts_at: `${isoDay(4)}T18:00:00Z`,
      status: 'SOLD_OUT',
    });
    expect(closed.statusCode, closed.body).toBe(200);

    const dates = await publicDates(event.id);
    expect(dates.map((d) => [d.id, d.availability, d.seats_left])).toEqual([
      [first, 'ON_SALE', 7],
      [second, 'SOLD_OUT', 0],
      [third, 'ON_SALE', 2],
      [fourth, 'SOLD_OUT', 0],
    ]);
    expect(dates[0]).toMatchObject({
      starts_at: `${isoDay(1)}T18:00:00.000Z`,
      label: null,
      status: 'ON_SALE',
    });

    // A waiting list open on its tickets: the sold-out dates show it.
    await t.app.db.execute(sql`update tickets set waitlist_enabled = true where event_id = ${event.id}`);
    t.app.publicReads.forget();
    const waiting = await publicDates(event.id);
    expect(waiting.map((d) => d.availability)).toEqual(['ON_SALE', 'WAITLIST', 'ON_SALE', 'WAITLIST']);
    // The tickets of the date the organizer closed show sold out too.
    const closedTickets = await t.app.inject({
      method: 'GET',
      url: `/api/public/events/${event.id}/tickets?date_id=${fourth}`,
    });
    expect(closedTickets.json().data.map((ticket: { sale_state: string }) => ticket.sale_state)).toEqual([
      'SOLD_OUT',
      'SOLD_OUT',
    ]);
  });

  it('shows no count when a ticket is unlimited or hides its own, and leaves out cancelled, hidden and ended dates', async () => {
    const { event, dateIds } = await eventWithDates(4, [
      { quantity: null, shows: true },
      { quantity: 4, shows: false },
    ]);
    const [first, second, third, fourth] = dateIds as [number, number, number, number];
    await t.app.db.execute(sql`update event_dates set status = 'CANCELLED' where id = ${second}`);
    await t.app.db.execute(sql`update event_dates set status = 'HIDDEN' where id = ${third}`);
    await t.app.db.execute(
      sql`update event_dates set starts_at = now() - interval '3 hours', ends_at = now() - interval '1 hour' where id = ${first}`,
    );
    const dates = await publicDates(event.id);
    expect(dates.map((d) => [d.id, d.availability, d.seats_left])).toEqual([[fourth, 'ON_SALE', null]]);
  });

  it('is a 404 for an event that is not live', async () => {
    const draft = await makeEvent(t.app, owner, { title: 'Draft' });
    const res = await t.app.inject({ method: 'GET', url: `/api/public/events/${draft.id}/dates` });
    expect(res.statusCode).toBe(404);
  });

  it('costs the same number of queries for 3 dates and for 60', async () => {
    const count = async (dates: number) => {
      const { event } = await eventWithDates(dates, [
        { quantity: 10, shows: true },
        { quantity: null, shows: false },
      ]);
      recording = [];
      const listed = await publicDates(event.id);
      const sent = recording.length;
      recording = null;
      expect(listed).toHaveLength(dates);
      return sent;
    };
    const few = await count(3);
    const many = await count(60);
    expect(few).toBeGreaterThan(0);
    expect(many).toBe(few);
  });
});

describe('GET /api/public/events/{id}/dates, a window at a time', () => {
  type Page = { data: PublicEventDate[]; next_from: string | null };
  const page = async (eventId: number, query: string): Promise<Page> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/public/events/${eventId}/dates?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('pages through the dates with `limit` and `next_from`, never splitting dates that start together', async () => {
    const { event, dateIds } = await eventWithDates(7, [{ quantity: 5, shows: true }]);
    // A second date at the third one's start: the window holding the third holds it too.
    const twin = await call('POST', `/api/events/${event.id}/dates`, {
      starts_at: `${isoDay(3)}T18:00:00Z`,
      ends_at: `${isoDay(3)}T21:00:00Z`,
    });
    expect(twin.statusCode, twin.body).toBe(201);
    const twinId = twin.json().id as number;
    const [d1, d2, d3, d4, d5, d6, d7] = dateIds as number[];

    const first = await page(event.id, 'limit=3');
    expect(first.data.map((d) => d.id)).toEqual([d1, d2, d3, twinId]);
    expect(first.next_from).toBe(`${isoDay(4)}T18:00:00.000Z`);
    // Each date carries what is left on it, as in the whole list.
    expect(first.data[0]?.seats_left).toBe(5);

    const second = await page(event.id, `limit=3&from=${encodeURIComponent(first.next_from ?? '')}`);
    expect(second.data.map((d) => d.id)).toEqual([d4, d5, d6]);
    const third = await page(event.id, `limit=3&from=${encodeURIComponent(second.next_from ?? '')}`);
    expect(third.data.map((d) => d.id)).toEqual([d7]);
    expect(third.next_from).toBeNull();

    // The window starting at a linked date; an instant written with an offset is the same one.
    const linked = await page(event.id, `date_id=${d5}&limit=2`);
    expect(linked.data.map((d) => d.id)).toEqual([d5, d6]);
    expect(linked.next_from).toBe(`${isoDay(7)}T18:00:00.000Z`);
    const offset = await page(event.id, `from=${encodeURIComponent(`${isoDay(6)}T20:00:00+02:00`)}`);
    expect(offset.data.map((d) => d.id)).toEqual([d6, d7]);
    // Beyond the last date: an empty window, nothing after it.
    expect(await page(event.id, `from=${isoDay(40)}T00:00:00Z`)).toEqual({ data: [], next_from: null });
    // Without parameters: every date, as before.
    const all = await page(event.id, '');
    expect(all.data).toHaveLength(8);
    expect(all.next_from).toBeNull();
  });

  it('refuses a window it cannot read', async () => {
    const { event, dateIds } = await eventWithDates(2, [{ quantity: 5, shows: true }]);
    for (const query of [
      'limit=0',
      'limit=201',
      'from=tomorrow',
      `from=${isoDay(2)}T00:00:00Z&date_id=${dateIds[0]}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/public/events/${event.id}/dates?${query}` });
      expect(res.statusCode, query).toBe(422);
    }
  });

  it('costs the same number of queries for a window of 3 dates and of 60, from the start or further on', async () => {
    const count = async (dates: number, query: string) => {
      const { event } = await eventWithDates(dates, [
        { quantity: 10, shows: true },
        { quantity: null, shows: false },
      ]);
      recording = [];
      await page(event.id, query);
      const sent = recording.length;
      recording = null;
      return sent;
    };
    const few = await count(3, 'limit=40');
    expect(few).toBeGreaterThan(0);
    expect(await count(60, 'limit=40')).toBe(few);
    expect(await count(60, `limit=40&from=${isoDay(30)}T00:00:00Z`)).toBe(few);
    expect(await count(60, 'limit=60')).toBe(few);
  });
});
