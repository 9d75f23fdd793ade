import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeCheckInList, makeLiveEvent, makeOrder, type Owner } from '../../test/builders';
import { hallPlan, seatEvent } from '../../test/seating';

// At an event sold by seat (issue 42), door staff see where each guest sits: on the staff list,
// in the answer to a scan and to an undone check-in; the organizer sees it on the attendee's page.
// An event sold by place shows no seat.

let t: TestApp;
let owner: Owner;
let seatedEvent: number;
let stalls: number;
let placesEvent: number;
let entry: number;

const SEAT = { key: 'S1-2-5', section: 'Section 1', row: '2', row_kind: 'row', seat: '5' };

const scan = (shortId: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/public/check-in-lists/${shortId}/check-ins`, payload });
const staffList = async (shortId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/public/check-in-lists/${shortId}/attendees` })).json()
    .data as { id: number; first_name: string; seat: unknown }[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
  const seated = await makeLiveEvent(t.app, owner, {
    title: 'Gala',
    tickets: [{ title: 'Stalls', type: 'FREE' }],
  });
  seatedEvent = seated.event.id;
  stalls = seated.tickets[0]?.id ?? 0;
  await seatEvent(t.app, owner, { eventId: seatedEvent, plan: hallPlan({ rows: 2 }), ticketIds: [stalls] });
  const places = await makeLiveEvent(t.app, owner, {
    title: 'Club night',
    tickets: [{ title: 'Entry', type: 'FREE' }],
  });
  placesEvent = places.event.id;
  entry = places.tickets[0]?.id ?? 0;
});
afterAll(async () => {
  await t?.close();
});

describe('a seat at the door', () => {
  it('shows on the staff list, in a scan’s answer, in an undone check-in and on the attendee’s page', async () => {
    const order = await makeOrder(t.app, {
      eventId: seatedEvent,
      lines: [{ ticket_id: stalls, quantity: 1, seats: [SEAT.key] }],
      attendees: ['marta'],
    });
    const marta = order.attendees[0];
    if (!marta) throw new Error('no attendee');
    const list = await makeCheckInList(t.app, owner, { eventId: seatedEvent, ticket_ids: [stalls] });

    const people = await staffList(list.short_id);
    expect(people.map((p) => [p.first_name, p.seat])).toEqual([['marta', SEAT]]);
    const id = people[0]?.id ?? 0;

    const scanned = await scan(list.short_id, { ticket_code: marta.ticket_code });
    expect(scanned.statusCode).toBe(201);
    expect(scanned.json()).toMatchObject({ outcome: 'CHECKED_IN', attendee: { id, seat: SEAT } });
    const again = await scan(list.short_id, { attendee_id: id });
    expect(again.json()).toMatchObject({ outcome: 'ALREADY_CHECKED_IN', attendee: { seat: SEAT } });

    const undone = await t.app.inject({
      method: 'DELETE',
      url: `/api/public/check-in-lists/${list.short_id}/check-ins/${scanned.json().check_in.id}`,
    });
    expect(undone.json().attendee.seat).toEqual(SEAT);

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/events/${seatedEvent}/attendees/${id}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(detail.json().seat).toEqual(SEAT);
  });

  it('is null where places are sold, not seats', async () => {
    const order = await makeOrder(t.app, {
      eventId: placesEvent,
      lines: [{ ticket_id: entry, quantity: 1 }],
      attendees: ['nuno'],
    });
    const list = await makeCheckInList(t.app, owner, { eventId: placesEvent, ticket_ids: [entry] });
    expect((await staffList(list.short_id)).map((p) => p.seat)).toEqual([null]);
    const scanned = await scan(list.short_id, { ticket_code: order.attendees[0]?.ticket_code });
    expect(scanned.json()).toMatchObject({
      outcome: 'CHECKED_IN',
      attendee: { first_name: 'nuno', seat: null },
    });
  });
});
