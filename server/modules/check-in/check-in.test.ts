import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckInListRequest } from '../../../common/check-in';
import { parseTicketCode } from '../../../common/ticket-code';
import { checkInScans, checkIns } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeCheckInList, makeLiveEvent, makeOrder, type Owner } from '../../test/builders';
import { ticketCodeHash } from './public-list';

// Check-in lists and the door: every outcome of a scan, signed codes, nonces that make retries
// and offline uploads harmless, and one check-in however many devices scan a ticket at once.

let t: TestApp;
let owner: Owner;
let eventId: number;
let seat: number;
let backstage: number;
let paid: number;
let base: string;

const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  as(owner.token, method, `/api/events/${eventId}${url}`, payload);

/** An order placed by Bea through the public checkout; answers its attendees. */
async function buy(ticketId: number, names: string[], offline = false) {
  const order = await makeOrder(t.app, {
    eventId,
    lines: [{ ticket_id: ticketId, quantity: names.length }],
    buyer: 'Bea',
    attendees: names,
    emails: names.map((n) => `${n}@example.com`),
    until: offline ? 'offline' : 'complete',
  });
  expect(order.status).toBe(offline ? 'AWAITING_PAYMENT' : 'COMPLETED');
  return order.attendees;
}

/** A list for the seat and paid tickets, as the organizer makes it. */
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
      { title: 'Backstage', type: 'FREE' },
      { title: 'Paid', type: 'PAID', price: 1000, tax_and_fee_ids: [] },
    ],
  });
  eventId = event.id;
  [seat, backstage, paid] = tickets.map((ticket) => ticket.id) as [number, number, number];
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
});

