import { eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ReportResponse } from '../../common/reports';
import { attendees, eventDates, orderItems, orders, refunds, tickets } from '../db/schema';
import type { TestApp } from './app';
import {
  makeAffiliate,
  makeCheckInList,
  makeLiveEvent,
  makeOrder,
  makePromoCode,
  makeTaxOrFee,
  type Owner,
} from './builders';

/**
 * The mixed sales the report tests read (decision 054), in an event in New York (UTC−4 in May)
 * of an account in Lisbon: a seat taxed at 23 % with a booking fee, a book (a product) taxed at
 * 6 %, two dates, a promo code, an affiliate, a partial refund, an order cancelled unpaid, an
 * order sold before the range whose refund falls within it, and a check-in.
 */
export async function makeReportShop(t: TestApp, owner: Owner) {
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${owner.token}` } });
  const tax = (name: string, rate: number) =>
    makeTaxOrFee(t.app, owner, { name, type: 'TAX', calculation_type: 'PERCENTAGE', rate });
  const vat = await tax('VAT', 23);
  const reduced = await tax('VAT reduced', 6);
  const fee = await makeTaxOrFee(t.app, owner, {
    name: 'Booking fee',
    type: 'FEE',
    calculation_type: 'FIXED',
    rate: 150,
  });
  const { event, tickets: made } = await makeLiveEvent(t.app, owner, {
    title: 'Harbour Nights',
    start_date: '2031-06-20T23:00:00Z',
    timezone: 'America/New_York',
    settings: { offline_payments_enabled: true },
    tickets: [
      { title: 'Seat', type: 'PAID', price: 4000, tax_and_fee_ids: [vat.id, fee.id] },
      { title: 'Book', kind: 'PRODUCT', type: 'PAID', price: 2000, tax_and_fee_ids: [reduced.id] },
    ],
  });
  const [seat, book] = made;
  if (!seat || !book) throw new Error('tickets missing');
  const second = await call('POST', `/api/events/${event.id}/dates`, {
    starts_at: '2031-06-27T23:00:00Z',
    label: 'Late show',
  });
  expect(second.statusCode, second.body).toBe(201);
  const secondDateId = second.json().id as number;
  const [first] = await t.app.db
    .select({ id: eventDates.id })
    .from(eventDates)
    .where(eq(eventDates.eventId, event.id))
    .orderBy(eventDates.startsAt);
  if (!first) throw new Error('date missing');
  const firstDateId = first.id;
  await makePromoCode(t.app, owner, { eventId: event.id, code: 'RIVER10' });
  await makeAffiliate(t.app, owner, { eventId: event.id, name: 'Friend', code: 'FRIEND' });

  const idOf = async (order: Promise<{ short_id: string }>) => {
    const { short_id } = await order;
    const [row] = await t.app.db.select({ id: orders.id }).from(orders).where(eq(orders.shortId, short_id));
    if (!row) throw new Error('order missing');
    return row.id;
  };
  /** Placed to pay offline, marked paid, then dated `completedAt` as if it had been. */
  const sold = async (plan: Omit<Parameters<typeof makeOrder>[1], 'eventId'>, completedAt: string) => {
    const id = await idOf(
      makeOrder(t.app, { eventId: event.id, date_id: firstDateId, ...plan, until: 'offline' }),
    );
    const paid = await call('POST', `/api/events/${event.id}/orders/${id}/mark-paid`);
    expect(paid.statusCode, paid.body).toBe(200);
    await t.app.db
      .update(orders)
      .set({ completedAt: new Date(completedAt) })
      .where(eq(orders.id, id));
    return id;
  };
  const refund = async (orderId: number, amount: number, at: string) => {
    const res = await call('POST', `/api/events/${event.id}/orders/${orderId}/offline-refunds`, {
      amount,
      note: 'Given back at the box office',
      notify_buyer: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.db
      .update(refunds)
      .set({ updatedAt: new Date(at) })
      .where(eq(refunds.orderId, orderId));
  };

  const a = await sold(
    {
      lines: [
        { ticket_id: seat.id, quantity: 2 },
        { ticket_id: book.id, quantity: 1, product: true },
      ],
      promo_code: 'RIVER10',
      affiliate_code: 'FRIEND',
    },
    '2031-05-10T15:00:00Z',
  );
  // 03:30 UTC on the 11th is 23:30 on the 10th in New York.
  const b = await sold(
    { lines: [{ ticket_id: seat.id, quantity: 1 }], date_id: secondDateId },
    '2031-05-11T03:30:00Z',
  );
  await refund(b, 1000, '2031-05-12T12:00:00Z');
  // 04:30 UTC on the 12th is 00:30 on the 12th in New York.
  const c = await sold(
    {
      lines: [
        { ticket_id: seat.id, quantity: 1 },
        { ticket_id: book.id, quantity: 1, product: true },
      ],
    },
    '2031-05-12T04:30:00Z',
  );
  // Sold before the range; its refund falls within it.
  const before = await sold({ lines: [{ ticket_id: seat.id, quantity: 1 }] }, '2031-04-01T12:00:00Z');
  await refund(before, 500, '2031-05-11T12:00:00Z');
  // Placed to pay offline and cancelled unpaid: no sale.
  const unpaid = await idOf(
    makeOrder(t.app, {
      eventId: event.id,
      date_id: firstDateId,
      lines: [{ ticket_id: seat.id, quantity: 3 }],
      until: 'offline',
    }),
  );
  const cancelled = await call('POST', `/api/events/${event.id}/orders/${unpaid}/cancel`, {
    notify_buyer: false,
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);

  // One of order A's seats is let in at the door.
  const list = await makeCheckInList(t.app, owner, {
    eventId: event.id,
    ticket_ids: [seat.id],
    name: 'Main door',
  });
  const [guest] = await t.app.db
    .select({ id: attendees.id })
    .from(attendees)
    .where(eq(attendees.orderId, a))
    .orderBy(attendees.id);
  if (!guest) throw new Error('attendee missing');
  const scan = await t.app.inject({
    method: 'POST',
    url: `/api/public/check-in-lists/${list.short_id}/check-ins`,
    payload: { attendee_id: guest.id },
  });
  expect(scan.statusCode, scan.body).toBe(201);

  return { event, seat, book, secondDateId, orderIds: { a, b, c, before, unpaid }, call };
}

/** The range the tests ask for, and its bounds in UTC (New York is UTC−4 in May). */
export const RANGE = { from: '2031-05-10', to: '2031-05-12' };
export const RANGE_START = new Date('2031-05-10T04:00:00Z');
export const RANGE_END = new Date('2031-05-13T04:00:00Z');

/**
 * The figures of an event's sales within [start, end), added up here in TypeScript from the
 * order rows, the lines and the refunds: another way than the reports' SQL.
 */
export async function summedByHand(t: TestApp, eventId: number, bounds: { start: Date; end: Date }) {
  const inside = (d: Date | null) => d !== null && d >= bounds.start && d < bounds.end;
  const all = await t.app.db.select().from(orders).where(eq(orders.eventId, eventId));
  const sales = all.filter((o) => inside(o.completedAt));
  const sum = (pick: (o: (typeof sales)[number]) => number) => sales.reduce((s, o) => s + pick(o), 0);
  const lines =
    sales.length === 0
      ? []
      : await t.app.db
          .select({ quantity: orderItems.quantity, kind: tickets.kind })
          .from(orderItems)
          .innerJoin(tickets, eq(tickets.id, orderItems.ticketId))
          .where(
            inArray(
              orderItems.orderId,
              sales.map((o) => o.id),
            ),
          );
  const completed = all.filter((o) => o.completedAt !== null).map((o) => o.id);
  const given = await t.app.db.select().from(refunds).where(sql`${refunds.status} = 'SUCCEEDED'`);
  const refunded = given
    .filter((r) => completed.includes(r.orderId) && inside(r.updatedAt))
    .reduce((s, r) => s + r.amount, 0);
  const total = sum((o) => o.total);
  return {
    orders: sales.length,
    tickets: lines.filter((l) => l.kind === 'TICKET').reduce((s, l) => s + l.quantity, 0),
    gross: sum((o) => o.gross),
    discounts: sum((o) => o.discount),
    fees: sum((o) => o.fees),
    taxes: sum((o) => o.taxes),
    total,
    refunds: refunded,
    net: total - refunded,
  };
}

/** A report's one totals row. */
export function totalsOf(report: ReportResponse) {
  expect(report.totals).toHaveLength(1);
  return report.totals[0] ?? {};
}

/** The sum of one column over a report's rows. */
export const columnSum = (report: ReportResponse, key: string) =>
  report.rows.reduce((s, row) => s + Number(row[key] ?? 0), 0);
