import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportResponse } from '../../../common/reports';
import { cardTransactions, orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeLiveEvent, makeOrder, type Owner } from '../../test/builders';
import { makeReportShop, summedByHand } from '../../test/report-kit';
import { SALES_MEASURES } from './counted';

// The account's reports (issue 38, decision 054): months in the account's time zone (Lisbon),
// totals per currency that are the sums of the orders, reports that agree with each other and
// with the event's, card fees as Stripe booked them, and nothing of another account.

let t: TestApp;
let owner: Owner;
let shop: Awaited<ReturnType<typeof makeReportShop>>;
let dollarEventId: number;

const RANGE = { from: '2031-04-01', to: '2031-05-31' };
// Lisbon is UTC+1 in April and May.
const START = new Date('2031-03-31T23:00:00Z');
const END = new Date('2031-05-31T23:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
  shop = await makeReportShop(t, owner);
  // An event in dollars with one sale at 23:30 UTC on 30 April: 1 May in Lisbon.
  const { event, tickets } = await makeLiveEvent(t.app, owner, {
    title: 'Boston Gig',
    currency: 'USD',
    start_date: '2031-07-01T23:00:00Z',
    timezone: 'America/New_York',
    settings: { offline_payments_enabled: true },
    tickets: [{ title: 'Entry', type: 'PAID', price: 2500 }],
  });
  dollarEventId = event.id;
  const placed = await makeOrder(t.app, {
    eventId: event.id,
    lines: [{ ticket_id: tickets[0]?.id ?? 0, quantity: 2 }],
    until: 'offline',
  });
  const [row] = await t.app.db.select().from(orders).where(eq(orders.shortId, placed.short_id));
  if (!row) throw new Error('order missing');
  const paid = await shop.call('POST', `/api/events/${event.id}/orders/${row.id}/mark-paid`);
  expect(paid.statusCode, paid.body).toBe(200);
  await t.app.db
    .update(orders)
    .set({ completedAt: new Date('2031-04-30T23:30:00Z') })
    .where(eq(orders.id, row.id));
  // A card payment and a part of it refunded, as Stripe booked them.
  const booked = {
    accountId: owner.accountId,
    orderId: shop.orderIds.a,
    currency: 'EUR',
    stripePaymentIntentId: 'pi_1',
  };
  await t.app.db.insert(cardTransactions).values([
    {
      ...booked,
      kind: 'PAYMENT',
      amount: 10_000,
      platformFee: 100,
      stripeFee: 175,
      stripeObjectId: 'ch_1',
      createdAt: new Date('2031-05-10T15:00:00Z'),
    },
    {
      ...booked,
      kind: 'REFUND',
      amount: 2000,
      platformFee: 20,
      stripeFee: 0,
      stripeObjectId: 're_1',
      createdAt: new Date('2031-05-20T15:00:00Z'),
    },
  ]);
});
afterAll(async () => {
  await t?.close();
});

async function report(name: string, token = owner.token): Promise<ReportResponse> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/accounts/current/reports/${name}?${new URLSearchParams(RANGE)}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const totalIn = (r: ReportResponse, currency: string) =>
  r.totals.find((row) => row.currency === currency) ?? {};
const measures = (row: Record<string, unknown>) => Object.fromEntries(SALES_MEASURES.map((k) => [k, row[k]]));

describe('revenue', () => {
  it('per month in the account’s time zone, summed per currency from the orders', async () => {
    const months = await report('revenue-by-month');
    expect(months).toMatchObject({ time_zone: 'Europe/Lisbon', currency: null, trend: 'month' });
    expect(months.rows.map((r) => [r.month, r.currency, r.orders, r.refunds])).toEqual([
      ['2031-04', 'EUR', 1, 0],
      ['2031-05', 'EUR', 3, 1500],
      ['2031-04', 'USD', 0, 0],
      ['2031-05', 'USD', 1, 0],
    ]);
    const euros = await summedByHand(t, shop.event.id, { start: START, end: END });
    expect(measures(totalIn(months, 'EUR'))).toEqual(euros);
    const dollars = await summedByHand(t, dollarEventId, { start: START, end: END });
    expect(measures(totalIn(months, 'USD'))).toEqual(dollars);
    expect(dollars).toMatchObject({ orders: 1, tickets: 2, total: 5000 });
  });

  it('per event, agreeing with the months, the taxes and the event’s own report', async () => {
    const months = await report('revenue-by-month');
    const events = await report('revenue-by-event');
    expect(events.rows.map((r) => [r.event, r.currency, r.orders])).toEqual([
      ['Boston Gig', 'USD', 1],
      ['Harbour Nights', 'EUR', 4],
    ]);
    for (const currency of ['EUR', 'USD'])
      expect(measures(totalIn(events, currency))).toEqual(measures(totalIn(months, currency)));
    const charges = await report('taxes-and-fees');
    expect(totalIn(charges, 'EUR')).toMatchObject({
      taxes: totalIn(months, 'EUR').taxes,
      fees: totalIn(months, 'EUR').fees,
    });
    // The event's own report, over days in New York that hold the same orders.
    const res = await shop.call(
      'GET',
      `/api/events/${shop.event.id}/reports/sales-by-date?from=2031-03-31&to=2031-05-31`,
    );
    expect(measures(res.json().totals[0])).toEqual(measures(totalIn(months, 'EUR')));
  });

  it('and each event’s performance: orders, net and page views', async () => {
    const performance = await report('events-performance');
    expect(performance.rows.map((r) => [r.event, r.currency, r.orders, r.page_views, r.conversion])).toEqual([
      ['Harbour Nights', 'EUR', 4, 0, null],
      ['Boston Gig', 'USD', 1, 0, null],
    ]);
    const months = await report('revenue-by-month');
    expect(performance.rows[0]?.net).toBe(totalIn(months, 'EUR').net);
  });
});

describe('card fees', () => {
  it('are the month’s payments and refunds as Stripe booked them', async () => {
    const fees = await report('card-fees');
    expect(fees.rows).toEqual([
      {
        month: '2031-05',
        currency: 'EUR',
        card_sales: 10_000,
        card_refunds: 2000,
        platform_fees: 80,
        stripe_fees: 175,
        payout: 10_000 - 2000 - 80 - 175,
      },
    ]);
  });
});

describe('downloads and other accounts', () => {
  it('write one totals line per currency', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/accounts/current/reports/revenue-by-month/export?format=csv&${new URLSearchParams(RANGE)}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Month,Currency,Orders,Tickets,Gross,Discounts,Fees,Taxes,Total paid,Refunds,Net');
    expect(lines.filter((l) => l.startsWith('Total,'))).toHaveLength(2);
    expect(lines.at(-1)).toBe('Total,USD,1,2,50.00,0.00,0.00,0.00,50.00,0.00,50.00');
  });

  it('see none of this account’s sales', async () => {
    const other = await makeAccount(t.app);
    const months = await report('revenue-by-month', other.token);
    expect(months.totals).toEqual([
      expect.objectContaining({ currency: 'EUR', orders: 0, total: 0, refunds: 0 }),
    ]);
    expect((await report('events-performance', other.token)).rows).toEqual([]);
    expect((await report('card-fees', other.token)).rows).toEqual([]);
  });
});
