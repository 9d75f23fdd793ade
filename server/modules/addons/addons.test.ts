import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendees, orders } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeLiveEvent, makeOrder, type Owner } from '../../test/builders';
import { pdfText } from '../../test/pdf';
import { ticketCounts } from '../../test/stock';

// Add-ons (decision 052): products chosen per attendee of given tickets, tied to that attendee
// and given back with their seat.

let t: TestApp;
let owner: Owner;
let eventId: number;
let conference: number;
let workshopDay: number;
let otherEventTicket: number;
let meal: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
  const live = await makeLiveEvent(t.app, owner, {
    title: 'Lisbon Data Days',
    tickets: [
      { title: 'Conference', type: 'FREE', quantity_available: 100 },
      { title: 'Workshop day', type: 'FREE', quantity_available: 100 },
    ],
  });
  eventId = live.event.id;
  conference = live.tickets[0]?.id ?? 0;
  workshopDay = live.tickets[1]?.id ?? 0;
  const other = await makeLiveEvent(t.app, owner, { tickets: [{ title: 'Elsewhere', type: 'FREE' }] });
  otherEventTicket = other.tickets[0]?.id ?? 0;
  const made = await newItem({
    kind: 'PRODUCT',
    title: 'Lunch',
    type: 'FREE',
    redeemable: true,
    quantity_available: 20,
    addon: { ticket_ids: [conference], max_per_ticket: 1 },
  });
  expect(made.statusCode, made.body).toBe(201);
  meal = made.json().id;
});
afterAll(async () => {
  await t?.close();
});

const as = (options: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object; locale?: string }) =>
  t.app.inject({
    method: options.method,
    url: options.url,
    payload: options.payload,
    headers: { authorization: `Bearer ${owner.token}` },
    cookies: options.locale ? { tessera_locale: options.locale } : {},
  });
const newItem = (payload: object, locale?: string) =>
  as({ method: 'POST', url: `/api/events/${eventId}/tickets`, payload, locale });
const reserve = (tickets: object[]) =>
  t.app.inject({ method: 'POST', url: `/api/public/events/${eventId}/orders`, payload: { tickets } });
const forSeat = (seat: number, ticketId = conference) => ({ ticket_id: ticketId, seat });

