import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicTicketsResponse } from '../../../common/public-tickets';
import { attendees } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeCheckInList, makeLiveEvent, makeOrder, type Owner } from '../../test/builders';

let t: TestApp;
let owner: Owner;
let eventId: number;
let ticketId: number;
let otherEventId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
  const live = await makeLiveEvent(t.app, owner, {
    title: 'Harbour Fest',
    settings: { offline_payments_enabled: true },
    tickets: [{ title: 'Day pass', type: 'PAID', price: 3000, quantity_available: 50 }],
  });
  eventId = live.event.id;
  ticketId = live.tickets[0]?.id ?? 0;
  otherEventId = (await makeLiveEvent(t.app, owner, { title: 'Elsewhere' })).event.id;
});
afterAll(async () => {
  await t?.close();
});

const as = (options: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object }) =>
  t.app.inject({ ...options, headers: { authorization: `Bearer ${owner.token}` } });
const categories = (id = eventId, suffix = '') => `/api/events/${id}/categories${suffix}`;
const newCategory = async (name: string, extra: object = {}, id = eventId) => {
  const res = await as({ method: 'POST', url: categories(id), payload: { name, ...extra } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; sort_order: number };
};
const newItem = (payload: object) => as({ method: 'POST', url: `/api/events/${eventId}/tickets`, payload });
const shirt = (categoryId: number | null) => ({
  kind: 'PRODUCT',
  category_id: categoryId,
  title: 'T-shirt',
  type: 'TIERED',
  prices: ['S', 'M', 'L', 'XL'].map((label) => ({
    label,
    price: label === 'XL' ? 2200 : 2000,
    quantity_available: 10,
  })),
  tax_and_fee_ids: [],
});
async function publicTickets(): Promise<PublicTicketsResponse> {
  const res = await t.app.inject({ method: 'GET', url: `/api/public/events/${eventId}/tickets` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('catalogue categories', () => {
  it('are created in order, renamed, sorted and deleted without losing what they held', async () => {
    const merch = await newCategory('Merchandise');
    const food = await newCategory('Food', { description: 'Served from noon' });
    expect(food.sort_order).toBe(merch.sort_order + 1);
    const made = await newItem(shirt(merch.id));
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ kind: 'PRODUCT', category_id: merch.id, redeemable: false });

    const sorted = await as({
      method: 'POST',
      url: categories(eventId, '/sort'),
      payload: { category_ids: [food.id, merch.id] },
    });
    expect(sorted.json().data.map((c: { name: string; items: number }) => [c.name, c.items])).toEqual([
      ['Food', 0],
      ['Merchandise', 1],
    ]);
    const partial = await as({
      method: 'POST',
      url: categories(eventId, '/sort'),
      payload: { category_ids: [food.id] },
    });
    expect(partial.statusCode).toBe(422);

    const renamed = await as({
      method: 'PUT',
      url: categories(eventId, `/${food.id}`),
      payload: { name: 'Food & drink', description: '' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Food & drink', description: null });

    const gone = await as({ method: 'DELETE', url: categories(eventId, `/${merch.id}`) });
    expect(gone.statusCode).toBe(204);
    const item = await as({ method: 'GET', url: `/api/events/${eventId}/tickets/${made.json().id}` });
    expect(item.json()).toMatchObject({ title: 'T-shirt', category_id: null });
    expect((await as({ method: 'DELETE', url: categories(eventId, `/${merch.id}`) })).statusCode).toBe(404);
  });

  it('refuse bad input with field errors and write nothing', async () => {
    const elsewhere = await newCategory('Other event’s', {}, otherEventId);
    const foreign = await newItem({ ...shirt(elsewhere.id), title: 'Cap' });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toHaveProperty('category_id');
    const noVariant = await newItem({ ...shirt(null), prices: [] });
    expect(noVariant.statusCode).toBe(422);
    expect(noVariant.json().errors.prices[0]).toMatch(/variant/i);
    const unnamed = await newItem({ ...shirt(null), prices: [{ label: ' ', price: 100 }] });
    expect(unnamed.json().errors).toHaveProperty(['prices.0.label']);
    const negative = await newItem({
      ...shirt(null),
      prices: [{ label: 'S', price: 100, quantity_available: -1 }],
    });
    expect(negative.json().errors).toHaveProperty(['prices.0.quantity_available']);
    const redeemableTicket = await newItem({ title: 'Entry', type: 'FREE', redeemable: true });
    expect(redeemableTicket.statusCode).toBe(422);
    expect(redeemableTicket.json().errors).toHaveProperty('redeemable');
    const blank = await as({ method: 'POST', url: categories(), payload: { name: '' } });
    expect(blank.json().errors).toHaveProperty('name');
    const list = await as({ method: 'GET', url: `/api/events/${eventId}/tickets` });
    expect(list.json().data.map((x: { title: string }) => x.title)).not.toContain('Cap');
  });
});

describe('products on sale', () => {
  it('are listed under their categories; a hidden category hides what it holds', async () => {
    const bar = await newCategory('Bar');
    const secret = await newCategory('Backstage', { is_hidden: true });
    const voucher = await newItem({
      kind: 'PRODUCT',
      category_id: bar.id,
      redeemable: true,
      title: 'Drink voucher',
      type: 'PAID',
      price: 500,
      tax_and_fee_ids: [],
    });
    expect(voucher.statusCode, voucher.body).toBe(201);
    await newItem({ kind: 'PRODUCT', category_id: secret.id, title: 'Meet & greet', type: 'FREE' });

    const body = await publicTickets();
    const titles = body.data.map((x) => x.title);
    expect(titles).toContain('Drink voucher');
    expect(titles).not.toContain('Meet & greet');
    expect(titles.indexOf('Day pass')).toBeLessThan(titles.indexOf('Drink voucher'));
    expect(body.data.find((x) => x.title === 'Drink voucher')).toMatchObject({
      kind: 'PRODUCT',
      category_id: bar.id,
    });
    expect(body.categories.map((c) => c.name)).toContain('Bar');
    expect(body.categories.map((c) => c.name)).not.toContain('Backstage');
    // Nor can it be ordered by naming it.
    const hidden = (await as({ method: 'GET', url: `/api/events/${eventId}/tickets` }))
      .json()
      .data.find((x: { title: string }) => x.title === 'Meet & greet');
    const ordered = await t.app.inject({
      method: 'POST',
      url: `/api/public/events/${eventId}/orders`,
      payload: { tickets: [{ ticket_id: hidden.id, quantity: 1 }] },
    });
    expect(ordered.statusCode).toBe(422);
  });

  it('sell a variant and a voucher beside a ticket: attendees only for the ticket, a voucher per redeemable unit', async () => {
    const catalogue = await publicTickets();
    const tee = catalogue.data.find((x) => x.title === 'T-shirt');
    const voucher = catalogue.data.find((x) => x.title === 'Drink voucher');
    const medium = tee?.prices.find((p) => p.label === 'M');
    if (!tee || !voucher || !medium?.price_id) throw new Error('catalogue incomplete');
    const order = await makeOrder(t.app, {
      eventId,
      lines: [
        { ticket_id: ticketId, quantity: 2 },
        { ticket_id: tee.id, price_id: medium.price_id, quantity: 1, product: true },
        { ticket_id: voucher.id, quantity: 2, product: true },
      ],
      buyer: 'Rita',
      attendees: ['Ana', 'Bruno'],
      until: 'offline',
    });
    expect(order.totals.total).toBe(2 * 3000 + 2000 + 2 * 500);
    // The event's first order: every attendee of the event is this order's.
    const mine = await t.app.db.select().from(attendees).where(eq(attendees.eventId, eventId));
    expect(mine.map((p) => [p.ticketId, p.firstName]).sort()).toEqual(
      [
        [ticketId, 'Ana'],
        [ticketId, 'Bruno'],
        [voucher.id, 'Rita'],
        [voucher.id, 'Rita'],
      ].sort(),
    );
    const stock = await as({ method: 'GET', url: `/api/events/${eventId}/tickets/${tee.id}` });
    const m = stock.json().prices.find((p: { label: string }) => p.label === 'M');
    expect(m).toMatchObject({ quantity_reserved: 1, quantity_remaining: 9 });

    const csv = await as({
      method: 'GET',
      url: `/api/events/${eventId}/orders/export?format=csv&rows=lines`,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, ...lines] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toBe(
      'Order reference,Order status,First name,Last name,E-mail,Currency,Kind,Item,Variant or tier,Quantity,Unit price,Discount,Subtotal,Fees,Taxes,Total,Created (UTC)',
    );
    expect(lines.map((l) => l.split(',').slice(6, 16).join(','))).toEqual([
      'Ticket,Day pass,,2,30.00,0.00,60.00,0.00,0.00,60.00',
      'Product,T-shirt,M,1,20.00,0.00,20.00,0.00,0.00,20.00',
      'Product,Drink voucher,,2,5.00,0.00,10.00,0.00,0.00,10.00',
    ]);
    const perOrder = await as({ method: 'GET', url: `/api/events/${eventId}/orders/export?format=csv` });
    expect(perOrder.body.trim().split('\r\n')).toHaveLength(2);

    const locked = await as({
      method: 'PUT',
      url: `/api/events/${eventId}/tickets/${voucher.id}`,
      payload: { title: 'Drink voucher', type: 'PAID', price: 500 },
    });
    expect(locked.statusCode).toBe(422);
    expect(locked.json().errors).toHaveProperty('kind');
  });

  it('refuse an attendee named for a product line', async () => {
    const catalogue = await publicTickets();
    const tee = catalogue.data.find((x) => x.title === 'T-shirt');
    const small = tee?.prices.find((p) => p.label === 'S');
    if (!tee || !small?.price_id) throw new Error('catalogue incomplete');
    await expect(
      makeOrder(t.app, {
        eventId,
        lines: [{ ticket_id: tee.id, price_id: small.price_id, quantity: 1 }],
        until: 'details',
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('a redeemable product’s voucher is scanned once, on a list that names it', async () => {
    const made = await newItem({
      kind: 'PRODUCT',
      redeemable: true,
      title: 'Parking pass',
      type: 'FREE',
      quantity_available: 5,
    });
    expect(made.statusCode, made.body).toBe(201);
    const parking = made.json().id as number;
    const order = await makeOrder(t.app, {
      eventId,
      lines: [{ ticket_id: parking, quantity: 1, product: true }],
      buyer: 'Carla',
    });
    expect(order.status).toBe('COMPLETED');
    const [pass] = order.attendees;
    expect(order.attendees).toHaveLength(1);
    expect(pass).toMatchObject({ first_name: 'Carla', ticket_id: parking });
    const car = await makeCheckInList(t.app, owner, { eventId, name: 'Car park', ticket_ids: [parking] });
    const door = await makeCheckInList(t.app, owner, { eventId, name: 'Door', ticket_ids: [ticketId] });
    const scan = (shortId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/check-in-lists/${shortId}/check-ins`,
        payload: { ticket_code: pass?.ticket_code },
      });
    expect((await scan(door.short_id)).json().outcome).toBe('NOT_ON_LIST');
    const first = await scan(car.short_id);
    expect(first.statusCode).toBe(201);
    expect(first.json().outcome).toBe('CHECKED_IN');
    const again = await scan(car.short_id);
    expect(again.json().outcome).toBe('ALREADY_CHECKED_IN');
  });

  it('are copied with their categories when the event is duplicated', async () => {
    const res = await as({
      method: 'POST',
      url: `/api/events/${eventId}/duplicate`,
      payload: { start_date: '2032-06-01T20:00:00Z' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const copyId = res.json().id as number;
    const copied = (await as({ method: 'GET', url: categories(copyId) })).json().data;
    const bar = copied.find((c: { name: string }) => c.name === 'Bar');
    expect(bar).toMatchObject({ items: 1 });
    const items = (await as({ method: 'GET', url: `/api/events/${copyId}/tickets` })).json().data;
    expect(items.find((i: { title: string }) => i.title === 'Drink voucher')).toMatchObject({
      kind: 'PRODUCT',
      redeemable: true,
      category_id: bar.id,
    });
  });
});
