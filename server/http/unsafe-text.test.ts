import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { makeAccount, makeCheckInList, makeLiveEvent, makeOrder, type Owner } from '../test/builders';

/**
 * A NUL character cannot be stored in PostgreSQL text, and a lone UTF-16 surrogate cannot be
 * stored in jsonb (and turns into U+FFFD in text). Both are refused as bad input, field by field.
 */
let t: TestApp;
let owner: Owner;
let eventId: number;
let ticketId: number;
let listShortId: string;
let orderShortId: string;

const NUL = 'Ada\u0000Lovelace';
const SURROGATE = 'Lisboa \ud800';
const MESSAGE_EN =
  'This text contains a character that cannot be saved. Type the text again rather than pasting it.';

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeAccount(t.app);
  const { event, tickets } = await makeLiveEvent(t.app, owner);
  const ticket = tickets[0];
  if (!ticket) throw new Error('no ticket');
  eventId = event.id;
  ticketId = ticket.id;
  await makeOrder(t.app, { eventId, lines: [{ ticket_id: ticketId, quantity: 1 }] });
  const reserved = await makeOrder(t.app, {
    eventId,
    lines: [{ ticket_id: ticketId, quantity: 1 }],
    until: 'reserved',
  });
  orderShortId = reserved.short_id;
  listShortId = (await makeCheckInList(t.app, owner, { eventId, ticket_ids: [ticketId] })).short_id;
});
afterAll(async () => {
  await t.close();
});

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, locale = 'en') {
  return t.app.inject({
    method,
    url,
    payload,
    headers: { authorization: `Bearer ${owner.token}`, 'accept-language': locale },
  });
}

describe('NUL characters and lone surrogates', () => {
  it('are refused field by field in the public checkout', async () => {
    const order = await call('POST', `/api/public/events/${eventId}/orders`, {
      tickets: [{ ticket_id: ticketId, quantity: 1 }],
      affiliate_code: 'x\u0000',
    });
    expect(order.statusCode).toBe(422);
    expect(order.json().errors).toEqual({ affiliate_code: [MESSAGE_EN] });

    const details = await call('PUT', `/api/public/events/${eventId}/orders/${orderShortId}`, {
      first_name: NUL,
      last_name: 'Silva',
      email: 'ada@example.com',
      attendees: [
        { ticket_id: ticketId, first_name: 'Ada', last_name: `Silva${SURROGATE}`, email: 'a@example.com' },
      ],
      answers: [],
    });
    expect(details.statusCode).toBe(422);
    expect(details.json().errors).toEqual({
      first_name: [MESSAGE_EN],
      'attendees.0.last_name': [MESSAGE_EN],
    });
  });

  it('are refused in an event location and its settings, which are stored as JSON', async () => {
    const res = await call('PUT', `/api/events/${eventId}`, {
      location: { city: SURROGATE, venue_name: NUL },
      settings: { footer_message: SURROGATE },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'location.city',
      'location.venue_name',
      'settings.footer_message',
    ]);
    const event = await call('GET', `/api/events/${eventId}`);
    expect(event.json().location).toBeNull();
  });

  it('are refused in search queries of every list, and exports refuse before they start', async () => {
    for (const url of [
      '/api/events',
      '/api/organizers',
      `/api/events/${eventId}/orders`,
      `/api/events/${eventId}/attendees`,
      `/api/public/check-in-lists/${listShortId}/attendees`,
      `/api/events/${eventId}/orders/export?format=csv&`,
      `/api/events/${eventId}/attendees/export?format=xlsx&`,
    ]) {
      const res = await call('GET', `${url}${url.endsWith('&') ? '' : '?'}query=Ada%00`);
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors, url).toEqual({ query: [MESSAGE_EN] });
    }
  });

  it('answers in the language of the request', async () => {
    const res = await call('GET', '/api/events?query=%00', undefined, 'de');
    expect(res.statusCode).toBe(422);
    const [message] = res.json().errors.query;
    expect(message).not.toBe(MESSAGE_EN);
    expect(message).toMatch(/Zeichen/);
  });

  it('leaves other unicode alone', async () => {
    const res = await call('PUT', `/api/events/${eventId}`, {
      title: 'Fado 🎸 naïve 東京 \u200d',
      location: { city: 'Zürich 🇨🇭' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().title).toBe('Fado 🎸 naïve 東京 \u200d');
    expect(res.json().location.city).toBe('Zürich 🇨🇭');
  });
});
