import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeLiveEvent, makeOrder, makePromoCode, type Owner } from '../../test/builders';

// What the organizer sees of orders: how many tickets each holds (cancelled ones apart), and the
// checkouts in progress that hold seats and promo code uses: on the order list, in the promo
// code list and on the dashboard. A reservation past its time shows as expired, swept or not.

let t: TestApp;
let owner: Owner;

type Line = { ticket_id: number; quantity: number };
type ListedOrder = {
  id: number;
  reference: string;
  status: string;
  reserved_until: string | null;
  attendee_count: number;
  cancelled_attendee_count: number;
};

/** A LIVE event with two free tickets and a paid one, offline payments on, order timeout 15 min. */
async function liveEvent() {
  const { event, tickets } = await makeLiveEvent(t.app, owner, {
    title: 'Open checkouts',
    settings: { offline_payments_enabled: true, order_timeout_minutes: 15 },
    tickets: [
      { title: 'Floor', type: 'FREE', quantity_available: 50 },
      { title: 'Balcony', type: 'FREE', quantity_available: 50 },
      { title: 'Seat', type: 'PAID', price: 1000, tax_and_fee_ids: [] },
    ],
  });
  const [floor, balcony, seat] = tickets.map((ticket) => ticket.id) as [number, number, number];
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/events/${event.id}${url}`,
      headers: { authorization: `Bearer ${owner.token}` },
      ...(payload ? { payload } : {}),
    });
  const base = `/api/public/events/${event.id}/orders`;

  /** A checkout started: the public order, RESERVED. */
  const reserve = (lines: Line[], promoCode?: string) =>
    makeOrder(t.app, { eventId: event.id, lines, promo_code: promoCode, until: 'reserved' });
  /** A checkout finished: attendees named, completed (free) or left awaiting an offline payment. */
  const place = (lines: Line[], options: { promoCode?: string; offline?: boolean } = {}) =>
    makeOrder(t.app, {
      eventId: event.id,
      lines,
      promo_code: options.promoCode,
      until: options.offline ? 'offline' : 'complete',
    });
  const list = async (query = '') => {
    const res = await api('GET', `/orders?per_page=100${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ListedOrder[];
  };
  const listed = async (reference: string, query = '') =>
    (await list(query)).find((o) => o.reference === reference);
  /** Moves a reservation's end into the past, as if its time had run out unswept. */
  const lapse = (reference: string) =>
    t.app.db
      .update(orders)
      .set({ reservedUntil: sql`now() - interval '1 minute'` })
      .where(eq(orders.reference, reference));
  return { id: event.id, api, floor, balcony, seat, reserve, place, list, listed, lapse, base };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('the orders list counts tickets', () => {
  it('two of one ticket, two different tickets, and one of two cancelled', async () => {
    const e = await liveEvent();
    const twoOfOne = await e.place([{ ticket_id: e.floor, quantity: 2 }]);
    const twoKinds = await e.place([
      { ticket_id: e.floor, quantity: 1 },
      { ticket_id: e.balcony, quantity: 1 },
    ]);
    const oneCancelled = await e.place([{ ticket_id: e.balcony, quantity: 2 }]);
    const single = await e.place([{ ticket_id: e.floor, quantity: 1 }]);
    const detail = await e.listed(oneCancelled.reference);
    const [attendee] = (await e.api('GET', `/orders/${detail?.id}`)).json().attendees;
    expect((await e.api('POST', `/attendees/${attendee.id}/cancel`)).statusCode).toBe(200);

    const counts = Object.fromEntries(
      (await e.list()).map((o) => [o.reference, [o.attendee_count, o.cancelled_attendee_count]]),
    );
    expect(counts).toEqual({
      [twoOfOne.reference]: [2, 0],
      [twoKinds.reference]: [2, 0],
      [oneCancelled.reference]: [1, 1],
      [single.reference]: [1, 0],
    });
    expect((await e.api('GET', `/orders/${detail?.id}`)).json()).toMatchObject({
      attendee_count: 1,
      cancelled_attendee_count: 1,
    });
  });
});

describe('checkouts in progress', () => {
  it('are listed by default with the time they are held until, and filterable by status', async () => {
    const e = await liveEvent();
    const placed = await e.place([{ ticket_id: e.floor, quantity: 1 }]);
    const open = await e.reserve([{ ticket_id: e.floor, quantity: 3 }]);
    const lapsed = await e.reserve([{ ticket_id: e.balcony, quantity: 1 }]);
    const gone = await e.reserve([{ ticket_id: e.balcony, quantity: 1 }]);
    expect(
      (await t.app.inject({ method: 'POST', url: `${e.base}/${gone.short_id}/abandon` })).statusCode,
    ).toBe(200);
    await e.lapse(lapsed.reference);

    // By default: placed orders and live reservations; not the abandoned one, nor the one whose
    // time ran out although nothing has swept it yet.
    const all = await e.list();
    expect(all.map((o) => o.reference).sort()).toEqual([placed.reference, open.reference].sort());
    const reserved = all.find((o) => o.reference === open.reference);
    expect(reserved).toMatchObject({ status: 'RESERVED', attendee_count: 3, cancelled_attendee_count: 0 });
    const left = Date.parse(reserved?.reserved_until ?? '') - Date.now();
    expect(left).toBeGreaterThan(14 * 60_000);
    expect(left).toBeLessThanOrEqual(15 * 60_000);
    expect(all.find((o) => o.reference === placed.reference)?.reserved_until).toBeNull();

    const onlyReserved = await e.list('&filter_fields[status][eq]=RESERVED');
    expect(onlyReserved.map((o) => o.reference)).toEqual([open.reference]);
    const expired = await e.list('&filter_fields[status][eq]=EXPIRED');
    expect(expired).toMatchObject([{ reference: lapsed.reference, status: 'EXPIRED', reserved_until: null }]);
    const ended = await e.list('&filter_fields[status][in]=EXPIRED,ABANDONED');
    expect(ended.map((o) => o.reference).sort()).toEqual([lapsed.reference, gone.reference].sort());
    const lapsedId = expired[0]?.id;
    expect((await e.api('GET', `/orders/${lapsedId}`)).json()).toMatchObject({
      status: 'EXPIRED',
      reserved_until: null,
    });

    const bad = await e.api('GET', '/orders?filter_fields[status][eq]=HELD');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['filter_fields[status][eq]']);

    // The export holds what the list holds.
    const csv = await e.api('GET', '/orders/export?format=csv');
    expect(csv.statusCode).toBe(200);
    const rows = csv.body.trim().split('\r\n').slice(1);
    expect(rows.map((r) => r.split(',').slice(0, 2).join(',')).sort()).toEqual(
      [`${placed.reference},COMPLETED`, `${open.reference},RESERVED`].sort(),
    );
  });

  it('show on the promo code list as used / reserved', async () => {
    const e = await liveEvent();
    await makePromoCode(t.app, owner, {
      eventId: e.id,
      code: 'TWICE',
      discount_type: 'PERCENTAGE',
      discount: '10',
      max_allowed_usages: 2,
    });
    const usage = async () => {
      const [code] = (await e.api('GET', '/promo-codes')).json().data;
      return [code.times_used, code.times_reserved, code.max_allowed_usages];
    };
    expect(await usage()).toEqual([0, 0, 2]);

    const first = await e.reserve([{ ticket_id: e.seat, quantity: 1 }], 'TWICE');
    const second = await e.reserve([{ ticket_id: e.seat, quantity: 1 }], 'TWICE');
    // Both uses are held: nobody else can use the code, and the list says why.
    expect(await usage()).toEqual([0, 2, 2]);
    const third = await t.app.inject({
      method: 'POST',
      url: e.base,
      payload: { tickets: [{ ticket_id: e.seat, quantity: 1 }], promo_code: 'TWICE' },
    });
    expect(third.json().code).toBe('PROMO_CODE_USED_UP');
    const withCode = await e.list();
    expect(withCode.map((o) => o.reference).sort()).toEqual([first.reference, second.reference].sort());

    await e.lapse(second.reference);
    expect(await usage()).toEqual([0, 1, 2]);
    const finished = await t.app.inject({
      method: 'PUT',
      url: `${e.base}/${first.short_id}`,
      payload: {
        first_name: 'Ana',
        last_name: 'Lima',
        email: 'ana@example.com',
        attendees: [{ ticket_id: e.seat, first_name: 'Ana', last_name: 'Lima', email: 'ana@example.com' }],
      },
    });
    expect(finished.statusCode, finished.body).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: `${e.base}/${first.short_id}/complete`,
      payload: { payment_provider: 'OFFLINE' },
    });
    expect(await usage()).toEqual([1, 0, 2]);
  });

  it('show on the dashboard as tickets held, apart from sold and awaiting payment', async () => {
    const e = await liveEvent();
    await e.place([{ ticket_id: e.floor, quantity: 2 }]);
    await e.place([{ ticket_id: e.seat, quantity: 1 }], { offline: true });
    await e.reserve([
      { ticket_id: e.floor, quantity: 2 },
      { ticket_id: e.balcony, quantity: 1 },
    ]);
    await e.reserve([{ ticket_id: e.seat, quantity: 1 }]);
    const lapsed = await e.reserve([{ ticket_id: e.balcony, quantity: 4 }]);
    await e.lapse(lapsed.reference);

    const stats = (await e.api('GET', '/stats')).json();
    expect(stats).toMatchObject({
      tickets_sold: 2,
      tickets_in_checkout: 4,
      checkouts_in_progress: 2,
      tickets_awaiting_payment: 1,
      // The counter: held, awaiting payment and the lapsed reservation until it is swept.
      tickets_reserved: 9,
    });
  });
});
