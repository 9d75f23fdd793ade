import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import {
  makeAccount,
  makeEvent,
  makePromoCode,
  makeTaxOrFee,
  makeTicket,
  type Owner,
  setEventStatus,
} from '../../test/builders';
import { ticketCounts } from '../../test/stock';
import { sweepExpiredReservations } from './service';

let t: TestApp;
let owner: Owner;
let eventId: number;
const ids: Record<string, number> = {};
let earlyTier: number;

const future = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();

beforeAll(async () => {
  // Every buyer of this file orders from 127.0.0.1: room for all of them (the limits themselves
  // are tested in server/http/abuse-limits.test.ts).
  t = await createTestApp({ env: { ORDER_RATE_LIMIT_PER_MINUTE: '500', OPEN_ORDERS_PER_ADDRESS: '500' } });
  owner = await makeAccount(t.app);
  eventId = (
    await makeEvent(t.app, owner, {
      title: 'Selling',
      start_date: '2031-09-01T20:00:00Z',
      settings: { offline_payments_enabled: true },
    })
  ).id;
  const vat = await makeTaxOrFee(t.app, owner, {
    name: 'VAT',
    type: 'TAX',
    calculation_type: 'PERCENTAGE',
    rate: '23',
    applies_to_fees: true,
  });
  const fee = await makeTaxOrFee(t.app, owner, {
    name: 'Booking',
    type: 'FEE',
    calculation_type: 'FIXED',
    rate: 100,
  });
  const ticket = async (name: string, fields: Omit<Parameters<typeof makeTicket>[2], 'eventId'>) => {
    const made = await makeTicket(t.app, owner, { eventId, title: name, tax_and_fee_ids: [], ...fields });
    ids[name] = made.id;
    return made;
  };
  await ticket('paid', {
    type: 'PAID',
    price: 2000,
    quantity_available: 5,
    min_per_order: 2,
    max_per_order: 4,
    tax_and_fee_ids: [vat.id, fee.id],
  });
  await ticket('free', { type: 'FREE' });
  await ticket('donation', { type: 'DONATION', price: 500 });
  await ticket('later', { type: 'FREE', sale_start_date: future });
  await ticket('secret', { type: 'PAID', price: 1000, is_hidden_without_promo_code: true });
  const tiered = await ticket('tiered', {
    type: 'TIERED',
    prices: [
      { label: 'Early', price: 3000, quantity_available: 2 },
      { label: 'Late', price: 4000 },
    ],
  });
  earlyTier = tiered.prices[0]?.id ?? 0;
  await makePromoCode(t.app, owner, { eventId, code: 'TENOFF', discount_type: 'PERCENTAGE', discount: 10 });
  await setEventStatus(t.app, owner, { id: eventId, status: 'LIVE' });
});
afterAll(async () => {
  await t?.close();
});

