import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendeeResponse } from '../../../common/attendees';
import type { WaitlistResponse } from '../../../common/waitlist';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, type Owner } from '../../test/builders';
import { buyOn, makeTwoDateEvent, type TwoDates } from '../../test/event-dates';

// The attendees and the waiting list of an event that happens twice (issue 36): each row shows
// its date, `?date_id=` narrows the list and its export, another event's date is a 422.

let t: TestApp;
let owner: Owner;
let ev: TwoDates;

const get = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${owner.token}` } });

const join = (dateId: number, name: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/events/${ev.eventId}/waitlist`,
    payload: {
      ticket_id: ev.ticketIds[1],
      date_id: dateId,
      first_name: name,
      last_name: 'Silva',
      email: `${name.toLowerCase()}@example.com`,
    },
  });

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
  ev = await makeTwoDateEvent(t.app, owner, [
    { title: 'Seat', type: 'FREE' },
    { title: 'Front row', type: 'FREE', quantity_available: 1, waitlist_enabled: true },
  ]);
  const [seat = 0, front = 0] = ev.ticketIds;
  await buyOn(t.app, { eventId: ev.eventId, dateId: ev.first, ticketId: seat, names: ['Ana', 'Bea'] });
  await buyOn(t.app, { eventId: ev.eventId, dateId: ev.second, ticketId: seat, names: ['Caio'] });
  // The front row sells out on both dates; Eva waits for the first, Fabio and Gil for the second.
  await buyOn(t.app, { eventId: ev.eventId, dateId: ev.first, ticketId: front, names: ['Duda'] });
  await buyOn(t.app, { eventId: ev.eventId, dateId: ev.second, ticketId: front, names: ['Hugo'] });
  for (const [dateId, name] of [
    [ev.first, 'Eva'],
    [ev.second, 'Fabio'],
    [ev.second, 'Gil'],
  ] as const) {
    const joined = await join(dateId, name);
    expect(joined.statusCode, joined.body).toBe(201);
  }
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const namesOf = (rows: { first_name: string }[]) => rows.map((r) => r.first_name).sort();

describe('attendees by date', () => {
  it('shows each attendee with their date, and narrows the list to one date', async () => {
    const all = await get(`/api/events/${ev.eventId}/attendees?per_page=50`);
    expect(all.statusCode, all.body).toBe(200);
    const people = all.json<{ data: AttendeeResponse[] }>().data;
    expect(namesOf(people)).toEqual(['Ana', 'Bea', 'Caio', 'Duda', 'Hugo']);
    expect(people.find((p) => p.first_name === 'Caio')).toMatchObject({
      date_id: ev.second,
      date: { id: ev.second, starts_at: '2031-01-08T20:00:00.000Z', ends_at: null, label: 'Second night' },
    });
    const first = await get(`/api/events/${ev.eventId}/attendees?date_id=${ev.first}`);
    const page = first.json<{ data: AttendeeResponse[]; meta: { total: number } }>();
    expect(namesOf(page.data)).toEqual(['Ana', 'Bea', 'Duda']);
    expect(page.meta.total).toBe(3);
    const both = await get(
      `/api/events/${ev.eventId}/attendees?date_id=${ev.second}&filter_fields[ticket_id][eq]=${ev.ticketIds[0]}`,
    );
    expect(namesOf(both.json<{ data: AttendeeResponse[] }>().data)).toEqual(['Caio']);
  });

  it('shows the date on one attendee', async () => {
    const list = await get(`/api/events/${ev.eventId}/attendees?query=hugo`);
    const [hugo] = list.json<{ data: AttendeeResponse[] }>().data;
    const one = await get(`/api/events/${ev.eventId}/attendees/${hugo?.id}`);
    expect(one.json()).toMatchObject({ date_id: ev.second, date: { label: 'Second night' } });
  });

  it('exports one date’s attendees with a Date column in the event’s time zone', async () => {
    const res = await get(`/api/events/${ev.eventId}/attendees/export?format=csv&date_id=${ev.first}`);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]).toBe(
      'Attendee ID,First name,Last name,E-mail,Status,Checked in,Checked in at (UTC),Ticket,Price tier,Date,Order reference,Order status,Added by hand,Created (UTC)',
    );
    expect(lines).toHaveLength(4);
    expect(lines.find((line) => line.includes(',Ana,'))).toMatch(
      /,Seat,,2031-01-01 21:00,[A-Z0-9]+,COMPLETED,No,/,
    );
  });

  it('refuses another event’s date, or none at all, as a field error', async () => {
    for (const url of [
      `/api/events/${ev.eventId}/attendees?date_id=999999`,
      `/api/events/${ev.eventId}/attendees/export?date_id=999999`,
      `/api/events/${ev.eventId}/waitlist?date_id=999999`,
      `/api/events/${ev.eventId}/waitlist/export?date_id=999999`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(422);
      expect(Object.keys(res.json<{ errors: object }>().errors), url).toEqual(['date_id']);
    }
  });
});

describe('waiting list by date', () => {
  it('shows each entry’s date, and one date’s entries, places and counts', async () => {
    const all = await get(`/api/events/${ev.eventId}/waitlist`);
    expect(all.statusCode, all.body).toBe(200);
    const list = all.json<WaitlistResponse>();
    expect(list.data.map((e) => [e.name, e.date_id, e.position])).toEqual([
      ['Eva Silva', ev.first, 1],
      ['Fabio Silva', ev.second, 1],
      ['Gil Silva', ev.second, 2],
    ]);
    expect(list.data[1]?.date).toMatchObject({ id: ev.second, label: 'Second night' });
    const second = (
      await get(`/api/events/${ev.eventId}/waitlist?date_id=${ev.second}`)
    ).json<WaitlistResponse>();
    expect(second.data.map((e) => e.name)).toEqual(['Fabio Silva', 'Gil Silva']);
    expect(second.counts).toMatchObject([{ ticket_id: ev.ticketIds[1], waiting: 2 }]);
  });

  it('exports one date’s entries with their date', async () => {
    const res = await get(`/api/events/${ev.eventId}/waitlist/export?format=csv&date_id=${ev.first}`);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]).toMatch(/^Position,Name,E-mail,Ticket,Date,Status,/);
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]).toContain('Eva Silva,eva@example.com,Front row,2031-01-01 21:00,WAITING');
  });
});
