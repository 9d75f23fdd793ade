import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTicketCode } from '../../../common/ticket-code';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeCheckInList, makeLiveEvent, makeOrder, type Owner } from '../../test/builders';
import { addDate, firstDateOf } from '../../test/stock';

// A check-in list bound to one date of an event lets in that date's tickets only (issue 36),
// and says which date a refused ticket is for.

let t: TestApp;
let owner: Owner;
let eventId: number;
let seat: number;
let friday: number;
let saturday: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
  const { event, tickets } = await makeLiveEvent(t.app, owner, {
    title: 'Two nights',
    start_date: '2031-09-05T20:00:00Z',
    tickets: [{ title: 'Seat', type: 'FREE', quantity_available: 10 }],
  });
  eventId = event.id;
  seat = tickets[0]?.id ?? 0;
  friday = await firstDateOf(t.app.db, eventId);
  saturday = await addDate(t.app, owner, { eventId, starts_at: '2031-09-06T20:00:00Z', label: 'Saturday' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const scan = (shortId: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/check-in-lists/${shortId}/check-ins`,
    payload: { ticket_code: code },
  });

describe('a check-in list bound to one date', () => {
  it('lets in its date, refuses the other with that date, and counts its own only', async () => {
    const buy = async (dateId: number, name: string) => {
      const order = await makeOrder(t.app, {
        eventId,
        date_id: dateId,
        lines: [{ ticket_id: seat, quantity: 1 }],
        buyer: name,
      });
      const [attendee] = order.attendees;
      if (!attendee) throw new Error('no attendee');
      return attendee.ticket_code;
    };
    const fridayCode = await buy(friday, 'Fay');
    const saturdayCode = await buy(saturday, 'Sam');
    // The QR code carries the date it is for.
    expect(parseTicketCode(saturdayCode)?.dateId).toBe(saturday);

    const list = await makeCheckInList(t.app, owner, {
      eventId,
      name: 'Saturday door',
      ticket_ids: [seat],
      date_id: saturday,
    });
    expect(list).toMatchObject({ date_id: saturday, expected: 1 });
    const staff = await t.app.inject({ method: 'GET', url: `/api/public/check-in-lists/${list.short_id}` });
    expect(staff.json()).toMatchObject({ date: { id: saturday, label: 'Saturday' }, expected: 1 });
    const people = await t.app.inject({
      method: 'GET',
      url: `/api/public/check-in-lists/${list.short_id}/attendees`,
    });
    expect(people.json().data.map((a: { first_name: string }) => a.first_name)).toEqual(['Sam']);

    const wrong = await scan(list.short_id, fridayCode);
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toMatchObject({
      outcome: 'WRONG_DATE',
      attendee: { first_name: 'Fay' },
      ticket_date: { starts_at: '2031-09-05T20:00:00.000Z', label: null },
    });
    expect((await scan(list.short_id, saturdayCode)).json().outcome).toBe('CHECKED_IN');

    // A list for every date lets both in.
    const door = await makeCheckInList(t.app, owner, { eventId, name: 'Any night', ticket_ids: [seat] });
    expect(door).toMatchObject({ date_id: null, expected: 2 });
    expect((await scan(door.short_id, fridayCode)).json().outcome).toBe('CHECKED_IN');
  });

  it('must be bound to a date of its own event', async () => {
    const other = await makeLiveEvent(t.app, owner, { title: 'Elsewhere' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/events/${eventId}/check-in-lists`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { name: 'Wrong', ticket_ids: [seat], date_id: await firstDateOf(t.app.db, other.event.id) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ date_id: ['This date is not one of the event’s.'] });
  });
});
