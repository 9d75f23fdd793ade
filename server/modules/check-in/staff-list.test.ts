import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckInListRequest } from '../../../common/check-in';
import { attendees, checkIns } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeCheckInList, makeLiveEvent, makeOrder, type Owner } from '../../test/builders';

// What the door staff's list shows of each ticket (decision 039): what tells namesakes apart, what
// to collect for an order paid at the door, a search that cannot spell out e-mail addresses, and a
// payment confirmed at the door that settles its order once, however often a device sends it.

let t: TestApp;
let owner: Owner;
let eventId: number;
let seat: number;
let paid: number;

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/events/${eventId}${url}`,
    headers: { authorization: `Bearer ${owner.token}` },
    ...(payload ? { payload } : {}),
  });

/** A completed order placed by Bea through the public checkout; answers its attendees. */
async function buy(ticketId: number, names: string[]) {
  const order = await makeOrder(t.app, {
    eventId,
    lines: [{ ticket_id: ticketId, quantity: names.length }],
    buyer: 'Bea',
    attendees: names,
    emails: names.map((n) => `${n}@example.com`),
  });
  expect(order.status).toBe('COMPLETED');
  return order.attendees;
}

function newList(fields: Partial<CheckInListRequest> = {}) {
  return makeCheckInList(t.app, owner, { eventId, name: 'Main door', ticket_ids: [seat, paid], ...fields });
}

const scan = (shortId: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/public/check-in-lists/${shortId}/check-ins`, payload });

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
  const { event, tickets } = await makeLiveEvent(t.app, owner, {
    title: 'Door',
    start_date: '2031-09-01T20:00:00Z',
    settings: { offline_payments_enabled: true, offline_payment_instructions: 'Pay at the door.' },
    tickets: [
      { title: 'Seat', type: 'FREE' },
      { title: 'Paid', type: 'PAID', price: 1000, tax_and_fee_ids: [] },
    ],
  });
  eventId = event.id;
  [seat, paid] = tickets.map((ticket) => ticket.id) as [number, number];
});
afterAll(async () => {
  await t?.close();
});

