import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeEvent, makeLiveEvent, makeOrder, type Owner } from '../../test/builders';

// Dates of an event (issue 36): every event has one or more; an event made with a start and an
// end has one, which follows them while it is its only one.

let t: TestApp;
let owner: Owner;
let other: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
  other = await makeAccount(t.app);
});
afterAll(async () => {
  await t?.close();
});

const call = (who: Owner, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    payload,
    headers: { authorization: `Bearer ${who.token}`, 'accept-language': 'de' },
  });

const eventSpan = async (id: number) => {
  const [row] = await queryRows<{ start_date: string | Date; end_date: string | Date | null }>(
    t.app.db,
    sql`select start_date, end_date from events where id = ${id}`,
  );
  const iso = (value: string | Date | null | undefined) => (value ? new Date(value).toISOString() : null);
  return { start: iso(row?.start_date), end: iso(row?.end_date) };
};

describe('the dates of an event', () => {
  it('start as one, the event’s own start and end, which follows the event’s edits', async () => {
    const event = await makeEvent(t.app, owner, {
      start_date: '2031-03-01T19:00:00Z',
      end_date: '2031-03-01T22:00:00Z',
    });
    const listed = await call(owner, 'GET', `/api/events/${event.id}/dates`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual([
      expect.objectContaining({
        event_id: event.id,
        starts_at: '2031-03-01T19:00:00.000Z',
        ends_at: '2031-03-01T22:00:00.000Z',
        label: null,
        status: 'ON_SALE',
        capacity: null,
      }),
    ]);
    const moved = await call(owner, 'PUT', `/api/events/${event.id}`, {
      start_date: '2031-03-08T18:00:00Z',
      end_date: null,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [date] = (await call(owner, 'GET', `/api/events/${event.id}/dates`)).json().data;
    expect(date).toMatchObject({ starts_at: '2031-03-08T18:00:00.000Z', ends_at: null });
  });

  it('are added, changed and deleted, the event spanning those not cancelled, never fewer than one', async () => {
    const event = await makeEvent(t.app, owner, {
      start_date: '2031-04-07T19:00:00Z',
      end_date: '2031-04-07T21:00:00Z',
    });
    const [first] = (await call(owner, 'GET', `/api/events/${event.id}/dates`)).json().data;
    const added = await call(owner, 'POST', `/api/events/${event.id}/dates`, {
      starts_at: '2031-04-14T19:00:00Z',
      ends_at: '2031-04-14T21:00:00Z',
      label: '  Second week ',
      capacity: 40,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ label: 'Second week', capacity: 40, status: 'ON_SALE' });
    expect(await eventSpan(event.id)).toEqual({
      start: '2031-04-07T19:00:00.000Z',
      end: '2031-04-14T21:00:00.000Z',
    });
    // A cancelled date leaves the span; the other dates are the event's.
    const cancelled = await call(owner, 'PUT', `/api/events/${event.id}/dates/${first.id}`, {
      starts_at: first.starts_at,
      ends_at: first.ends_at,
      status: 'CANCELLED',
    });
    expect(cancelled.json().status).toBe('CANCELLED');
    expect(await eventSpan(event.id)).toEqual({
      start: '2031-04-14T19:00:00.000Z',
      end: '2031-04-14T21:00:00.000Z',
    });
    // Editing the event's start no longer moves a date: it has two.
    await call(owner, 'PUT', `/api/events/${event.id}`, { title: 'Renamed' });
    expect((await call(owner, 'DELETE', `/api/events/${event.id}/dates/${first.id}`)).statusCode).toBe(204);
    const last = await call(owner, 'DELETE', `/api/events/${event.id}/dates/${added.json().id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ code: 'LAST_EVENT_DATE' });
    expect(last.json().message).not.toMatch(/last date cannot be deleted/);
    expect((await call(owner, 'GET', `/api/events/${event.id}/dates`)).json().data).toHaveLength(1);
  });

  it('are cancelled by an edit only when nobody holds an order of them: the others are cancelled with refunds', async () => {
    const { event, tickets } = await makeLiveEvent(t.app, owner, {
      tickets: [{ title: 'Seat', type: 'FREE', quantity_available: 10 }],
    });
    const dateAt = async (starts_at: string) => {
      const res = await call(owner, 'POST', `/api/events/${event.id}/dates`, { starts_at });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: number; starts_at: string; status: string };
    };
    const sold = await dateAt('2031-06-10T19:00:00Z');
    const pending = await dateAt('2031-06-11T19:00:00Z');
    const empty = await dateAt('2031-06-12T19:00:00Z');
    const lines = [{ ticket_id: tickets[0]?.id ?? 0, quantity: 1 }];
    await makeOrder(t.app, { eventId: event.id, date_id: sold.id, lines });
    await makeOrder(t.app, { eventId: event.id, date_id: pending.id, lines, until: 'reserved' });
    const cancelByEdit = (date: { id: number; starts_at: string }) =>
      call(owner, 'PUT', `/api/events/${event.id}/dates/${date.id}`, {
        starts_at: date.starts_at,
        status: 'CANCELLED',
      });
    for (const date of [sold, pending]) {
      const refused = await cancelByEdit(date);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().errors).toEqual({
        status: [
          'Dieser Termin hat Bestellungen oder Personen auf seiner Warteliste. Verwenden Sie „Termin absagen“: So werden die Bestellungen erstattet und alle benachrichtigt.',
        ],
      });
      const [still] = await queryRows<{ status: string }>(
        t.app.db,
        sql`select status from event_dates where id = ${date.id}`,
      );
      expect(still?.status).toBe('ON_SALE');
    }
    // Other edits of a date with orders go through; a date nobody ordered may be cancelled so.
    const renamed = await call(owner, 'PUT', `/api/events/${event.id}/dates/${sold.id}`, {
      starts_at: sold.starts_at,
      label: 'Premiere',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const cancelled = await cancelByEdit(empty);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('CANCELLED');
  });

  it('refuse an end before the start, in the caller’s language, writing nothing', async () => {
    const event = await makeEvent(t.app, owner);
    const refused = await call(owner, 'POST', `/api/events/${event.id}/dates`, {
      starts_at: '2031-05-01T20:00:00Z',
      ends_at: '2031-05-01T19:00:00Z',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ ends_at: ['Das Ende muss nach dem Beginn liegen.'] });
    const negative = await call(owner, 'POST', `/api/events/${event.id}/dates`, {
      starts_at: '2031-05-01T20:00:00Z',
      capacity: -1,
    });
    expect(negative.statusCode).toBe(422);
    expect((await call(owner, 'GET', `/api/events/${event.id}/dates`)).json().data).toHaveLength(1);
  });

  it('are another account’s to no one: 404 for every one of them', async () => {
    const event = await makeEvent(t.app, owner);
    const [date] = (await call(owner, 'GET', `/api/events/${event.id}/dates`)).json().data;
    for (const [method, url] of [
      ['GET', `/api/events/${event.id}/dates`],
      ['GET', `/api/events/${event.id}/dates/${date.id}`],
      ['DELETE', `/api/events/${event.id}/dates/${date.id}`],
    ] as const) {
      expect((await call(other, method, url)).statusCode).toBe(404);
    }
    const own = await makeEvent(t.app, other);
    // Another event's date through one's own event: not found either.
    expect((await call(other, 'GET', `/api/events/${own.id}/dates/${date.id}`)).statusCode).toBe(404);
  });

  it('are made by a rule in the event’s time zone, all or none, at most 1,000', async () => {
    const event = await makeEvent(t.app, owner, {
      start_date: '2031-03-20T19:00:00Z',
      timezone: 'Europe/Lisbon',
    });
    const weekly = {
      frequency: 'WEEKLY',
      weekdays: ['TU', 'TH'],
      from: '2031-03-24',
      until: '2031-04-10',
      start_time: '19:00',
      end_time: '21:00',
      skip: ['2031-04-08'],
      label: 'Evening class',
    };
    const made = await call(owner, 'POST', `/api/events/${event.id}/dates/rule`, weekly);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.map((d: { starts_at: string }) => d.starts_at)).toEqual([
      '2031-03-25T19:00:00.000Z',
      '2031-03-27T19:00:00.000Z',
      '2031-04-01T18:00:00.000Z',
      '2031-04-03T18:00:00.000Z',
      '2031-04-10T18:00:00.000Z',
    ]);
    expect(made.json().data[0]).toMatchObject({
      label: 'Evening class',
      ends_at: '2031-03-25T21:00:00.000Z',
    });
    expect(await eventSpan(event.id)).toEqual({
      start: '2031-03-20T19:00:00.000Z',
      end: '2031-04-10T20:00:00.000Z',
    });
    const count = async () => (await call(owner, 'GET', `/api/events/${event.id}/dates`)).json().data.length;
    expect(await count()).toBe(6);
    // Too many, none, or on sale in the past: a translated field error, nothing written.
    const daily = { frequency: 'DAILY', from: '2032-01-01', until: '2034-12-31', start_time: '10:00' };
    const tooMany = await call(owner, 'POST', `/api/events/${event.id}/dates/rule`, daily);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.until).toEqual([
      'Das ergibt mehr als 1.000 Termine. Wählen Sie einen kürzeren Zeitraum oder weniger Tage.',
    ]);
    const none = await call(owner, 'POST', `/api/events/${event.id}/dates/rule`, {
      ...weekly,
      weekdays: ['MO'],
      from: '2031-05-06',
      until: '2031-05-10',
    });
    expect(none.statusCode).toBe(422);
    expect(Object.keys(none.json().errors)).toEqual(['from']);
    const past = await call(owner, 'POST', `/api/events/${event.id}/dates/rule`, {
      ...weekly,
      from: '2020-01-01',
      until: '2020-02-01',
      skip: [],
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.from).toEqual(['Ein Termin im Verkauf muss in der Zukunft beginnen.']);
    const pastOne = await call(owner, 'POST', `/api/events/${event.id}/dates`, {
      starts_at: '2020-01-01T10:00:00Z',
    });
    expect(pastOne.json().errors.starts_at).toEqual(['Ein Termin im Verkauf muss in der Zukunft beginnen.']);
    // A past date may be recorded when it is not on sale (a date that was held before).
    const held = await call(owner, 'POST', `/api/events/${event.id}/dates`, {
      starts_at: '2020-01-01T10:00:00Z',
      status: 'HIDDEN',
    });
    expect(held.statusCode).toBe(201);
    expect(await count()).toBe(7);
  });
});
