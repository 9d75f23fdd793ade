import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicOrderResponse } from '../../../common/orders';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeLiveEvent, makeOrder, type Owner } from '../../test/builders';

let t: TestApp;
let eventId: number;
/** The day pass, the T-shirt, its size M and the drink voucher. */
let passId: number, shirtId: number, mediumId: number, voucherId: number;

beforeAll(async () => {
  t = await createTestApp();
  const owner: Owner = await makeAccount(t.app);
  const live = await makeLiveEvent(t.app, owner, {
    title: 'Harbour Fest',
    settings: { offline_payments_enabled: true },
    tickets: [
      { title: 'Day pass', type: 'PAID', price: 3000, quantity_available: 50 },
      {
        kind: 'PRODUCT',
        title: 'T-shirt',
        type: 'TIERED',
        prices: ['S', 'M'].map((label) => ({ label, price: 2000, quantity_available: 10 })),
      },
      { kind: 'PRODUCT', redeemable: true, title: 'Drink voucher', type: 'PAID', price: 500 },
    ],
  });
  eventId = live.event.id;
  [passId, shirtId, voucherId] = live.tickets.map((ticket) => ticket?.id ?? 0) as [number, number, number];
  const tiers = await t.app.inject({
    method: 'GET',
    url: `/api/public/events/${eventId}/tickets`,
  });
  const shirt = tiers.json().data.find((i: { id: number }) => i.id === shirtId);
  mediumId = shirt.prices.find((p: { label: string }) => p.label === 'M').price_id;
});
afterAll(async () => {
  await t?.close();
});

const kinds = (order: PublicOrderResponse) =>
  order.items.map((i) => [i.title, i.price_label, i.kind, i.quantity]);

describe('the public order’s lines', () => {
  it('say whether each is a ticket or a product, from the reservation on', async () => {
    const reserved = await t.app.inject({
      method: 'POST',
      url: `/api/public/events/${eventId}/orders`,
      payload: {
        tickets: [
          { ticket_id: passId, quantity: 2 },
          { ticket_id: shirtId, price_id: mediumId, quantity: 1 },
          { ticket_id: voucherId, quantity: 1 },
        ],
      },
    });
    expect(reserved.statusCode, reserved.body).toBe(201);
    const order = reserved.json() as PublicOrderResponse;
    expect(kinds(order)).toEqual([
      ['Day pass', null, 'TICKET', 2],
      ['T-shirt', 'M', 'PRODUCT', 1],
      ['Drink voucher', null, 'PRODUCT', 1],
    ]);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/public/events/${eventId}/orders/${order.short_id}`,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(kinds(read.json())).toEqual(kinds(order));
  });

  it('keep their kind once paid offline, beside the named holders and the voucher in the buyer’s name', async () => {
    const order = await makeOrder(t.app, {
      eventId,
      buyer: 'Rita',
      attendees: ['Ann', 'Bob'],
      until: 'offline',
      lines: [
        { ticket_id: passId, quantity: 2 },
        { ticket_id: shirtId, price_id: mediumId, quantity: 1, product: true },
        { ticket_id: voucherId, quantity: 1, product: true },
      ],
    });
    expect(order.status).toBe('AWAITING_PAYMENT');
    expect(kinds(order)).toEqual([
      ['Day pass', null, 'TICKET', 2],
      ['T-shirt', 'M', 'PRODUCT', 1],
      ['Drink voucher', null, 'PRODUCT', 1],
    ]);
    expect(order.attendees.map((a) => [a.ticket_id, a.first_name])).toEqual([
      [passId, 'Ann'],
      [passId, 'Bob'],
      [voucherId, 'Rita'],
    ]);
  });
});