describe('an add-on product', () => {
  it('names the tickets it goes with, shown to the organizer and the buyer', async () => {
    const listed = await as({ method: 'GET', url: `/api/events/${eventId}/tickets/${meal}` });
    expect(listed.json().addon).toEqual({ ticket_ids: [conference], min_per_ticket: 0, max_per_ticket: 1 });
    const page = await t.app.inject({ method: 'GET', url: `/api/public/events/${eventId}/tickets` });
    const items = page.json().data as { id: number; addon: unknown }[];
    expect(items.find((i) => i.id === meal)?.addon).toEqual({
      ticket_ids: [conference],
      min_per_ticket: 0,
      max_per_ticket: 1,
    });
    expect(items.find((i) => i.id === conference)?.addon).toBeNull();
  });

  it('goes with the copies of its tickets when the event is duplicated', async () => {
    const res = await as({
      method: 'POST',
      url: `/api/events/${eventId}/duplicate`,
      payload: { start_date: '2032-06-01T20:00:00Z' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const copyId = res.json().id as number;
    const items = (await as({ method: 'GET', url: `/api/events/${copyId}/tickets` })).json().data as {
      id: number;
      title: string;
      addon: { ticket_ids: number[] } | null;
    }[];
    const copiedConference = items.find((i) => i.title === 'Conference')?.id;
    expect(items.find((i) => i.title === 'Lunch')?.addon).toEqual({
      ticket_ids: [copiedConference],
      min_per_ticket: 0,
      max_per_ticket: 1,
    });
  });

  it('refuses, with translated field errors, a rule that cannot hold', async () => {
    const product = { kind: 'PRODUCT', title: 'Parking', type: 'FREE' };
    const elsewhere = await newItem({ ...product, addon: { ticket_ids: [otherEventTicket] } }, 'de');
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors['addon.ticket_ids']).toEqual(['Wählen Sie Tickets dieser Veranstaltung.']);
    const ofProduct = await newItem({ ...product, addon: { ticket_ids: [meal] } });
    expect(Object.keys(ofProduct.json().errors)).toEqual(['addon.ticket_ids']);
    const onTicket = await newItem({ title: 'VIP', type: 'FREE', addon: { ticket_ids: [conference] } });
    expect(Object.keys(onTicket.json().errors)).toEqual(['addon']);
    const range = await newItem({
      ...product,
      addon: { ticket_ids: [conference], min_per_ticket: 3, max_per_ticket: 2 },
    });
    expect(Object.keys(range.json().errors)).toEqual(['addon.max_per_ticket']);
    const all = (await as({ method: 'GET', url: `/api/events/${eventId}/tickets` })).json().data;
    expect(all.map((i: { title: string }) => i.title)).not.toContain('Parking');
  });

  it('is sold only for a seat of its tickets, within its range per attendee, and nothing is held otherwise', async () => {
    const two = { ticket_id: conference, quantity: 2 };
    const cases: [object[], string][] = [
      [[two, { ticket_id: meal, quantity: 1 }], 'tickets.1.addon_for'],
      [[two, { ticket_id: meal, quantity: 1, addon_for: forSeat(3) }], 'tickets.1.addon_for'],
      [[two, { ticket_id: meal, quantity: 2, addon_for: forSeat(1) }], 'tickets.1.quantity'],
      [
        [
          two,
          { ticket_id: meal, quantity: 1, addon_for: forSeat(1) },
          { ticket_id: meal, quantity: 1, addon_for: forSeat(1) },
        ],
        'tickets.2.quantity',
      ],
      [
        [
          { ticket_id: workshopDay, quantity: 1 },
          { ticket_id: meal, quantity: 1, addon_for: forSeat(1, workshopDay) },
        ],
        'tickets.1.addon_for',
      ],
      [[{ ticket_id: conference, quantity: 1, addon_for: forSeat(1) }], 'tickets.0.addon_for'],
    ];
    for (const [lines, field] of cases) {
      const res = await reserve(lines);
      expect(res.statusCode, JSON.stringify(lines)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    expect(await ticketCounts(t.app.db, meal)).toEqual({ quantitySold: 0, quantityReserved: 0 });
    expect(await ticketCounts(t.app.db, conference)).toEqual({ quantitySold: 0, quantityReserved: 0 });
  });

  it('is tied to its attendee, made a voucher in their name, and released when they are cancelled', async () => {
    const order = await makeOrder(t.app, {
      eventId,
      lines: [
        { ticket_id: conference, quantity: 2 },
        { ticket_id: meal, quantity: 1, product: true, addon_for: forSeat(2) },
      ],
      attendees: ['Ana', 'Rui'],
    });
    expect(order.status).toBe('COMPLETED');
    const line = order.items.find((i) => i.ticket_id === meal);
    expect(line?.addon_for).toEqual({
      ticket_id: conference,
      price_id: null,
      seat: 2,
      attendee_name: 'Rui Silva',
      attendee_number: 2,
    });
    expect(await ticketCounts(t.app.db, meal)).toEqual({ quantitySold: 1, quantityReserved: 0 });

    const people = await t.app.db.select().from(attendees).where(eq(attendees.eventId, eventId));
    const rui = people.find((p) => p.firstName === 'Rui' && p.ticketId === conference);
    const voucher = people.find((p) => p.ticketId === meal);
    expect(voucher).toMatchObject({ firstName: 'Rui', holderId: rui?.id, status: 'ACTIVE' });

    // Rui's ticket (page and PDF) shows the lunch; Ana's does not.
    const ticketOf = (shortId = '') =>
      t.app.inject({ method: 'GET', url: `/api/public/events/${eventId}/attendees/${shortId}` });
    expect((await ticketOf(rui?.shortId)).json().addons).toEqual([
      { title: 'Lunch', price_label: null, quantity: 1 },
    ]);
    const ana = people.find((p) => p.firstName === 'Ana');
    expect((await ticketOf(ana?.shortId)).json().addons).toEqual([]);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/public/events/${eventId}/orders/${order.short_id}/tickets.pdf`,
    });
    expect(pdf.statusCode).toBe(200);
    const pages = await pdfText(pdf.rawPayload);
    expect(pages.filter((page) => /ADD-ONS\s+Lunch/.test(page))).toHaveLength(1);

    const cancelled = await as({ method: 'POST', url: `/api/events/${eventId}/attendees/${rui?.id}/cancel` });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await ticketCounts(t.app.db, meal)).toEqual({ quantitySold: 0, quantityReserved: 0 });
    const [after] = await t.app.db
      .select({ status: attendees.status })
      .from(attendees)
      .where(and(eq(attendees.id, voucher?.id ?? 0)));
    expect(after?.status).toBe('CANCELLED');
    expect(await ticketCounts(t.app.db, conference)).toMatchObject({ quantitySold: 1 });

    // The whole order cancelled afterwards gives back only what it still held.
    const [row] = await t.app.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.shortId, order.short_id));
    const orderId = row?.id;
    const all = await as({
      method: 'POST',
      url: `/api/events/${eventId}/orders/${orderId}/cancel`,
      payload: { notify_buyer: false },
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(await ticketCounts(t.app.db, conference)).toEqual({ quantitySold: 0, quantityReserved: 0 });
    expect(await ticketCounts(t.app.db, meal)).toEqual({ quantitySold: 0, quantityReserved: 0 });
  });

  it('takes its units again when its attendee is reactivated', async () => {
    const workshop = await newItem({
      kind: 'PRODUCT',
      title: 'Workshop seat',
      type: 'FREE',
      quantity_available: 5,
      max_per_order: 10,
      addon: { ticket_ids: [conference], max_per_ticket: 3 },
    });
    const workshopId = workshop.json().id;
    await makeOrder(t.app, {
      eventId,
      lines: [
        { ticket_id: conference, quantity: 1 },
        { ticket_id: workshopId, quantity: 3, product: true, addon_for: forSeat(1) },
      ],
      attendees: ['Marta'],
    });
    expect(await ticketCounts(t.app.db, workshopId)).toMatchObject({ quantitySold: 3 });
    const [marta] = await t.app.db
      .select()
      .from(attendees)
      .where(and(eq(attendees.eventId, eventId), eq(attendees.firstName, 'Marta')));
    await as({ method: 'POST', url: `/api/events/${eventId}/attendees/${marta?.id}/cancel` });
    expect(await ticketCounts(t.app.db, workshopId)).toMatchObject({ quantitySold: 0 });
    const back = await as({
      method: 'POST',
      url: `/api/events/${eventId}/attendees/${marta?.id}/reactivate`,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await ticketCounts(t.app.db, workshopId)).toMatchObject({ quantitySold: 3 });
  });

  it('is required for every seat when its minimum is above zero', async () => {
    const badge = await newItem({
      kind: 'PRODUCT',
      title: 'Badge',
      type: 'FREE',
      addon: { ticket_ids: [workshopDay], min_per_ticket: 1, max_per_ticket: 1 },
    });
    const badgeId = badge.json().id;
    const missing = await reserve([
      { ticket_id: workshopDay, quantity: 2 },
      { ticket_id: badgeId, quantity: 1, addon_for: forSeat(1, workshopDay) },
    ]);
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['tickets']);
    const both = await reserve([
      { ticket_id: workshopDay, quantity: 2 },
      { ticket_id: badgeId, quantity: 1, addon_for: forSeat(1, workshopDay) },
      { ticket_id: badgeId, quantity: 1, addon_for: forSeat(2, workshopDay) },
    ]);
    expect(both.statusCode, both.body).toBe(201);
    await as({
      method: 'PUT',
      url: `/api/events/${eventId}/tickets/${badgeId}`,
      payload: {
        kind: 'PRODUCT',
        title: 'Badge',
        type: 'FREE',
        is_hidden: true,
        addon: { ticket_ids: [workshopDay], min_per_ticket: 1 },
      },
    });
  });
});