describe('the staff list', () => {
  it('tell namesakes apart, say what to collect, and settle a whole order once however often it is sent', async () => {
    const list = await newList({ name: 'Cash door' });
    const [first] = await buy(seat, ['joana']);
    const [second] = await buy(seat, ['joana']);
    const owing = await makeOrder(t.app, {
      eventId,
      lines: [{ ticket_id: paid, quantity: 3 }],
      buyer: 'Rosa',
      attendees: ['rosa', 'duarte', 'ines'],
      emails: ['rosa@example.com', 'duarte@example.com', 'ines@example.com'],
      until: 'offline',
    });
    if (!first || !second || owing.attendees.length !== 3) throw new Error('orders not placed');
    const staffList = async (query: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/public/check-in-lists/${list.short_id}/attendees?query=${encodeURIComponent(query)}`,
        })
      ).json().data as Record<string, unknown>[];

    // Two people of one name: their orders' references and a hint of their e-mails set them apart.
    const namesakes = await staffList('joana');
    expect(namesakes).toHaveLength(2);
    expect(namesakes.map((p) => p.email_hint)).toEqual(['j•••@example.com', 'j•••@example.com']);
    expect(new Set(namesakes.map((p) => p.order_reference)).size).toBe(2);
    expect(JSON.stringify(namesakes)).not.toContain('joana@example.com');
    // A whole e-mail address finds its holder; part of one finds nobody, so none can be spelled out.
    expect((await staffList('DUARTE@example.com')).map((p) => p.first_name)).toEqual(['duarte']);
    expect(await staffList('duarte@exam')).toEqual([]);
    expect(await staffList('@example.com')).toEqual([]);
    expect((await staffList(owing.reference.toLowerCase())).map((p) => p.first_name).sort()).toEqual([
      'duarte',
      'ines',
      'rosa',
    ]);

    // An order paid at the door: every ticket of it says what to collect for the whole order.
    const due = { total: 3000, currency: 'EUR', items: [{ title: 'Paid', quantity: 3 }] };
    const owingPeople = await staffList(owing.reference);
    expect(owingPeople.map((p) => [p.status, p.payment_due, p.order_reference])).toEqual([
      ['AWAITING_PAYMENT', due, owing.reference],
      ['AWAITING_PAYMENT', due, owing.reference],
      ['AWAITING_PAYMENT', due, owing.reference],
    ]);
    expect(namesakes.map((p) => p.payment_due)).toEqual([null, null]);
    const [rosa, duarte, ines] = owing.attendees;
    if (!rosa || !duarte || !ines) throw new Error('no attendees');
    const refused = await scan(list.short_id, { ticket_code: rosa.ticket_code });
    expect(refused.json()).toMatchObject({
      outcome: 'AWAITING_PAYMENT',
      attendee: { first_name: 'rosa', order_reference: owing.reference },
      payment_due: due,
    });

    // Confirmed on a device offline, uploaded twice, once of them twice at the same moment.
    const confirmation = {
      ticket_code: rosa.ticket_code,
      mark_paid: true,
      nonce: 'cash-door-0001',
      scanned_at: new Date().toISOString(),
      device: 'Till',
    };
    const uploads = [
      await scan(list.short_id, confirmation),
      ...(await Promise.all([scan(list.short_id, confirmation), scan(list.short_id, confirmation)])),
    ];
    expect(uploads.map((u) => u.json().outcome)).toEqual(['CHECKED_IN', 'CHECKED_IN', 'CHECKED_IN']);
    expect(uploads[0]?.json().attendee).toMatchObject({
      first_name: 'rosa',
      order_reference: owing.reference,
    });
    // Another device had also taken the money for Duarte, offline: let in, not paid twice.
    const other = await scan(list.short_id, {
      ticket_code: duarte.ticket_code,
      mark_paid: true,
      nonce: 'cash-door-0002',
      scanned_at: new Date().toISOString(),
    });
    expect(other.json()).toMatchObject({ outcome: 'CHECKED_IN', attendee: { first_name: 'duarte' } });
    const [order] = (await api('GET', `/orders?query=${owing.reference}`)).json().data;
    expect(order.status).toBe('COMPLETED');
    const activity = (await api('GET', `/orders/${order.id}`)).json().activity as { kind: string }[];
    expect(activity.filter((a) => a.kind === 'MARKED_PAID')).toHaveLength(1);
    // The whole order holds now; nothing is left to collect.
    const settled = await staffList(owing.reference);
    expect(settled.map((p) => [p.first_name, p.status, p.payment_due, p.check_in !== null])).toEqual([
      ['duarte', 'ACTIVE', null, true],
      ['ines', 'ACTIVE', null, false],
      ['rosa', 'ACTIVE', null, true],
    ]);
    const rows = await t.app.db.select().from(checkIns).where(eq(checkIns.checkInListId, list.id));
    expect(rows).toHaveLength(2);
  });

  it('still show a holder saved with an empty last name', async () => {
    const list = await newList({ name: 'Old data' });
    const [old] = await buy(seat, ['nameless']);
    if (!old) throw new Error('no attendee');
    await t.app.db.update(attendees).set({ lastName: '' }).where(eq(attendees.shortId, old.short_id));
    const people = await t.app.inject({
      method: 'GET',
      url: `/api/public/check-in-lists/${list.short_id}/attendees?query=nameless`,
    });
    expect(people.statusCode, people.body).toBe(200);
    expect(people.json().data).toMatchObject([{ first_name: 'nameless', last_name: '' }]);
    const scanned = await scan(list.short_id, { ticket_code: old.ticket_code });
    expect(scanned.json()).toMatchObject({ outcome: 'CHECKED_IN', attendee: { last_name: '' } });
  });
});
