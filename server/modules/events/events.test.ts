import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import {
  makeAccount,
  makeEvent,
  makeMember,
  makeOrganizer,
  type Owner,
  setEventStatus,
} from '../../test/builders';

let t: TestApp;
let owner: Owner;
let organizerId: number;

const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
  organizerId = (
    await makeOrganizer(t.app, owner, {
      name: 'Jazz Club',
      description: 'Live jazz every Friday.\nSince 1987.',
    })
  ).id;
});
afterAll(async () => {
  await t?.close();
});

const as = (
  token: string,
  options: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object },
) => t.app.inject({ ...options, headers: { authorization: `Bearer ${token}` } });

async function createEvent(token: string, overrides: Record<string, unknown> = {}) {
  return as(token, {
    method: 'POST',
    url: '/api/events',
    payload: {
      title: 'Summer Jazz Night',
      organizer_id: organizerId,
      start_date: inDays(10),
      end_date: inDays(10.2),
      ...overrides,
    },
  });
}

describe('organizers', () => {
  it('default their currency and time zone to the account’s', async () => {
    const res = await as(owner.token, {
      method: 'POST',
      url: '/api/organizers',
      payload: { name: 'Fado House', email: 'Hello@Fado.example', website: 'https://fado.example' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Fado House',
      email: 'hello@fado.example',
      currency: 'EUR',
      timezone: 'Europe/Lisbon',
    });
    const bad = await as(owner.token, {
      method: 'POST',
      url: '/api/organizers',
      payload: { name: '', website: 'javascript:alert(1)' },
    });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['name', 'website']);
  });
});