const order = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/public/events/${eventId}/orders`, payload, headers });
const counters = async (ticketId: number | undefined) => {
  const row = await ticketCounts(t.app.db, ticketId ?? 0);
  return { sold: row.quantitySold, reserved: row.quantityReserved };
};

describe('reserving an order', () => {
  it('prices the lines with discount, fees and taxes, and holds the seats until the timeout', async () => {
    const res = await order({ tickets: [{ ticket_id: ids.paid, quantity: 2 }], promo_code: 'tenoff' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.short_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(body.status).toBe('RESERVED');
    const minutes = (Date.parse(body.reserved_until) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    // 20.00 − 10 % = 18.00 each; fee 1.00 each; VAT 23 % of (36.00 + 2.00) = 8.74.
    expect(body.items[0]).toMatchObject({
      quantity: 2,
      unit_price: 2000,
      discount: 400,
      subtotal: 3600,
      fees: 200,
      taxes: 874,
      total: 4674,
    });
    expect(body.totals).toEqual({
      gross: 4000,
      discount: 400,
      subtotal: 3600,
      fees: 200,
      taxes: 874,
      total: 4674,
    });
    expect(await counters(ids.paid)).toEqual({ sold: 0, reserved: 2 });
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/public/events/${eventId}/orders/${body.short_id}`,
    });
    expect(again.json()).toMatchObject({ short_id: body.short_id, promo_code: 'TENOFF' });
  });

  it('refuses each bad line with its own reason', async () => {
    const errorsOf = async (payload: object) => {
      const res = await order(payload);
      expect(res.statusCode, res.body).toBe(422);
      return res.json().errors;
    };
    expect(await errorsOf({ tickets: [] })).toEqual({ tickets: ['Select at least one ticket.'] });
    expect(await errorsOf({ tickets: [{ ticket_id: ids.paid, quantity: 0 }] })).toEqual({
      tickets: ['Select at least one ticket.'],
    });
    expect(await errorsOf({ tickets: [{ ticket_id: ids.paid, quantity: 1 }] })).toEqual({
      'tickets.0.quantity': ['Order at least 2 of this ticket.'],
    });
    expect(
      await errorsOf({
        tickets: [
          { ticket_id: ids.free, quantity: 1 },
          { ticket_id: ids.paid, quantity: 5 },
        ],
      }),
    ).toEqual({
      'tickets.1.quantity': ['You can order at most 4 of this ticket.'],
    });
    expect(await errorsOf({ tickets: [{ ticket_id: ids.later, quantity: 1 }] })).toEqual({
      'tickets.0.ticket_id': ['This ticket is not on sale.'],
    });
    expect(await errorsOf({ tickets: [{ ticket_id: ids.secret, quantity: 1 }] })).toEqual({
      'tickets.0.ticket_id': ['This ticket is only available with a promo code.'],
    });
    expect(await errorsOf({ tickets: [{ ticket_id: ids.donation, quantity: 1, price: 499 }] })).toEqual({
      'tickets.0.price': ['The amount is below the minimum price of this ticket.'],
    });
    expect(await errorsOf({ tickets: [{ ticket_id: ids.tiered, quantity: 1 }] })).toEqual({
      'tickets.0.price_id': ['Choose a price of this ticket.'],
    });
    expect(await errorsOf({ tickets: [{ ticket_id: ids.free, quantity: 1 }], promo_code: 'NOPE' })).toEqual({
      promo_code: ['This promo code is invalid or not recognized.'],
    });
    expect(await errorsOf({ tickets: [{ ticket_id: 999_999, quantity: 1 }] })).toEqual({
      'tickets.0.ticket_id': ['Choose tickets of this event.'],
    });
    // A code unlocks the hidden ticket; a donation takes the buyer's price.
    const unlocked = await order({
      tickets: [
        { ticket_id: ids.secret, quantity: 1 },
        { ticket_id: ids.donation, quantity: 1, price: 1500 },
      ],
      promo_code: 'TENOFF',
    });
    expect(unlocked.statusCode, unlocked.body).toBe(201);
    // No discount on donations.
    expect(
      unlocked.json().items.map((i: { unit_price: number; discount: number }) => [i.unit_price, i.discount]),
    ).toEqual([
      [1000, 100],
      [1500, 0],
    ]);
  });

  it('answers 409 when the stock has run out, and takes nothing then', async () => {
    const first = await order({ tickets: [{ ticket_id: ids.tiered, price_id: earlyTier, quantity: 2 }] });
    expect(first.statusCode, first.body).toBe(201);
    const before = await counters(ids.tiered);
    const refused = await order({
      tickets: [
        { ticket_id: ids.free, quantity: 1 },
        { ticket_id: ids.tiered, price_id: earlyTier, quantity: 1 },
      ],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Not enough tickets are left for this order. Choose fewer or another ticket.',
    );
    expect(await counters(ids.tiered)).toEqual(before);
    expect(await counters(ids.free)).toEqual({ sold: 0, reserved: 0 });
  });

  it('answers the same order to a repeated Idempotency-Key, and refuses the key for another request', async () => {
    const body = { tickets: [{ ticket_id: ids.free, quantity: 2 }] };
    const one = await order(body, { 'idempotency-key': 'retry-123' });
    const two = await order(body, { 'idempotency-key': 'retry-123' });
    expect(one.statusCode).toBe(201);
    expect(two.statusCode).toBe(200);
    expect(two.json().short_id).toBe(one.json().short_id);
    expect(await counters(ids.free)).toEqual({ sold: 0, reserved: 2 });
    const other = await order(
      { tickets: [{ ticket_id: ids.free, quantity: 3 }] },
      { 'idempotency-key': 'retry-123' },
    );
    expect(other.statusCode).toBe(422);
  });

  it('gives the seats back when abandoned, and when the reservation expires', async () => {
    const start = await counters(ids.paid);
    const held = (await order({ tickets: [{ ticket_id: ids.paid, quantity: 2 }] })).json();
    expect((await counters(ids.paid)).reserved).toBe((start.reserved ?? 0) + 2);
    const url = `/api/public/events/${eventId}/orders/${held.short_id}/abandon`;
    const abandoned = await t.app.inject({ method: 'POST', url });
    expect(abandoned.json().status).toBe('ABANDONED');
    expect(await counters(ids.paid)).toEqual(start);
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(409);

    // 5 in stock, 2 held by the first test: 3 left; a reservation of 3 past its time stops counting.
    const stale = (await order({ tickets: [{ ticket_id: ids.paid, quantity: 3 }] })).json();
    expect((await order({ tickets: [{ ticket_id: ids.paid, quantity: 2 }] })).statusCode).toBe(409);
    await t.app.db
      .update(orders)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.shortId, stale.short_id));
    const fresh = await order({ tickets: [{ ticket_id: ids.paid, quantity: 2 }] });
    expect(fresh.statusCode, fresh.body).toBe(201);
    const expired = await t.app.inject({
      method: 'GET',
      url: `/api/public/events/${eventId}/orders/${stale.short_id}`,
    });
    expect(expired.json().status).toBe('EXPIRED');

    // The background sweep does the same without a buyer.
    await t.app.db
      .update(orders)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.shortId, fresh.json().short_id));
    expect(await sweepExpiredReservations(t.app.db)).toBeGreaterThanOrEqual(1);
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/public/events/${eventId}/orders/${fresh.json().short_id}/abandon`,
    });
    expect(late.statusCode).toBe(409);
  });

  it('is only for live events, and a made-up short id names no order', async () => {
    const draft = await makeEvent(t.app, owner, { title: 'Draft', start_date: '2031-09-02T20:00:00Z' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/public/events/${draft.id}/orders`,
      payload: { tickets: [{ ticket_id: ids.free, quantity: 1 }] },
    });
    expect(res.statusCode).toBe(404);
    const none = await t.app.inject({
      method: 'GET',
      url: `/api/public/events/${eventId}/orders/${'x'.repeat(22)}`,
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('This order no longer exists.');
  });
});
