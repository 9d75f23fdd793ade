import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicOrganizerEvent } from '../../../common/organizers';
import { createTestApp, type TestApp } from '../../test/app';
import {
  makeAccount,
  makeEvent,
  makeLiveEvent,
  makeOrganizer,
  type Owner,
  setEventStatus,
} from '../../test/builders';

// The organizer's events widget (decision 062): a page any site may frame, listing the
// organizer's live events; lenient options; and the homepage's list read in a fixed number of
// queries whatever the number of events.

let t: TestApp;
let owner: Owner;
let organizerId = 0;
let recording: string[] | null = null;
let clients = 0;
const nextClient = () => `10.8.${Math.floor(++clients / 250)}.${clients % 250}`;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${owner.token}` } });
const widget = (query = '', slug = 'River-Hall') =>
  t.app.inject({ method: 'GET', url: `/widget/organizer/${slug}${query}`, remoteAddress: nextClient() });
const frameAncestors = (csp: unknown) =>
  String(csp)
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('frame-ancestors'));
/** Paid tickets need a way to pay. */
const payable = {
  settings: { offline_payments_enabled: true, offline_payment_instructions: 'At the door.' },
};
const titles = (html: string) => [...html.matchAll(/<h3><a [^>]*>([^<]*)/g)].map((m) => m[1]);

beforeAll(async () => {
  t = await createTestApp({ onQuery: (text) => recording?.push(text) });
  owner = await makeAccount(t.app);
  organizerId = (await makeOrganizer(t.app, owner)).id;
  const set = await call('PUT', `/api/organizers/${organizerId}`, { name: 'River Hall', slug: 'River-Hall' });
  expect(set.statusCode, set.body).toBe(200);
  const on = { organizer_id: organizerId };
  await makeLiveEvent(t.app, owner, {
    ...on,
    ...payable,
    title: 'Spring Choir',
    start_date: '2031-04-02T19:00:00Z',
    tickets: [
      { title: 'Seat', type: 'PAID', price: 1500, tax_and_fee_ids: [] },
      { title: 'Box', type: 'PAID', price: 4500, tax_and_fee_ids: [] },
    ],
  });
  await makeLiveEvent(t.app, owner, { ...on, title: 'Summer Organ', start_date: '2031-06-02T19:00:00Z' });
  await makeLiveEvent(t.app, owner, { ...on, title: 'Winter Carols', start_date: '2020-12-20T19:00:00Z' });
  const archived = await makeLiveEvent(t.app, owner, {
    ...on,
    title: 'Gone Gala',
    start_date: '2031-05-01T19:00:00Z',
  });
  await setEventStatus(t.app, owner, { id: archived.event.id, status: 'ARCHIVED' });
  await makeEvent(t.app, owner, { ...on, title: 'Draft Recital', start_date: '2031-05-05T19:00:00Z' });
  // Another organizer of the same account: never in this widget.
  await makeLiveEvent(t.app, owner, { title: 'Other Fair', start_date: '2031-04-03T19:00:00Z' });
});
afterAll(async () => {
  await t?.close();
});

describe('/widget/organizer/{slug}', () => {
  it('lists only live upcoming events of the organizer, each opening the event page in a new tab', async () => {
    const res = await widget();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(titles(res.body)).toEqual(['Spring Choir', 'Summer Organ']);
    for (const hidden of ['Winter Carols', 'Gone Gala', 'Draft Recital', 'Other Fair'])
      expect(res.body).not.toContain(hidden);
    expect(res.body).toMatch(/<a href="\/e\/\d+\/spring-choir" target="_blank" rel="noopener">Spring Choir/);
    expect(res.body).toContain('€15.00 – €45.00');
    expect(res.body).toContain('On sale');
    expect(res.body).toContain(
      '<a href="/o/River-Hall" target="_blank" rel="noopener">All events of River Hall',
    );
    // Its only script is the height report, a file of ours the policy allows.
    expect(res.body.match(/<script/g)).toHaveLength(1);
    expect(res.body).toContain('<script src="/organizer-widget-frame.js" defer></script>');
  });

  it('may be framed by any site; the homepage may not', async () => {
    const res = await widget('?limit=2');
    expect(frameAncestors(res.headers['content-security-policy'])).toBe('frame-ancestors *');
    expect(res.headers['x-frame-options']).toBeUndefined();
    const home = await t.app.inject({ method: 'GET', url: '/o/River-Hall', remoteAddress: nextClient() });
    expect(home.statusCode).toBe(200);
    expect(frameAncestors(home.headers['content-security-policy'])).toBe("frame-ancestors 'self'");
    expect(home.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('shows past events when asked, and as many events as asked (clamped to 1–50)', async () => {
    expect(titles((await widget('?past=1')).body)).toEqual(['Spring Choir', 'Summer Organ', 'Winter Carols']);
    expect((await widget('?past=yes')).body).toContain('Past events');
    expect((await widget('?past=no')).body).not.toContain('Past events');
    expect(titles((await widget('?limit=1')).body)).toEqual(['Spring Choir']);
    expect(titles((await widget('?limit=0')).body)).toEqual(['Spring Choir']);
    expect(titles((await widget('?limit=-4')).body)).toEqual(['Spring Choir']);
    expect(titles((await widget('?limit=5000')).body)).toEqual(['Spring Choir', 'Summer Organ']);
    expect(titles((await widget('?limit=abc')).body)).toEqual(['Spring Choir', 'Summer Organ']);
  });

  it('drops invalid options instead of refusing the page, and never writes them back', async () => {
    const res = await widget(
      `?primary_color=${encodeURIComponent('"><script>alert(1)</script>')}&background_color=red&layout=weird&locale=xx`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('alert(1)');
    expect(res.body).toContain('--bg:#ffffff');
    expect(res.body).toContain('--link:#0b4f8a');
    expect(res.body).toContain('<div class="cards">');
  });

  it('takes theme colours, kept readable, a compact layout and a language', async () => {
    const res = await widget('?primary_color=%23FFDD00&background_color=%23101820&layout=compact&locale=de');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('--bg:#101820');
    // Yellow on a dark background reads as it is; the text turns light.
    expect(res.body).toContain('--link:#ffdd00');
    expect(res.body).toContain('--text:#f6f7f9');
    expect(res.body).toContain('<div class="compact">');
    expect(res.body).not.toContain('class="cover"');
    expect(res.body).toContain('<html lang="de">');
    expect(res.body).toContain('Kommende Veranstaltungen');
    // A light yellow on white is darkened until it reads (WCAG AA).
    const light = await widget('?primary_color=%23ffdd00');
    expect(light.body).not.toContain('--link:#ffdd00');
  });

  it('answers 404 for an unknown address and moves an old one, options and all', async () => {
    expect((await widget('', 'nobody-here')).statusCode).toBe(404);
    const moved = await widget('?limit=1&past=1', 'river-hall');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/widget/organizer/River-Hall?limit=1&past=1');
  });

  it('serves its height script as JavaScript', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/organizer-widget-frame.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.body).toContain("type:'tessera:widget-height'");
  });
});

describe("the organizer's list of events", () => {
  const pageJson = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public/organizer-pages/River-Hall' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { upcoming: PublicOrganizerEvent[] };
  };

  it('says what the event pages say: price range, availability and next dates', async () => {
    const more = await makeLiveEvent(t.app, owner, {
      organizer_id: organizerId,
      ...payable,
      title: 'Autumn Quartet',
      start_date: '2031-09-01T19:00:00Z',
      tickets: [{ title: 'Seat', type: 'PAID', price: 2000, quantity_available: 3, tax_and_fee_ids: [] }],
    });
    for (const day of ['02', '03', '04']) {
      const res = await call('POST', `/api/events/${more.event.id}/dates`, {
        starts_at: `2031-09-${day}T19:00:00Z`,
        ends_at: `2031-09-${day}T21:00:00Z`,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    // Its first date sold out: the event page shows that date's tickets, sold out; so does the list.
    await t.app.db.execute(
      sql`update ticket_stock set quantity_sold = 3 where ticket_id = ${more.tickets[0]?.id}
          and date_id = (select min(id) from event_dates where event_id = ${more.event.id})`,
    );
    const { upcoming } = await pageJson();
    for (const event of upcoming) {
      const tickets = (
        await t.app.inject({ method: 'GET', url: `/api/public/events/${event.id}/tickets` })
      ).json();
      const dates = (
        await t.app.inject({ method: 'GET', url: `/api/public/events/${event.id}/dates?limit=3` })
      ).json();
      const prices = tickets.data
        .filter((x: { addon: unknown }) => !x.addon)
        .flatMap((x: { prices: { display_price: number }[] }) => x.prices.map((p) => p.display_price));
      const states = tickets.data.map((x: { sale_state: string }) => x.sale_state);
      expect(event.price_min, event.title).toBe(prices.length ? Math.min(...prices) : null);
      expect(event.price_max, event.title).toBe(prices.length ? Math.max(...prices) : null);
      expect(event.availability, event.title).toBe(
        states.includes('ON_SALE')
          ? 'ON_SALE'
          : states.length && states.every((s: string) => s === 'SOLD_OUT')
            ? 'SOLD_OUT'
            : 'NOT_ON_SALE',
      );
      expect(event.next_dates, event.title).toEqual(
        dates.data.map((d: { starts_at: string }) => d.starts_at).slice(0, 3),
      );
    }
    const autumn = upcoming.find((e) => e.title === 'Autumn Quartet');
    expect(autumn?.next_dates).toEqual([
      '2031-09-01T19:00:00.000Z',
      '2031-09-02T19:00:00.000Z',
      '2031-09-03T19:00:00.000Z',
    ]);
    expect(autumn).toMatchObject({ price_min: 2000, price_max: 2000, availability: 'SOLD_OUT' });
  });

  it('is read in the same number of queries however many events there are', async () => {
    const count = async () => {
      recording = [];
      await pageJson();
      const sent = recording.length;
      recording = null;
      return sent;
    };
    const before = await count();
    for (const n of [1, 2, 3, 4]) {
      await makeLiveEvent(t.app, owner, {
        organizer_id: organizerId,
        ...payable,
        title: `Extra ${n}`,
        start_date: `2031-10-0${n}T19:00:00Z`,
        tickets: [
          { title: 'Seat', type: 'PAID', price: 1000 * n, tax_and_fee_ids: [] },
          { title: 'Free', type: 'FREE' },
        ],
      });
    }
    const after = await count();
    expect((await pageJson()).upcoming.length).toBeGreaterThanOrEqual(7);
    expect(after).toBe(before);
    expect(before).toBeLessThan(20);
  });
});