describe('events', () => {
  it('are created as drafts with the organizer’s defaults and default settings', async () => {
    const res = await createEvent(owner.token, {
      description:
        '<p>Live <strong>jazz</strong></p><script>alert(1)</script><a href="javascript:x" onclick="y">x</a>',
      location: {
        venue_name: 'Hot Clube',
        city: 'Lisboa',
        country: 'Portugal',
        map_url: 'https://maps.example/hc',
      },
    });
    expect(res.statusCode).toBe(201);
    const event = res.json();
    expect(event).toMatchObject({
      title: 'Summer Jazz Night',
      slug: 'summer-jazz-night',
      status: 'DRAFT',
      lifecycle: 'UPCOMING',
      currency: 'EUR',
      timezone: 'Europe/Lisbon',
      location: { venue_name: 'Hot Clube', city: 'Lisboa' },
      settings: { order_timeout_minutes: 15, allow_search_indexing: true, price_display_mode: 'INCLUSIVE' },
    });
    expect(event.description).toBe(
      '<p>Live <strong>jazz</strong></p><a rel="noopener noreferrer nofollow">x</a>',
    );
  });

  it('validate each field at its limit', async () => {
    expect((await createEvent(owner.token, { title: 'x'.repeat(149) })).statusCode).toBe(201);
    const long = await createEvent(owner.token, { title: 'x'.repeat(150) });
    expect(long.json().errors).toEqual({ title: ['Enter at most 149 characters.'] });
    expect((await createEvent(owner.token, { description: 'd'.repeat(49_999) })).statusCode).toBe(201);
    expect((await createEvent(owner.token, { description: 'd'.repeat(50_000) })).statusCode).toBe(422);
    for (const minutes of [1, 120]) {
      expect(
        (await createEvent(owner.token, { settings: { order_timeout_minutes: minutes } })).statusCode,
      ).toBe(201);
    }
    for (const minutes of [0, 121, 15.5]) {
      const res = await createEvent(owner.token, { settings: { order_timeout_minutes: minutes } });
      expect(Object.keys(res.json().errors)).toEqual(['settings.order_timeout_minutes']);
    }
    const backwards = await createEvent(owner.token, { start_date: inDays(5), end_date: inDays(4) });
    expect(backwards.json().errors).toEqual({ end_date: ['The end must be after the start.'] });
    const noOrganizer = await createEvent(owner.token, { organizer_id: undefined });
    expect(noOrganizer.json().errors).toEqual({ organizer_id: ['This field is required.'] });
  });

  it('move through the status machine; going live needs a confirmed e-mail address', async () => {
    const account = await makeAccount(t.app, { confirmed: false });
    const event = await makeEvent(t.app, account, { title: 'Status test', start_date: inDays(3) });
    const setStatus = (status: string) =>
      as(account.token, { method: 'PUT', url: `/api/events/${event.id}/status`, payload: { status } });

    const unconfirmed = await setStatus('LIVE');
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().code).toBe('EMAIL_NOT_CONFIRMED');
    // This test is about the confirmation itself: the address is confirmed, the same event goes live.
    await t.app.db.update(users).set({ emailConfirmedAt: sql`now()` }).where(eq(users.id, account.userId));

    expect((await setStatus('LIVE')).json().status).toBe('LIVE');
    expect((await setStatus('DRAFT')).json().status).toBe('DRAFT');
    expect((await setStatus('ARCHIVED')).json().status).toBe('ARCHIVED');
    const refused = await setStatus('LIVE');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('An event cannot go from ARCHIVED to LIVE.');
    expect((await setStatus('DRAFT')).json().status).toBe('DRAFT');
    expect((await setStatus('LIVE')).json().status).toBe('LIVE');
    expect((await setStatus('ARCHIVED')).json().status).toBe('ARCHIVED');
    expect((await setStatus('PUBLISHED')).statusCode).toBe(422);
  });

  it('are public only while LIVE', async () => {
    const event = await makeEvent(t.app, owner, { title: 'Public one', organizer_id: organizerId });
    expect((await t.app.inject({ method: 'GET', url: `/api/public/events/${event.id}` })).statusCode).toBe(
      404,
    );
    await setEventStatus(t.app, owner, { id: event.id });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/public/events/${event.id}?promo_code=SUMMER`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Public one',
      organizer: { name: 'Jazz Club', description: 'Live jazz every Friday.\nSince 1987.' },
      lifecycle: 'UPCOMING',
    });
    expect(res.json()).not.toHaveProperty('status');
    expect(res.json()).not.toHaveProperty('settings.reply_to_email');
  });

  it('list by tab, search and sort', async () => {
    const account = await makeAccount(t.app);
    const org = await makeOrganizer(t.app, account, { name: 'Lister' });
    const make = (title: string, start: string, end: string | null) =>
      makeEvent(t.app, account, { title, organizer_id: org.id, start_date: start, end_date: end });
    const future = await make('Beta future', inDays(20), null);
    const ongoing = await make('Alpha ongoing', inDays(-1), inDays(1));
    const past = await make('Gamma past', inDays(-10), inDays(-9));
    const archived = await make('Delta archived', inDays(30), null);
    await setEventStatus(t.app, account, { id: archived.id, status: 'ARCHIVED' });

    const tab = async (state: string, extra = '') =>
      (
        await as(account.token, {
          method: 'GET',
          url: `/api/events?filter_fields[state][eq]=${state}${extra}`,
        })
      ).json();
    const upcoming = (await tab('upcoming')).data;
    expect(upcoming.map((e: { id: number }) => e.id)).toEqual([ongoing.id, future.id]);
    expect(upcoming.map((e: { lifecycle: string }) => e.lifecycle)).toEqual(['ONGOING', 'UPCOMING']);
    const ended = (await tab('ended')).data;
    expect(ended.map((e: { id: number }) => e.id)).toEqual([past.id]);
    expect(ended[0].lifecycle).toBe('ENDED');
    expect((await tab('archived')).data.map((e: { id: number }) => e.id)).toEqual([archived.id]);
    expect(
      (await tab('upcoming', '&sort_by=title&sort_direction=desc')).data.map(
        (e: { title: string }) => e.title,
      ),
    ).toEqual(['Beta future', 'Alpha ongoing']);
    const search = await as(account.token, { method: 'GET', url: '/api/events?query=gamma' });
    expect(search.json().data.map((e: { id: number }) => e.id)).toEqual([past.id]);
    const byOrganizer = await as(account.token, {
      method: 'GET',
      url: `/api/organizers/${org.id}/events`,
    });
    expect(byOrganizer.json().meta.total).toBe(4);
  });

  it('merge settings on update and keep other accounts out (404)', async () => {
    const event = await makeEvent(t.app, owner, {
      organizer_id: organizerId,
      settings: { footer_message: 'See you there' },
    });
    const updated = await as(owner.token, {
      method: 'PUT',
      url: `/api/events/${event.id}`,
      payload: {
        title: 'Renamed',
        organizer_id: organizerId,
        start_date: event.startDate.toISOString(),
        settings: { order_timeout_minutes: 30 },
      },
    });
    expect(updated.json()).toMatchObject({
      title: 'Renamed',
      slug: 'renamed',
      settings: { order_timeout_minutes: 30, footer_message: 'See you there' },
    });

    const other = await makeAccount(t.app);
    for (const [method, url] of [
      ['GET', `/api/events/${event.id}`],
      ['PUT', `/api/events/${event.id}/status`],
      ['GET', `/api/organizers/${organizerId}`],
      ['GET', `/api/organizers/${organizerId}/events`],
    ] as const) {
      const res = await as(other.token, {
        method,
        url,
        ...(method === 'PUT' ? { payload: { status: 'ARCHIVED' } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const otherOrganizer = await makeOrganizer(t.app, other, { name: 'Mine' });
    const foreignOrganizer = await createEvent(owner.token, { organizer_id: otherOrganizer.id });
    expect(foreignOrganizer.statusCode).toBe(404);
    expect((await as(other.token, { method: 'GET', url: '/api/events' })).json().meta.total).toBe(0);
    const [row] = await t.app.db.select().from(events).where(eq(events.id, event.id));
    expect(row?.title).toBe('Renamed');
  });

  it('can be managed by an ORGANIZER', async () => {
    const { token } = await makeMember(t.app, owner, { role: 'ORGANIZER' });
    const created = await createEvent(token, { title: 'By an organizer' });
    expect(created.statusCode).toBe(201);
    const live = await as(token, {
      method: 'PUT',
      url: `/api/events/${created.json().id}/status`,
      payload: { status: 'LIVE' },
    });
    expect(live.json().status).toBe('LIVE');
    expect((await as(token, { method: 'GET', url: '/api/organizers' })).json().meta.total).toBeGreaterThan(0);
  });
});
