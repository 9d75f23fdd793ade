import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toMajorText } from '../../../common/money';
import type { ReportResponse } from '../../../common/reports';
import { orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, type Owner } from '../../test/builders';
import { makeReportShop, RANGE, RANGE_END, RANGE_START, summedByHand, totalsOf } from '../../test/report-kit';

// An event's reports (issue 38, decision 054) over mixed sales: each report's totals are the
// sum of its orders added up another way, the reports agree with each other, days are the
// event's (New York's), refunds count on their own day, and another account gets 404.

let t: TestApp;
let owner: Owner;
let shop: Awaited<ReturnType<typeof makeReportShop>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
  shop = await makeReportShop(t, owner);
});
afterAll(async () => {
  await t?.close();
});

async function report(name: string, range: { from?: string; to?: string } = RANGE): Promise<ReportResponse> {
  const query = new URLSearchParams(range).toString();
  const res = await shop.call('GET', `/api/events/${shop.event.id}/reports/${name}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const MONEY = ['gross', 'discounts', 'fees', 'taxes', 'total'] as const;
const MEASURES = [...MONEY, 'refunds', 'net'] as const;

describe('sales by day', () => {
  it('add up to the orders of the range, each on its day in the event’s time zone', async () => {
    const byDay = await report('sales-by-day');
    expect(byDay).toMatchObject({ time_zone: 'America/New_York', currency: 'EUR', trend: 'day', ...RANGE });
    const expected = await summedByHand(t, shop.event.id, { start: RANGE_START, end: RANGE_END });
    // Orders A, B and C; not the one sold before the range, not the one cancelled unpaid.
    expect(expected.orders).toBe(3);
    expect(expected.refunds).toBe(1500);
    expect(totalsOf(byDay)).toEqual({ day: null, ...expected });
    expect(byDay.rows.map((r) => [r.day, r.orders, r.tickets, r.refunds])).toEqual([
      // B was completed at 23:30 in New York, 03:30 UTC of the next day.
      ['2031-05-10', 2, 3, 0],
      // Only the refund of the order sold in April.
      ['2031-05-11', 0, 0, 500],
      ['2031-05-12', 1, 1, 1000],
    ]);
    for (const row of byDay.rows) {
      const [gross, discounts, fees, taxes, total, refunds, net] = MEASURES.map((k) => Number(row[k]));
      expect(Number(gross) - Number(discounts) + Number(fees) + Number(taxes)).toBe(total);
      expect(Number(total) - Number(refunds)).toBe(net);
    }
    // A: 2 seats at €40 less 10 % (€72), a book at €20 less 10 % (€18), €3 of fees, 23 % and 6 % taxes.
    expect(byDay.rows[0]).toMatchObject({ gross: 8000 + 2000 + 4000, discounts: 1000 });
  });

  it('move with the range’s edges, read in New York', async () => {
    const first = await report('sales-by-day', { from: '2031-05-10', to: '2031-05-10' });
    expect(totalsOf(first)).toMatchObject({ orders: 2, refunds: 0 });
    const expected = await summedByHand(t, shop.event.id, {
      start: new Date('2031-05-10T04:00:00Z'),
      end: new Date('2031-05-11T04:00:00Z'),
    });
    expect(totalsOf(first)).toEqual({ day: null, ...expected });
    const eleventh = await report('sales-by-day', { from: '2031-05-11', to: '2031-05-11' });
    expect(totalsOf(eleventh)).toMatchObject({ orders: 0, total: 0, refunds: 500, net: -500 });
    const before = await report('sales-by-day', { from: '2031-03-01', to: '2031-05-09' });
    expect(totalsOf(before)).toMatchObject({ orders: 1, tickets: 1, refunds: 0 });
    expect(before.rows).toHaveLength(70);
  });

  it('cover the last 30 days when no range is given, refuse a range that ends first, and know no other report', async () => {
    const recent = await report('sales-by-day', {});
    expect(recent.rows).toHaveLength(30);
    expect(totalsOf(recent)).toMatchObject({ orders: 0, refunds: 0 });
    const bad = await shop.call(
      'GET',
      `/api/events/${shop.event.id}/reports/sales-by-day?from=2031-05-12&to=2031-05-10`,
    );
    expect(bad.statusCode).toBe(422);
    const unknown = await shop.call('GET', `/api/events/${shop.event.id}/reports/everything`);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the reports agree', () => {
  it('per ticket and product, per date, per tax rate and fee, per code and affiliate', async () => {
    const byDay = totalsOf(await report('sales-by-day'));
    const items = await report('sales-by-item');
    for (const key of MONEY) expect(totalsOf(items)[key], key).toBe(byDay[key]);
    // Units of tickets (not products) are the day report's tickets.
    const ticketUnits = items.rows
      .filter((r) => r.kind === 'TICKET')
      .reduce((s, r) => s + Number(r.tickets), 0);
    expect(ticketUnits).toBe(byDay.tickets);
    expect(items.rows.map((r) => [r.item, r.kind, r.orders, r.tickets])).toEqual([
      ['Seat', 'TICKET', 3, 4],
      ['Book', 'PRODUCT', 2, 2],
    ]);

    const dates = await report('sales-by-date');
    expect({ ...totalsOf(dates), event_date: undefined }).toEqual({ ...byDay, day: undefined });
    expect(dates.rows.map((r) => [r.event_date, r.orders, r.refunds])).toEqual([
      // The April order's refund is the first date's.
      ['2031-06-20 19:00', 2, 500],
      ['2031-06-27 19:00 Late show', 1, 1000],
    ]);

    const charges = await report('taxes-and-fees');
    expect(totalsOf(charges)).toMatchObject({ taxes: byDay.taxes, fees: byDay.fees });
    expect(charges.rows).toEqual([
      // Seats: A's 2 at €36 and C's one at €40 (B's €40 too): €72 + €40 + €40 = €152.
      { charge_kind: 'TAX', name: 'VAT', rate: '23 %', base: 15200, taxes: 3496, fees: 0 },
      { charge_kind: 'TAX', name: 'VAT reduced', rate: '6 %', base: 3800, taxes: 228, fees: 0 },
      { charge_kind: 'FEE', name: 'Booking fee', rate: '150', base: 15200, taxes: 0, fees: 600 },
    ]);

    const codes = await report('promo-codes');
    expect(codes.rows).toHaveLength(1);
    expect(codes.rows[0]).toMatchObject({ code: 'RIVER10', orders: 1, discounts: byDay.discounts });

    const friends = await report('affiliates');
    const [a] = await t.app.db.select().from(orders).where(eq(orders.id, shop.orderIds.a));
    expect(friends.rows).toEqual([
      {
        affiliate: 'Friend',
        code: 'FRIEND',
        orders: 1,
        tickets: 2,
        gross: a?.gross,
        discounts: a?.discount,
        fees: a?.fees,
        taxes: a?.taxes,
        total: a?.total,
        refunds: 0,
        net: a?.total,
      },
    ]);
  });
});

describe('check-in rates', () => {
  it('count the active attendees of sales and those let in within the range', async () => {
    // The check-in was made today; the default range ends today.
    const lists = await report('check-ins-by-list', {});
    expect(lists.rows).toEqual([{ list: 'Main door', eligible: 5, checked_in: 1, check_in_rate: '20.0' }]);
    const perTicket = await report('check-ins-by-ticket', {});
    expect(perTicket.rows).toEqual([{ ticket: 'Seat', eligible: 5, checked_in: 1, check_in_rate: '20.0' }]);
    expect(totalsOf(perTicket)).toEqual({ ticket: null, eligible: 5, checked_in: 1, check_in_rate: '20.0' });
    // In May 2031 nobody has come in yet.
    expect((await report('check-ins-by-list')).rows[0]).toMatchObject({
      checked_in: 0,
      check_in_rate: '0.0',
    });
  });
});

describe('downloads', () => {
  it('write the table and its totals, money in euros with cents', async () => {
    const byDay = await report('sales-by-day');
    const res = await shop.call(
      'GET',
      `/api/events/${shop.event.id}/reports/sales-by-day/export?format=csv&from=${RANGE.from}&to=${RANGE.to}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="sales-by-day-${shop.event.id}-2031-05-10-2031-05-12.csv"`,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Day,Orders,Tickets,Gross,Discounts,Fees,Taxes,Total paid,Refunds,Net');
    expect(lines[2]).toMatch(/^2031-05-11,0,0,0\.00,0\.00,0\.00,0\.00,0\.00,5\.00,-5\.00$/);
    const total = totalsOf(byDay);
    const euros = (minor: unknown) => toMajorText(Number(minor), 'EUR');
    expect(lines[4]).toBe(
      [
        'Total',
        total.orders,
        total.tickets,
        ...['gross', 'discounts', 'fees', 'taxes', 'total', 'refunds', 'net'].map((k) => euros(total[k])),
      ].join(','),
    );
    const xlsx = await shop.call(
      'GET',
      `/api/events/${shop.event.id}/reports/taxes-and-fees/export?format=xlsx`,
    );
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('another account', () => {
  it('gets 404 for the event’s reports and their downloads', async () => {
    const other = await makeAccount(t.app);
    for (const url of [
      `/api/events/${shop.event.id}/reports/sales-by-day`,
      `/api/events/${shop.event.id}/reports/sales-by-day/export?format=csv`,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${other.token}` },
      });
      expect(res.statusCode).toBe(404);
    }
  });
});
