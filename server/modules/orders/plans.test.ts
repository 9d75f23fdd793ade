import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import {
  makeAccount,
  makeCheckInList,
  makeEvent,
  makeLiveEvent,
  makeTicket,
  type Owner,
} from '../../test/builders';
import { growingScans, type Statement } from '../../test/plans';

// A year of sales on a platform: 200,000 orders of another account, with their items,
// attendees and check-ins, are in the database. No statement that reserving, completing,
// reading a public event or checking in sends may read all of them (decision 043): each is
// EXPLAINed with the parameters it was sent with, and its plan must not scan a table that grows
// with sales from end to end. SQL functions it calls are EXPLAINed statement by statement.

/** 200,000 on PostgreSQL; fewer on the embedded database, whose writes are slower (the plans are alike). */
const otherOrders = () => (t.app.databaseKind === 'postgresql' ? 200_000 : 50_000);

let t: TestApp;
let recording: Statement[] | null = null;
let owner: Owner;
let eventId: number;
let free: number;
let paid: number;

/** The other account's sales, written with SQL, then analysed as autovacuum would. */
async function seedOtherSales(other: Owner): Promise<void> {
  const db = t.app.db;
  const event = await makeEvent(t.app, other, { title: 'Last year' });
  const ticket = await makeTicket(t.app, other, { eventId: event.id, title: 'Old seat' });
  const list = await makeCheckInList(t.app, other, { eventId: event.id, ticket_ids: [ticket.id] });
  await db.execute(sql`
    insert into orders (account_id, event_id, date_id, short_id, reference, status, currency, gross, discount,
      subtotal, fees, taxes, total, first_name, last_name, email, completed_at, reserved_until, client_address)
    select ${other.accountId}, ${event.id}, (select min(id) from event_dates where event_id = ${event.id}), 'old-' || g, 'O' || lpad(g::text, 7, '0'),
      (array['COMPLETED','COMPLETED','COMPLETED','EXPIRED','CANCELLED','RESERVED','AWAITING_PAYMENT','REFUNDED'])[g % 8 + 1],
      'EUR', 2500, 0, 2500, 0, 0, 2500, 'Old', 'Buyer' || g, 'old' || g || '@example.com',
      now() - interval '30 days', now() - interval '30 days', '127.0.0.' || (g % 3)
    from generate_series(1, ${otherOrders()}::int) g`);
  await db.execute(sql`
    insert into order_items (order_id, ticket_id, title, quantity, unit_price, discount, subtotal, fees, taxes, total)
    select id, ${ticket.id}, 'Old seat', 1, 2500, 0, 2500, 0, 0, 2500 from orders where event_id = ${event.id}`);
  await db.execute(sql`
    insert into attendees (account_id, event_id, date_id, order_id, ticket_id, short_id, first_name, last_name, email, status)
    select ${other.accountId}, ${event.id}, date_id, id, ${ticket.id}, 'old-' || id, 'Old', last_name, email, 'ACTIVE'
    from orders where event_id = ${event.id}`);
  await db.execute(sql`
    insert into check_ins (check_in_list_id, attendee_id, event_id, checked_in_at)
    select ${list.id}, id, ${event.id}, now() - interval '30 days' from attendees where event_id = ${event.id}`);
  await db.execute(sql`analyze`);
}

beforeAll(async () => {
  t = await createTestApp({
    env: { OPEN_ORDERS_PER_ADDRESS: '100' },
    onQuery: (text, params) => recording?.push({ text, params }),
  });
  owner = await makeAccount(t.app);
  const { event, tickets } = await makeLiveEvent(t.app, owner, {
    title: 'Pier night',
    settings: { offline_payments_enabled: true, offline_payment_instructions: 'Pay at the door.' },
    tickets: [
      { title: 'Deck', type: 'FREE' },
      { title: 'Cabin', type: 'PAID', price: 2500 },
    ],
  });
  eventId = event.id;
  [free, paid] = tickets.map((ticket) => ticket.id) as [number, number];
  await seedOtherSales(await makeAccount(t.app));
}, 300_000);

