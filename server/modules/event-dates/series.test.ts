import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDateResponse } from '../../../common/event-dates';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeLiveEvent, makeOrder, type Owner } from '../../test/builders';

// The future dates of a rule, changed together (issue 36): local times kept across a change of
// daylight-saving time, label, status and capacity; all or none; past dates left alone.

let t: TestApp;
let owner: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const as = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${owner.token}` },
    ...(payload ? { payload } : {}),
  });

const lisbon = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Lisbon',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

describe('the future dates of a rule', () => {
  it('move to new local times on their own days, across a daylight-saving change, all or none', async () => {
    const { event, tickets } = await makeLiveEvent(t.app, owner, {
      title: 'Weekly class',
      timezone: 'Europe/Lisbon',
      start_date: '2031-03-01T10:00:00Z',
      tickets: [{ title: 'Place', type: 'FREE', quantity_available: 20 }],
    });
    const made = await as('POST', `/api/events/${event.id}/dates/rule`, {
      frequency: 'WEEKLY',
      weekdays: ['TU'],
      from: '2031-03-18',
      until: '2031-04-08',
      start_time: '19:00',
      end_time: '21:00',
    });
    expect(made.statusCode, made.body).toBe(201);
    const dates = made.json().data as EventDateResponse[];
    const ruleId = dates[0]?.rule_id;
    expect(dates.map((d) => lisbon(d.starts_at))).toEqual([
      'Tue 19:00',
      'Tue 19:00',
      'Tue 19:00',
      'Tue 19:00',
    ]);

    const moved = await as('PUT', `/api/events/${event.id}/date-rules/${ruleId}`, {
      start_time: '20:00',
      end_time: '22:30',
      label: 'Late',
      capacity: 30,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = moved.json().data as EventDateResponse[];
    expect(after.map((d) => [lisbon(d.starts_at), lisbon(d.ends_at ?? ''), d.label, d.capacity])).toEqual(
      Array.from({ length: 4 }, () => ['Tue 20:00', 'Tue 22:30', 'Late', 30]),
    );
    // Winter time on the 25th of March, summer time from the 30th: the instants differ by an hour.
    expect(after.map((d) => d.starts_at.slice(11, 16))).toEqual(['20:00', '20:00', '19:00', '19:00']);

    // Two seats taken on one date: a capacity of one for every date is refused, nothing written.
    await makeOrder(t.app, {
      eventId: event.id,
      date_id: after[1]?.id,
      lines: [{ ticket_id: tickets[0]?.id ?? 0, quantity: 2 }],
    });
    const refused = await as('PUT', `/api/events/${event.id}/date-rules/${ruleId}`, {
      capacity: 1,
      label: 'Tiny',
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['capacity']);
    const kept = (await as('GET', `/api/events/${event.id}/dates`)).json().data as EventDateResponse[];
    expect(kept.filter((d) => d.rule_id === ruleId).map((d) => [d.label, d.capacity])).toEqual(
      Array.from({ length: 4 }, () => ['Late', 30]),
    );
  });

  it('leave the dates already past as they were', async () => {
    const { event } = await makeLiveEvent(t.app, owner, { title: 'Daily' });
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const made = await as('POST', `/api/events/${event.id}/dates/rule`, {
      frequency: 'DAILY',
      from: day(-3),
      until: day(3),
      start_time: '12:00',
      status: 'HIDDEN',
    });
    expect(made.statusCode, made.body).toBe(201);
    const ruleId = made.json().data[0].rule_id;
    const res = await as('PUT', `/api/events/${event.id}/date-rules/${ruleId}`, { label: 'Lunch' });
    expect(res.statusCode, res.body).toBe(200);
    const all = (await as('GET', `/api/events/${event.id}/dates`)).json().data as EventDateResponse[];
    const ruled = all.filter((d) => d.rule_id === ruleId);
    for (const date of ruled) {
      expect(date.label).toBe(new Date(date.starts_at) > new Date() ? 'Lunch' : null);
    }
    expect(ruled.some((d) => d.label === null)).toBe(true);
    expect((await as('PUT', `/api/events/${event.id}/date-rules/999999`, { label: 'x' })).statusCode).toBe(
      404,
    );
    expect((await as('PUT', `/api/events/${event.id}/date-rules/${ruleId}`, {})).statusCode).toBe(422);
  });
});
