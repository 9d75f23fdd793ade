import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, users } from '../../db/schema';
import { createIdentityKit, type IdentityKit } from '../../test/identity';

let kit: IdentityKit;
let owner: Awaited<ReturnType<IdentityKit['register']>>;
let organizerId: number;

const inDays = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString();

beforeAll(async () => {
  kit = await createIdentityKit();
  owner = await kit.register();
  const res = await kit.as(owner.token, {
    method: 'POST',
    url: '/api/organizers',
    payload: { name: 'Jazz Club' },
  });
  organizerId = res.json().id;
});
afterAll(async () => {
  await kit?.close();
});

async function createEvent(token: string, overrides: Record<string, unknown> = {}) {
  return kit.as(token, {
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

async function confirmEmail(account: { token: string; userId: number }) {
  await kit.app.db.update(users).set({ emailConfirmedAt: sql`now()` }).where(eq(users.id, account.userId));
}

describe('organizers', () => {
  it('default their currency and time zone to the account’s', async () => {
    const res = await kit.as(owner.token, {
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
    const bad = await kit.as(owner.token, {
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
    const account = await kit.register();
    const org = (
      await kit.as(account.token, { method: 'POST', url: '/api/organizers', payload: { name: 'Org' } })
    ).json();
    const event = (
      await kit.as(account.token, {
        method: 'POST',
        url: '/api/events',
        payload: { title: 'Status test', organizer_id: org.id, start_date: inDays(3) },
      })
    ).json();
    const setStatus = (status: string) =>
      kit.as(account.token, { method: 'PUT', url: `/api/events/${event.id}/status`, payload: { status } });

    const unconfirmed = await setStatus('LIVE');
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().code).toBe('EMAIL_NOT_CONFIRMED');
    await confirmEmail(account);

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
    await confirmEmail(owner);
    const event = (await createEvent(owner.token, { title: 'Public one' })).json();
    expect((await kit.app.inject({ method: 'GET', url: `/api/public/events/${event.id}` })).statusCode).toBe(
      404,
    );
    await kit.as(owner.token, {
      method: 'PUT',
      url: `/api/events/${event.id}/status`,
      payload: { status: 'LIVE' },
    });
    const res = await kit.app.inject({
      method: 'GET',
      url: `/api/public/events/${event.id}?promo_code=SUMMER`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Public one',
      organizer: { name: 'Jazz Club' },
      lifecycle: 'UPCOMING',
    });
    expect(res.json()).not.toHaveProperty('status');
    expect(res.json()).not.toHaveProperty('settings.reply_to_email');
  });

  it('list by tab, search and sort', async () => {
    const account = await kit.register();
    await confirmEmail(account);
    const org = (
      await kit.as(account.token, { method: 'POST', url: '/api/organizers', payload: { name: 'Lister' } })
    ).json();
    const make = async (title: string, start: string, end: string | null) =>
      (
        await kit.as(account.token, {
          method: 'POST',
          url: '/api/events',
          payload: { title, organizer_id: org.id, start_date: start, end_date: end },
        })
      ).json();
    const future = await make('Beta future', inDays(20), null);
    const ongoing = await make('Alpha ongoing', inDays(-1), inDays(1));
    const past = await make('Gamma past', inDays(-10), inDays(-9));
    const archived = await make('Delta archived', inDays(30), null);
    await kit.as(account.token, {
      method: 'PUT',
      url: `/api/events/${archived.id}/status`,
      payload: { status: 'ARCHIVED' },
    });

    const tab = async (state: string, extra = '') =>
      (
        await kit.as(account.token, {
          method: 'GET',
          url: `/api/events?filter_fields[state][eq]=${state}${extra}`,
        })
      ).json();
    expect((await tab('upcoming')).data.map((e: { id: number }) => e.id)).toEqual([ongoing.id, future.id]);
    expect((await tab('ended')).data.map((e: { id: number }) => e.id)).toEqual([past.id]);
    expect((await tab('archived')).data.map((e: { id: number }) => e.id)).toEqual([archived.id]);
    expect(
      (await tab('upcoming', '&sort_by=title&sort_direction=desc')).data.map(
        (e: { title: string }) => e.title,
      ),
    ).toEqual(['Beta future', 'Alpha ongoing']);
    const search = await kit.as(account.token, { method: 'GET', url: '/api/events?query=gamma' });
    expect(search.json().data.map((e: { id: number }) => e.id)).toEqual([past.id]);
    expect(ongoing.lifecycle).toBe('ONGOING');
    expect(past.lifecycle).toBe('ENDED');
    const byOrganizer = await kit.as(account.token, {
      method: 'GET',
      url: `/api/organizers/${org.id}/events`,
    });
    expect(byOrganizer.json().meta.total).toBe(4);
  });

  it('merge settings on update and keep other accounts out (404)', async () => {
    const event = (await createEvent(owner.token, { settings: { footer_message: 'See you there' } })).json();
    const updated = await kit.as(owner.token, {
      method: 'PUT',
      url: `/api/events/${event.id}`,
      payload: {
        title: 'Renamed',
        organizer_id: organizerId,
        start_date: event.start_date,
        settings: { order_timeout_minutes: 30 },
      },
    });
    expect(updated.json()).toMatchObject({
      title: 'Renamed',
      slug: 'renamed',
      settings: { order_timeout_minutes: 30, footer_message: 'See you there' },
    });

    const other = await kit.register();
    for (const [method, url] of [
      ['GET', `/api/events/${event.id}`],
      ['PUT', `/api/events/${event.id}/status`],
      ['GET', `/api/organizers/${organizerId}`],
      ['GET', `/api/organizers/${organizerId}/events`],
    ] as const) {
      const res = await kit.as(other.token, {
        method,
        url,
        ...(method === 'PUT' ? { payload: { status: 'ARCHIVED' } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const otherOrganizer = (
      await kit.as(other.token, { method: 'POST', url: '/api/organizers', payload: { name: 'Mine' } })
    ).json();
    const foreignOrganizer = await createEvent(owner.token, { organizer_id: otherOrganizer.id });
    expect(foreignOrganizer.statusCode).toBe(404);
    expect((await kit.as(other.token, { method: 'GET', url: '/api/events' })).json().meta.total).toBe(0);
    const [row] = await kit.app.db.select().from(events).where(eq(events.id, event.id));
    expect(row?.title).toBe('Renamed');
  });

  it('can be managed by an ORGANIZER', async () => {
    const { token } = await kit.addMember(owner, 'ORGANIZER');
    const created = await createEvent(token, { title: 'By an organizer' });
    expect(created.statusCode).toBe(201);
    const live = await kit.as(token, {
      method: 'PUT',
      url: `/api/events/${created.json().id}/status`,
      payload: { status: 'LIVE' },
    });
    expect(live.json().status).toBe('LIVE');
    expect(
      (await kit.as(token, { method: 'GET', url: '/api/organizers' })).json().meta.total,
    ).toBeGreaterThan(0);
  });
});