afterAll(async () => {
  await t?.close();
});

/** The statements `run` sends, each EXPLAINed: what scans a growing table from end to end. */
async function scansOf(run: () => Promise<void>): Promise<string[]> {
  const sent: Statement[] = [];
  recording = sent;
  try {
    await run();
  } finally {
    recording = null;
  }
  expect(sent.length, 'statements sent').toBeGreaterThan(0);
  return growingScans(t.database, sent);
}

const inject = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const res = await t.app.inject({ method, url, payload });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
};

/** A GET of the owner's, as the organizer's screens send it (JSON unless `json` is false). */
const asOwner = async (url: string, json = true) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${owner.token}` } });
  expect(res.statusCode, `GET ${url}: ${res.body}`).toBe(200);
  return json ? res.json() : res.body;
};

const orders = () => `/api/public/events/${eventId}/orders`;
const buyer = (email: string, ticketId: number) => ({
  first_name: 'Ines',
  last_name: 'Moura',
  email,
  attendees: [{ ticket_id: ticketId, first_name: 'Ines', last_name: 'Moura', email }],
});

describe('with the orders of another account in the database', () => {
  it('reserves, fills in and completes an order without scanning all orders, items or attendees', async () => {
    const scans = await scansOf(async () => {
      for (const [ticketId, payment] of [
        [free, {}],
        [paid, { payment_provider: 'OFFLINE' }],
      ] as const) {
        const order = await inject('POST', orders(), { tickets: [{ ticket_id: ticketId, quantity: 1 }] });
        const url = `${orders()}/${order.short_id}`;
        await inject('PUT', url, buyer(`ines.${ticketId}@example.com`, ticketId));
        await inject('POST', `${url}/complete`, payment);
        await inject('GET', url);
      }
    });
    expect(scans).toEqual([]);
  });

  it('reads the public event and its tickets without scanning them', async () => {
    const scans = await scansOf(async () => {
      await inject('GET', `/api/public/events/${eventId}`);
      await inject('GET', `/api/public/events/${eventId}/tickets`);
    });
    expect(scans).toEqual([]);
  });

  it('lists, exports and counts one date’s orders, attendees and waiting list without scanning them', async () => {
    const [date] = (await asOwner(`/api/events/${eventId}/dates`)).data as { id: number }[];
    const scans = await scansOf(async () => {
      for (const list of ['orders', 'attendees']) {
        await asOwner(`/api/events/${eventId}/${list}?date_id=${date?.id}`);
        await asOwner(`/api/events/${eventId}/${list}?date_id=${date?.id}&query=ines`);
        await asOwner(`/api/events/${eventId}/${list}/export?format=csv&date_id=${date?.id}`, false);
      }
      await asOwner(`/api/events/${eventId}/waitlist?date_id=${date?.id}`);
      await asOwner(`/api/events/${eventId}/stats?date_id=${date?.id}`);
    });
    expect(scans).toEqual([]);
  });

  it('checks a ticket in without scanning them', async () => {
    const order = await inject('POST', orders(), { tickets: [{ ticket_id: free, quantity: 1 }] });
    const url = `${orders()}/${order.short_id}`;
    await inject('PUT', url, buyer('door@example.com', free));
    const done = await inject('POST', `${url}/complete`, {});
    const list = await makeCheckInList(t.app, owner, { eventId, ticket_ids: [free] });
    const scans = await scansOf(async () => {
      const scanned = await inject('POST', `/api/public/check-in-lists/${list.short_id}/check-ins`, {
        ticket_code: done.attendees[0].ticket_code,
        device: 'Gate',
      });
      expect(scanned.outcome).toBe('CHECKED_IN');
      await inject('GET', `/api/public/check-in-lists/${list.short_id}`);
    });
    expect(scans).toEqual([]);
  });
});
