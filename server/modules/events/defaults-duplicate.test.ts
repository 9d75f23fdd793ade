import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeEvent, makeOrganizer, type Owner, setEventStatus } from '../../test/builders';

let t: TestApp;
let owner: Owner;
let organizerId: number;
const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
  organizerId = (await makeOrganizer(t.app, owner)).id;
});
afterAll(async () => {
  await t?.close();
});

const as = (token: string, options: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object }) =>
  t.app.inject({ ...options, headers: { authorization: `Bearer ${token}` } });

const defaults = {
  order_timeout_minutes: 25,
  pre_checkout_message: 'Doors open at 19:00',
  post_checkout_message: 'Thanks!',
  ticket_page_message: 'Bring this ticket',
  footer_message: 'Org, Lisbon',
  notify_organizer_of_new_orders: false,
  price_display_mode: 'EXCLUSIVE',
  allow_search_indexing: false,
};

describe('event defaults', () => {
  it('are copied into new events and stay editable per event', async () => {
    const before = await as(owner.token, { method: 'GET', url: '/api/accounts/current/event-defaults' });
    expect(before.json()).toMatchObject({ order_timeout_minutes: 15, price_display_mode: 'INCLUSIVE' });
    const saved = await as(owner.token, {
      method: 'PUT',
      url: '/api/accounts/current/event-defaults',
      payload: defaults,
    });
    expect(saved.json()).toEqual(defaults);

    const event = await as(owner.token, {
      method: 'POST',
      url: '/api/events',
      payload: {
        title: 'With defaults',
        organizer_id: organizerId,
        start_date: inDays(3),
        settings: { order_timeout_minutes: 40 },
      },
    });
    expect(event.json().settings).toMatchObject({ ...defaults, order_timeout_minutes: 40 });
    const bad = await as(owner.token, {
      method: 'PUT',
      url: '/api/accounts/current/event-defaults',
      payload: { ...defaults, order_timeout_minutes: 500 },
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe('duplicate', () => {
  it('copies the event as a draft, moving its dates and copying settings when asked', async () => {
    const source = await makeEvent(t.app, owner, {
      title: 'Original',
      organizer_id: organizerId,
      start_date: '2030-05-01T19:00:00Z',
      end_date: '2030-05-01T23:00:00Z',
      location: { venue_name: 'Hall' },
      settings: { footer_message: 'Custom footer', order_timeout_minutes: 30 },
    });
    await setEventStatus(t.app, owner, { id: source.id });

    const copy = await as(owner.token, {
      method: 'POST',
      url: `/api/events/${source.id}/duplicate`,
      payload: { title: 'Original (June)', start_date: '2030-06-01T19:00:00Z' },
    });
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({
      title: 'Original (June)',
      status: 'DRAFT',
      start_date: '2030-06-01T19:00:00.000Z',
      end_date: '2030-06-01T23:00:00.000Z',
      location: { venue_name: 'Hall' },
      settings: { footer_message: 'Custom footer', order_timeout_minutes: 30 },
    });
    expect(copy.json().id).not.toBe(source.id);

    const plain = await as(owner.token, {
      method: 'POST',
      url: `/api/events/${source.id}/duplicate`,
      payload: { copy_settings: false },
    });
    expect(plain.json()).toMatchObject({ title: 'Original', start_date: '2030-05-01T19:00:00.000Z' });
    expect(plain.json().settings).toMatchObject({
      footer_message: defaults.footer_message,
      order_timeout_minutes: 25,
    });

    const other = await makeAccount(t.app);
    const foreign = await as(other.token, {
      method: 'POST',
      url: `/api/events/${source.id}/duplicate`,
      payload: {},
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('public organizer page', () => {
  it('lists only live events that have not ended', async () => {
    const org = await makeOrganizer(t.app, owner, { name: 'Public org' });
    const make = async (title: string, start: string, end: string | null, live: boolean) => {
      const event = await makeEvent(t.app, owner, {
        title,
        organizer_id: org.id,
        start_date: start,
        end_date: end,
      });
      if (live) await setEventStatus(t.app, owner, { id: event.id });
      return event;
    };
    const later = await make('Later', inDays(9), null, true);
    const soon = await make('Soon', inDays(2), null, true);
    await make('Draft', inDays(3), null, false);
    await make('Past', inDays(-5), inDays(-4), true);
    const res = await t.app.inject({ method: 'GET', url: `/api/public/organizers/${org.id}/events` });
    expect(res.json().data.map((e: { id: number }) => e.id)).toEqual([soon.id, later.id]);
  });
});