describe('check-in lists', () => {
  it('are made for tickets of the event, with a link that can be replaced', async () => {
    const none = await api('POST', '/check-in-lists', { name: 'Empty', ticket_ids: [] });
    expect(none.statusCode).toBe(422);
    const foreign = await api('POST', '/check-in-lists', { name: 'Other', ticket_ids: [999999] });
    expect(foreign.json().errors).toEqual({ ticket_ids: ['Choose tickets of this event.'] });
    const backwards = await api('POST', '/check-in-lists', {
      name: 'Backwards',
      ticket_ids: [seat],
      activates_at: '2031-09-02T00:00:00Z',
      expires_at: '2031-09-01T00:00:00Z',
    });
    expect(Object.keys(backwards.json().errors)).toEqual(['expires_at']);

    const created = await api('POST', '/check-in-lists', {
      name: 'Main door',
      ticket_ids: [seat, paid],
      description: 'Scan everyone at the front.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const list = created.json() as { id: number; short_id: string };
    expect(list.short_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const publicView = await t.app.inject({
      method: 'GET',
      url: `/api/public/check-in-lists/${list.short_id}`,
    });
    expect(publicView.json()).toMatchObject({
      name: 'Main door',
      state: 'ACTIVE',
      ticket_ids: [seat, paid].sort((a, b) => a - b),
      event: { id: eventId, title: 'Door' },
    });
    expect(publicView.json().event.public_key).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const replaced = await api('POST', `/check-in-lists/${list.id}/link`);
    expect(replaced.json().short_id).not.toBe(list.short_id);
    const old = await t.app.inject({ method: 'GET', url: `/api/public/check-in-lists/${list.short_id}` });
    expect(old.statusCode).toBe(404);
    expect(old.json().code).toBe('CHECK_IN_LIST_NOT_FOUND');

    const stranger = await makeAccount(t.app);
    const hidden = await as(stranger.token, 'GET', `/api/events/${eventId}/check-in-lists/${list.id}`);
    expect(hidden.statusCode).toBe(404);
    expect((await api('DELETE', `/check-in-lists/${list.id}`)).statusCode).toBe(204);
  });

  it('answer every kind of scan', async () => {
    const list = await newList();
    const [ana, rui] = await buy(seat, ['ana', 'rui']);
    const [vip] = await buy(backstage, ['vip']);
    const [owing] = await buy(paid, ['owing'], true);
    if (!ana || !rui || !vip || !owing) throw new Error('orders not placed');

    const first = await scan(list.short_id, { ticket_code: ana.ticket_code, device: 'Door 1' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      outcome: 'CHECKED_IN',
      attendee: { first_name: 'ana', last_name: 'Silva', ticket_title: 'Seat' },
      check_in: { device: 'Door 1' },
    });
    const again = await scan(list.short_id, { ticket_code: ana.ticket_code, device: 'Door 2' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ outcome: 'ALREADY_CHECKED_IN', check_in: { device: 'Door 1' } });
    expect((await scan(list.short_id, { ticket_code: vip.ticket_code })).json().outcome).toBe('NOT_ON_LIST');
    expect((await scan(list.short_id, { ticket_code: owing.ticket_code })).json().outcome).toBe(
      'AWAITING_PAYMENT',
    );
    // Paid at the door: the order is settled and the ticket let in, in one go.
    const settled = await scan(list.short_id, {
      ticket_code: owing.ticket_code,
      mark_paid: true,
      device: 'Till',
    });
    expect(settled.statusCode, settled.body).toBe(201);
    expect(settled.json().outcome).toBe('CHECKED_IN');
    const [owingOrder] = (await api('GET', '/orders?query=bea@'))
      .json()
      .data.filter((o: { total: number }) => o.total === 1000);
    expect(owingOrder.status).toBe('COMPLETED');
    const activity = (await api('GET', `/orders/${owingOrder.id}`)).json().activity;
    expect(activity[0]).toMatchObject({
      kind: 'MARKED_PAID',
      by: null,
      data: { check_in_list: 'Main door' },
    });

    // Made-up, altered, or signed for another ticket: all INVALID, with nothing about anyone.
    const parts = parseTicketCode(rui.ticket_code);
    if (!parts) throw new Error('unreadable code');
    const altered = rui.ticket_code.replace(`.${parts.ticketId}.`, `.${backstage}.`);
    const forgedSignature = `${parts.message}.${'A'.repeat(86)}`;
    for (const code of ['hello', altered, forgedSignature, `${ana.ticket_code}x`]) {
      const res = await scan(list.short_id, { ticket_code: code });
      expect(res.json(), code).toEqual({ outcome: 'INVALID' });
    }

    // Cancelled tickets are refused, and listed as revoked for devices that work offline.
    const [listed] = (await api('GET', '/attendees?query=rui@')).json().data;
    await api('POST', `/attendees/${listed.id}/cancel`);
    expect((await scan(list.short_id, { ticket_code: rui.ticket_code })).json().outcome).toBe('CANCELLED');
    const view = await t.app.inject({ method: 'GET', url: `/api/public/check-in-lists/${list.short_id}` });
    expect(view.json().revoked).toEqual([ticketCodeHash(rui.short_id)]);

    // Picked by hand from the staff list, which shows names and states but no e-mail or link.
    const people = await t.app.inject({
      method: 'GET',
      url: `/api/public/check-in-lists/${list.short_id}/attendees?query=ana`,
    });
    const [person] = people.json().data;
    expect(person).toMatchObject({
      first_name: 'ana',
      ticket_title: 'Seat',
      code_hash: ticketCodeHash(ana.short_id),
    });
    expect(person.check_in).not.toBeNull();
    expect(JSON.stringify(people.json())).not.toContain('ana@example.com');
    expect(JSON.stringify(people.json())).not.toContain(ana.short_id);

    // Undo, then in again.
    const undo = await t.app.inject({
      method: 'DELETE',
      url: `/api/public/check-in-lists/${list.short_id}/check-ins/${first.json().check_in.id}`,
    });
    expect(undo.statusCode).toBe(200);
    const byHand = await scan(list.short_id, { attendee_id: person.id });
    expect(byHand.json().outcome).toBe('CHECKED_IN');
    // The organizer sees the ticket's check-in history, the undone one included.
    const history = (await api('GET', `/attendees/${person.id}`)).json().check_ins;
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ list_name: 'Main door', checked_out_at: null });
    expect(history[1]).toMatchObject({ list_name: 'Main door', device: 'Door 1' });
    expect(history[1].checked_out_at).not.toBeNull();

    const stats = (await api('GET', '/check_in_stats')).json();
    const main = stats.lists.find((l: { id: number }) => l.id === list.id);
    expect(main).toMatchObject({ checked_in: 2, expected: 2, conflicts: 0 });
    expect(main.tickets).toEqual([
      { ticket_id: seat, title: 'Seat', checked_in: 1, expected: 1 },
      { ticket_id: paid, title: 'Paid', checked_in: 1, expected: 1 },
    ]);
  });

  it('name the attendee by id in every answer, so a device tells namesakes apart', async () => {
    const list = await newList({ name: 'Namesakes' });
    const [first] = await buy(seat, ['maria']);
    const [second] = await buy(seat, ['maria']);
    const [owing] = await buy(paid, ['maria'], true);
    if (!first || !second || !owing) throw new Error('orders not placed');
    const people = await t.app.inject({
      method: 'GET',
      url: `/api/public/check-in-lists/${list.short_id}/attendees?query=maria`,
    });
    const idOf = (attendee: { short_id: string }) =>
      (people.json().data as { id: number; code_hash: string }[]).find(
        (p) => p.code_hash === ticketCodeHash(attendee.short_id),
      )?.id;
    const [one, two, three] = [idOf(first), idOf(second), idOf(owing)];
    expect(new Set([one, two, three]).size).toBe(3);
    const who = (res: { json: () => { attendee?: { id: number } } }) => res.json().attendee?.id;

    const scanned = await scan(list.short_id, { ticket_code: second.ticket_code, nonce: 'namesake-0001' });
    expect(scanned.json()).toMatchObject({
      outcome: 'CHECKED_IN',
      attendee: { id: two, first_name: 'maria' },
    });
    expect(who(await scan(list.short_id, { ticket_code: second.ticket_code }))).toBe(two);
    expect(who(await scan(list.short_id, { attendee_id: one }))).toBe(one);
    expect(who(await scan(list.short_id, { ticket_code: owing.ticket_code }))).toBe(three);
    const settled = await scan(list.short_id, { ticket_code: owing.ticket_code, mark_paid: true });
    expect(settled.json()).toMatchObject({ outcome: 'CHECKED_IN', attendee: { id: three } });

    // Undone: the answer says whose check-in it was.
    const undone = await t.app.inject({
      method: 'DELETE',
      url: `/api/public/check-in-lists/${list.short_id}/check-ins/${scanned.json().check_in.id}`,
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({
      attendee: { id: two },
      check_in: { id: scanned.json().check_in.id },
    });
    expect(undone.json().check_in.checked_out_at).not.toBeNull();

    // Uploaded from an offline device, and uploaded again.
    const upload = {
      ticket_code: second.ticket_code,
      nonce: 'namesake-0002',
      scanned_at: new Date().toISOString(),
    };
    expect((await scan(list.short_id, upload)).json()).toMatchObject({
      outcome: 'CHECKED_IN',
      attendee: { id: two },
    });
    expect(who(await scan(list.short_id, upload))).toBe(two);
    // An answer written down before answers named the attendee is replayed with the id.
    await t.app.db
      .update(checkInScans)
      .set({ answer: sql`${checkInScans.answer} #- '{body,attendee,id}'` })
      .where(eq(checkInScans.nonce, 'namesake-0002'));
    expect(who(await scan(list.short_id, upload))).toBe(two);
  });

  it('answer not yet active and expired lists', async () => {
    const [eva] = await buy(seat, ['eva']);
    if (!eva) throw new Error('no attendee');
    const later = await newList({ name: 'Tomorrow', activates_at: '2099-01-01T00:00:00Z' });
    expect((await scan(later.short_id, { ticket_code: eva.ticket_code })).json()).toEqual({
      outcome: 'LIST_NOT_ACTIVE',
    });
    const over = await newList({ name: 'Yesterday', expires_at: '2020-01-01T00:00:00Z' });
    expect((await scan(over.short_id, { ticket_code: eva.ticket_code })).json()).toEqual({
      outcome: 'LIST_EXPIRED',
    });
    const missing = await scan('A'.repeat(22), { ticket_code: eva.ticket_code });
    expect(missing.statusCode).toBe(404);
  });

  it('give a repeated nonce its first answer, and count offline double scans as conflicts', async () => {
    const list = await newList({ name: 'Offline door' });
    const [kai, lia] = await buy(seat, ['kai', 'lia']);
    if (!kai || !lia) throw new Error('no attendees');
    // Two devices let Kai in while offline; each uploads its batch twice.
    const batchA = [
      {
        ticket_code: kai.ticket_code,
        nonce: 'device-a-0001',
        scanned_at: '2031-09-01T19:00:00Z',
        device: 'A',
      },
    ];
    const batchB = [
      {
        ticket_code: kai.ticket_code,
        nonce: 'device-b-0001',
        scanned_at: '2031-09-01T19:01:00Z',
        device: 'B',
      },
      {
        ticket_code: lia.ticket_code,
        nonce: 'device-b-0002',
        scanned_at: '2031-09-01T19:02:00Z',
        device: 'B',
      },
    ];
    const answers = [];
    for (const body of [...batchA, ...batchB, ...batchB, ...batchA])
      answers.push((await scan(list.short_id, body)).json());
    expect(answers.map((a) => a.outcome)).toEqual([
      'CHECKED_IN',
      'ALREADY_CHECKED_IN',
      'CHECKED_IN',
      'ALREADY_CHECKED_IN',
      'CHECKED_IN',
      'CHECKED_IN',
    ]);
    // Replays are the first answers, word for word.
    expect(answers[5]).toEqual(answers[0]);
    const rows = await t.app.db.select().from(checkIns).where(eq(checkIns.checkInListId, list.id));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.madeOffline)).toBe(true);
    const stats = (await api('GET', '/check_in_stats')).json();
    expect(stats.lists.find((l: { id: number }) => l.id === list.id)).toMatchObject({
      checked_in: 2,
      conflicts: 1,
    });
  });

  it('make one check-in when many devices scan one ticket at once', async () => {
    const list = await newList({ name: 'Rush door' });
    const [max] = await buy(seat, ['max']);
    if (!max) throw new Error('no attendee');
    const devices = t.app.databaseKind === 'postgresql' ? 100 : 20;
    const results = await Promise.all(
      Array.from({ length: devices }, (_, i) =>
        fetch(`${base}/api/public/check-in-lists/${list.short_id}/check-ins`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ticket_code: max.ticket_code, device: `Phone ${i}` }),
        }).then(async (r) => ({
          status: r.status,
          outcome: ((await r.json()) as { outcome: string }).outcome,
        })),
      ),
    );
    expect(results.filter((r) => r.outcome === 'CHECKED_IN')).toHaveLength(1);
    expect(results.filter((r) => r.outcome === 'ALREADY_CHECKED_IN')).toHaveLength(devices - 1);
    const rows = await t.app.db.select().from(checkIns).where(eq(checkIns.checkInListId, list.id));
    expect(rows).toHaveLength(1);
  });
});
