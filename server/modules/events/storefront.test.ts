import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESIGN_DEFAULTS } from '../../../common/events';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeEvent, makeLiveEvent, makeTicket, type Owner } from '../../test/builders';

// The event page's design settings (decision 023) and its calendar file.

let t: TestApp;
let owner: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
});
afterAll(async () => {
  await t?.close();
});

const put = (id: number, payload: object, language = 'en') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/events/${id}`,
    payload,
    headers: { authorization: `Bearer ${owner.token}`, 'accept-language': language },
  });

describe('event page design', () => {
  it('starts from the defaults, on the event and on its public page', async () => {
    const { event } = await makeLiveEvent(t.app, owner);
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/events/${event.id}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(own.json().settings).toMatchObject({ ...DESIGN_DEFAULTS, continue_button_text: null });
    const shown = await t.app.inject({ method: 'GET', url: `/api/public/events/${event.id}` });
    expect(shown.json().settings).toMatchObject({ ...DESIGN_DEFAULTS, continue_button_text: null });
  });

  it('refuses colours that are not six-digit hex codes, per field and translated', async () => {
    const event = await makeEvent(t.app, owner);
    const bad = {
      homepage_background_color: 'white',
      homepage_content_background_color: '#fff',
      homepage_primary_color: '#12345g',
      homepage_secondary_color: '123456',
      homepage_text_color: '#1234567',
    };
    const res = await put(event.id, { settings: bad });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    for (const field of Object.keys(bad)) {
      expect(errors[`settings.${field}`]).toEqual(['Enter a colour as a hex code such as #ffffff.']);
    }
    const german = await put(event.id, { settings: { homepage_primary_color: 'blau' } }, 'de');
    expect(german.statusCode).toBe(422);
    const message = german.json().errors['settings.homepage_primary_color'][0];
    expect(message).toMatch(/#ffffff/);
    expect(message).not.toBe('Enter a colour as a hex code such as #ffffff.');
    // A label longer than the button allows is refused too.
    const long = await put(event.id, { settings: { continue_button_text: 'x'.repeat(51) } });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors['settings.continue_button_text']).toBeDefined();
  });

  it('merges the design into the other settings, lower-casing colours, and leaves the rest alone', async () => {
    const event = await makeEvent(t.app, owner);
    const first = await put(event.id, {
      settings: {
        contact_email: 'hello@fado.example',
        order_timeout_minutes: 30,
        price_display_mode: 'EXCLUSIVE',
      },
    });
    expect(first.statusCode).toBe(200);
    const res = await put(event.id, {
      settings: { homepage_primary_color: '#AA3300', continue_button_text: 'Book a seat' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toMatchObject({
      contact_email: 'hello@fado.example',
      order_timeout_minutes: 30,
      price_display_mode: 'EXCLUSIVE',
      homepage_primary_color: '#aa3300',
      homepage_background_color: DESIGN_DEFAULTS.homepage_background_color,
      continue_button_text: 'Book a seat',
    });
    // And the other way round: a save of other settings keeps the design.
    const again = await put(event.id, { settings: { order_timeout_minutes: 20 } });
    expect(again.json().settings).toMatchObject({
      homepage_primary_color: '#aa3300',
      continue_button_text: 'Book a seat',
      order_timeout_minutes: 20,
    });
    // null puts the button's own label back.
    const cleared = await put(event.id, { settings: { continue_button_text: null } });
    expect(cleared.json().settings.continue_button_text).toBeNull();
  });
});

describe('continue button text per language (decision 040)', () => {
  it('keeps the one text as the default, adds texts per language, and shows them on the public event', async () => {
    const { event } = await makeLiveEvent(t.app, owner);
    // Events saved before the texts existed have none; the default alone still works as before.
    const before = await put(event.id, { settings: { continue_button_text: 'Book a seat' } });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().settings).toMatchObject({
      continue_button_text: 'Book a seat',
      continue_button_texts: {},
    });

    const res = await put(event.id, {
      settings: { continue_button_texts: { de: '  Platz buchen ', 'zh-CN': '预订座位', fr: '', es: null } },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Trimmed; an empty or null text is no text, so that language shows the default.
    expect(res.json().settings).toMatchObject({
      continue_button_text: 'Book a seat',
      continue_button_texts: { de: 'Platz buchen', 'zh-CN': '预订座位' },
    });
    expect(Object.keys(res.json().settings.continue_button_texts)).toEqual(['de', 'zh-CN']);
    const shown = await t.app.inject({ method: 'GET', url: `/api/public/events/${event.id}` });
    expect(shown.json().settings).toMatchObject({
      continue_button_text: 'Book a seat',
      continue_button_texts: { de: 'Platz buchen', 'zh-CN': '预订座位' },
    });
    // A save of other settings keeps them; sent again, the texts replace the stored ones whole.
    const other = await put(event.id, { settings: { order_timeout_minutes: 25 } });
    expect(other.json().settings.continue_button_texts).toEqual({ de: 'Platz buchen', 'zh-CN': '预订座位' });
    const replaced = await put(event.id, { settings: { continue_button_texts: { pt: 'Reservar lugar' } } });
    expect(replaced.json().settings.continue_button_texts).toEqual({ pt: 'Reservar lugar' });
  });

  it('refuses a text too long or a language Tessera does not speak, on the field, translated', async () => {
    const event = await makeEvent(t.app, owner);
    const long = await put(event.id, { settings: { continue_button_texts: { de: 'x'.repeat(51) } } });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors['settings.continue_button_texts.de']).toBeDefined();
    const german = await put(event.id, { settings: { continue_button_texts: { de: 'x'.repeat(51) } } }, 'de');
    expect(german.json().errors['settings.continue_button_texts.de'][0]).not.toBe(
      long.json().errors['settings.continue_button_texts.de'][0],
    );
    const klingon = await put(event.id, { settings: { continue_button_texts: { tlh: 'Qapla’' } } });
    expect(klingon.statusCode).toBe(422);
    expect(klingon.json().errors['settings.continue_button_texts.tlh']).toBeDefined();
    const notText = await put(event.id, { settings: { continue_button_texts: 'Platz buchen' } });
    expect(notText.statusCode).toBe(422);
    expect(notText.json().errors['settings.continue_button_texts']).toBeDefined();
  });
});

describe('GET /api/public/events/{id}/calendar.ics', () => {
  it('answers the live event as an escaped, folded iCalendar file', async () => {
    const { event } = await makeLiveEvent(t.app, owner, {
      title: 'Fado; night, by the river',
      start_date: '2031-06-01T19:00:00Z',
      end_date: '2031-06-01T22:30:00Z',
      description: `<p>Bring a coat, the terrace is cold.</p><p>${'Ótimo fado ao vivo. '.repeat(6)}</p>`,
      location: { venue_name: 'Terraço do Rio', address_line_1: 'Rua das Flores 12', city: 'Lisboa' },
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/public/events/${event.id}/calendar.ics` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${event.slug}.ics"`);
    const body = res.body;
    expect(body.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(body.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    // Every line ends with CRLF and none is longer than 75 octets.
    expect(body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const encoder = new TextEncoder();
    for (const line of body.split('\r\n')) expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
    const unfolded = body.replace(/\r\n /g, '');
    // Unique across installs: the host of APP_URL, not a name every install shares.
    expect(unfolded).toContain(`\r\nUID:event-${event.id}@${new URL(t.app.config.appUrl).host}\r\n`);
    // In the event's zone (Lisbon, an hour ahead of UTC in summer), which the file describes.
    expect(unfolded).toContain('\r\nDTSTART;TZID=Europe/Lisbon:20310601T200000\r\n');
    expect(unfolded).toContain('\r\nDTEND;TZID=Europe/Lisbon:20310601T233000\r\n');
    expect(unfolded).toContain('\r\nBEGIN:VTIMEZONE\r\nTZID:Europe/Lisbon\r\n');
    expect(unfolded).toContain('\r\nSUMMARY:Fado\\; night\\, by the river\r\n');
    expect(unfolded).toContain('\r\nLOCATION:Terraço do Rio\\, Rua das Flores 12\\, Lisboa\r\n');
    expect(unfolded).toContain('DESCRIPTION:Bring a coat\\, the terrace is cold.\\n');
    expect(unfolded).not.toContain('<p>');
    expect(unfolded).toMatch(new RegExp(`\r\nURL:http[^\r]*/e/${event.id}/${event.slug}\r\n`));
  });

  it('holds one date of an event with several: the one asked for, or else the next on sale', async () => {
    const { event } = await makeLiveEvent(t.app, owner, {
      title: 'Recital',
      start_date: '2031-05-02T19:00:00Z',
      end_date: '2031-05-02T21:00:00Z',
    });
    const organizer = { authorization: `Bearer ${owner.token}` };
    const add = async (payload: object) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/events/${event.id}/dates`,
        headers: organizer,
        payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: number; starts_at: string; ends_at: string };
    };
    const matinee = await add({
      starts_at: '2031-05-03T14:00:00Z',
      ends_at: '2031-05-03T16:00:00Z',
      label: 'Matinee',
    });
    const hidden = await add({ starts_at: '2031-05-04T14:00:00Z', status: 'HIDDEN' });
    const ics = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/public/events/${event.id}/calendar.ics${query}`,
      });
      return { status: res.statusCode, body: res.body.replace(/\r\n /g, '') };
    };
    const host = new URL(t.app.config.appUrl).host;

    const asked = await ics(`?date_id=${matinee.id}`);
    expect(asked.status).toBe(200);
    // 15:00 in Lisbon, summer time; its own entry in the buyer's calendar, its label in the title.
    expect(asked.body).toContain('\r\nDTSTART;TZID=Europe/Lisbon:20310503T150000\r\n');
    expect(asked.body).toContain('\r\nDTEND;TZID=Europe/Lisbon:20310503T170000\r\n');
    expect(asked.body).toContain(`\r\nUID:event-${event.id}-date-${matinee.id}@${host}\r\n`);
    expect(asked.body).toContain('\r\nSUMMARY:Recital · Matinee\r\n');
    expect(asked.body).toMatch(
      new RegExp(`\r\nURL:http[^\r]*/e/${event.id}/${event.slug}\\?date=${matinee.id}\r\n`),
    );

    // Not the span of all its dates: the first, while it is on sale; then the next one on sale.
    const first = await ics('');
    expect(first.body).toContain('\r\nDTSTART;TZID=Europe/Lisbon:20310502T200000\r\n');
    expect(first.body).toContain('\r\nDTEND;TZID=Europe/Lisbon:20310502T220000\r\n');
    expect(first.body).toContain(`\r\nUID:event-${event.id}@${host}\r\n`);
    const dates = (
      await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/dates`, headers: organizer })
    ).json().data as { id: number; starts_at: string }[];
    const own = dates.find((d) => d.starts_at === '2031-05-02T19:00:00.000Z');
    const soldOut = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${event.id}/dates/${own?.id}`,
      headers: organizer,
      payload: { starts_at: '2031-05-02T19:00:00Z', ends_at: '2031-05-02T21:00:00Z', status: 'SOLD_OUT' },
    });
    expect(soldOut.statusCode, soldOut.body).toBe(200);
    expect((await ics('')).body).toContain('\r\nDTSTART;TZID=Europe/Lisbon:20310503T150000\r\n');

    // A hidden date, another event's or none at all: not found.
    const other = await makeLiveEvent(t.app, owner);
    const othersDate = (
      await t.app.inject({ method: 'GET', url: `/api/events/${other.event.id}/dates`, headers: organizer })
    ).json().data[0].id;
    for (const id of [hidden.id, othersDate, 999_999]) expect((await ics(`?date_id=${id}`)).status).toBe(404);
    expect((await ics('?date_id=abc')).status).toBe(422);
  });

  it('is a 404 for a draft or unknown event', async () => {
    const draft = await makeEvent(t.app, owner);
    for (const id of [draft.id, 999_999]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/public/events/${id}/calendar.ics` });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('GET /api/events/{id}/public-tickets', () => {
  it('shows the organizer a draft event’s tickets as buyers will see them, only in their account', async () => {
    const draft = await makeEvent(t.app, owner);
    await makeTicket(t.app, owner, { eventId: draft.id, title: 'Early bird', type: 'FREE' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/events/${draft.id}/public-tickets`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((ticket: { title: string }) => ticket.title)).toEqual(['Early bird']);
    const buyer = await t.app.inject({ method: 'GET', url: `/api/public/events/${draft.id}/tickets` });
    expect(buyer.statusCode).toBe(404);
    const stranger = await makeAccount(t.app);
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/events/${draft.id}/public-tickets`,
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(other.statusCode).toBe(404);
  });
});
