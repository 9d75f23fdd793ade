import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRateLimited, newAddress, STRICT_LIMITS, send } from '../test/abuse';
import { createTestApp, type TestApp, testConfig } from '../test/app';
import { makeAccount, makeCheckInList, makeLiveEvent, type Owner } from '../test/builders';
import { ticketCounts } from '../test/stock';

// The limits on what anyone may do without a login (docs/decisions/018-rate-limits.md). `app`
// runs with the real defaults; `strict` with small explicit values, so that a test can reach
// each limit in a few requests. Every test uses its own client addresses (inject's
// `remoteAddress`), events and e-mails, so the counts of one test never reach another.

let app: TestApp;
let strict: TestApp;
let owner: Owner;
let strictOwner: Owner;
beforeAll(async () => {
  app = await createTestApp();
  strict = await createTestApp({
    config: testConfig(STRICT_LIMITS),
  });
  owner = await makeAccount(app.app);
  strictOwner = await makeAccount(strict.app);
});
afterAll(async () => {
  await app?.close();
  await strict?.close();
});

const login = (t: TestApp, from: string, email: string, password = 'not the password') =>
  send(t, from, { method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('login', () => {
  it('allows 10 attempts a minute from one address (the default), then answers 429 in the language asked', async () => {
    const from = newAddress();
    for (let i = 0; i < 10; i++) {
      expect((await login(app, from, `nobody${i}.${from}@example.com`)).statusCode).toBe(401);
    }
    const blocked = await send(app, from, {
      method: 'POST',
      url: '/api/auth/login',
      cookies: { tessera_locale: 'de' },
      payload: { email: `nobody.${from}@example.com`, password: 'guess' },
    });
    expectRateLimited(blocked);
    expect(blocked.json().message).toBe(
      'Zu viele Versuche. Bitte warten Sie eine Minute und versuchen Sie es erneut.',
    );
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held up.
    expect((await login(app, newAddress(), `nobody.${from}@example.com`)).statusCode).toBe(401);
  });

  it('counts the attempts on one e-mail address over many client addresses (10 a minute by default)', async () => {
    const victim = await makeAccount(app.app, { password: 'the right password' });
    const answers: number[] = [];
    for (let i = 0; i < 25; i++) answers.push((await login(app, newAddress(), victim.email)).statusCode);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(answers.slice(10)).toEqual(Array(15).fill(429));
    // The right password waits out the minute too: guessing stops paying off.
    expectRateLimited(await login(app, newAddress(), victim.email, 'the right password'));
    // Upper case is the same address.
    expectRateLimited(await login(app, newAddress(), victim.email.toUpperCase()));
    // Other accounts log in as usual.
    const other = await makeAccount(app.app, { password: 'the right password' });
    expect((await login(app, newAddress(), other.email, 'the right password')).statusCode).toBe(200);
  });
});

describe('password reset', () => {
  const reset = (from: string, token: string) =>
    send(app, from, {
      method: 'POST',
      url: `/api/auth/reset-password/${token}`,
      payload: { password: 'a new password 1', password_confirmation: 'a new password 1' },
    });

  it('limits the attempts on one link over many client addresses', async () => {
    const token = `guessed-${newAddress()}`;
    for (let i = 0; i < 10; i++) expect((await reset(newAddress(), token)).statusCode).toBe(410);
    expectRateLimited(await reset(newAddress(), token));
    expectRateLimited(
      await send(app, newAddress(), { method: 'GET', url: `/api/auth/reset-password/${token}` }),
    );
    expect((await reset(newAddress(), `${token}-other`)).statusCode).toBe(410);
  });

  it('limits the links one client address tries', async () => {
    const from = newAddress();
    for (let i = 0; i < 10; i++) expect((await reset(from, `guess-${i}-${from}`)).statusCode).toBe(410);
    expectRateLimited(await reset(from, `guess-last-${from}`));
  });

  it('limits forgot-password requests per e-mail address over many client addresses', async () => {
    const email = `forgetful.${newAddress()}@example.com`;
    const forgot = () =>
      send(app, newAddress(), { method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    for (let i = 0; i < 10; i++) expect((await forgot()).statusCode).toBe(200);
    expectRateLimited(await forgot());
  });
});

describe('registration', () => {
  const register = (from: string, email: string) =>
    send(app, from, {
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        first_name: 'Mallory',
        email,
        password: 'a long password 1',
        password_confirmation: 'a long password 1',
        accept_terms: true,
      },
    });

  it('limits attempts on a taken address over many client addresses, as login does', async () => {
    const taken = await makeAccount(app.app);
    for (let i = 0; i < 10; i++) {
      const res = await register(newAddress(), taken.email);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('EMAIL_TAKEN');
    }
    expectRateLimited(await register(newAddress(), taken.email));
  });

  it('limits registrations from one client address', async () => {
    const from = newAddress();
    for (let i = 0; i < 10; i++) {
      expect((await register(from, `new${i}.${from}@example.com`)).statusCode).toBe(201);
    }
    expectRateLimited(await register(from, `new-last.${from}@example.com`));
  });
});

describe('order creation', () => {
  const seat = async (t: TestApp, who: Owner) => {
    const made = await makeLiveEvent(t.app, who, {
      tickets: [{ title: 'Seat', type: 'FREE', quantity_available: 1000 }],
    });
    return { eventId: made.event.id, ticketId: made.tickets[0]?.id ?? 0 };
  };
  const reserve = (t: TestApp, from: string, target: { eventId: number; ticketId: number }) =>
    send(t, from, {
      method: 'POST',
      url: `/api/public/events/${target.eventId}/orders`,
      payload: { tickets: [{ ticket_id: target.ticketId, quantity: 1 }] },
    });
  const abandon = (t: TestApp, from: string, eventId: number, shortId: string) =>
    send(t, from, { method: 'POST', url: `/api/public/events/${eventId}/orders/${shortId}/abandon` });

  it('limits the orders one client address creates a minute', async () => {
    const target = await seat(strict, strictOwner);
    const from = newAddress();
    for (let i = 0; i < 4; i++) {
      const res = await reserve(strict, from, target);
      expect(res.statusCode).toBe(201);
      expect((await abandon(strict, from, target.eventId, res.json().short_id)).statusCode).toBe(200);
    }
    expectRateLimited(await reserve(strict, from, target));
    expect((await reserve(strict, newAddress(), target)).statusCode).toBe(201);
  });

  it('limits the orders of one event a minute, whatever the client addresses', async () => {
    const target = await seat(strict, strictOwner);
    for (let i = 0; i < 6; i++) expect((await reserve(strict, newAddress(), target)).statusCode).toBe(201);
    expectRateLimited(await reserve(strict, newAddress(), target));
    const other = await seat(strict, strictOwner);
    expect((await reserve(strict, newAddress(), other)).statusCode).toBe(201);
  });

  it('caps the reservations one client address holds open, on any event', async () => {
    const target = await seat(strict, strictOwner);
    const elsewhere = await seat(strict, strictOwner);
    const from = newAddress();
    const first = await reserve(strict, from, target);
    expect(first.statusCode).toBe(201);
    expect((await reserve(strict, from, target)).statusCode).toBe(201);
    const refused = await reserve(strict, from, elsewhere);
    expectRateLimited(refused, 'TOO_MANY_OPEN_ORDERS');
    // Nothing was held for the refused order.
    const held = await ticketCounts(strict.app.db, elsewhere.ticketId);
    expect(held?.quantityReserved).toBe(0);
    // Giving one reservation up makes room for another.
    expect((await abandon(strict, from, target.eventId, first.json().short_id)).statusCode).toBe(200);
    expect((await reserve(strict, from, elsewhere)).statusCode).toBe(201);
  });

  it('lets one client address hold 10 reservations by default, not 11', async () => {
    const target = await seat(app, owner);
    const from = newAddress();
    for (let i = 0; i < 10; i++) expect((await reserve(app, from, target)).statusCode).toBe(201);
    expectRateLimited(await reserve(app, from, target), 'TOO_MANY_OPEN_ORDERS');
  });

  it('lets one client address take 10 reservations when it asks for 20 at once', async () => {
    // On PostgreSQL these run on several connections at once: each counts the address's open
    // reservations only once it holds the address's lock, so no two take the same place.
    const target = await seat(app, owner);
    const from = newAddress();
    const answers = await Promise.all(Array.from({ length: 20 }, () => reserve(app, from, target)));
    const codes = answers.map((res) => (res.statusCode === 201 ? 'RESERVED' : res.json().code));
    expect(codes.sort()).toEqual([
      ...Array.from({ length: 10 }, () => 'RESERVED'),
      ...Array.from({ length: 10 }, () => 'TOO_MANY_OPEN_ORDERS'),
    ]);
    const held = await ticketCounts(app.app.db, target.ticketId);
    expect(held?.quantityReserved).toBe(10);
  });
});

describe('promo codes', () => {
  const guess = (t: TestApp, from: string, eventId: number, code: string) =>
    send(t, from, { method: 'GET', url: `/api/public/events/${eventId}/promo-codes/${code}` });

  it('stops 100 guesses from one client address (the defaults)', async () => {
    const { event } = await makeLiveEvent(app.app, owner);
    const from = newAddress();
    const answers: number[] = [];
    for (let i = 0; i < 100; i++) answers.push((await guess(app, from, event.id, `GUESS${i}`)).statusCode);
    expect(answers.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(answers.slice(20)).toEqual(Array(80).fill(429));
  });

  it('limits guesses per client address and per event', async () => {
    const { event } = await makeLiveEvent(strict.app, strictOwner);
    const from = newAddress();
    for (let i = 0; i < 3; i++)
      expect((await guess(strict, from, event.id, `A${i}`)).json()).toEqual({ valid: false });
    expectRateLimited(await guess(strict, from, event.id, 'A4'));
    // Two more from elsewhere reach the event's limit of 5; the sixth is refused wherever it comes from.
    for (let i = 0; i < 2; i++)
      expect((await guess(strict, newAddress(), event.id, `B${i}`)).statusCode).toBe(200);
    expectRateLimited(await guess(strict, newAddress(), event.id, 'C'));
    const other = await makeLiveEvent(strict.app, strictOwner);
    expect((await guess(strict, newAddress(), other.event.id, 'C')).statusCode).toBe(200);
  });
});

describe('check-in search', () => {
  it('limits the searches of one client address, not the download of the list', async () => {
    const made = await makeLiveEvent(strict.app, strictOwner);
    const list = await makeCheckInList(strict.app, strictOwner, {
      eventId: made.event.id,
      ticket_ids: made.tickets.map((t) => t.id),
    });
    const from = newAddress();
    const search = (query: string) =>
      send(strict, from, {
        method: 'GET',
        url: `/api/public/check-in-lists/${list.short_id}/attendees?query=${query}`,
      });
    for (let i = 0; i < 3; i++) expect((await search(`silva${i}`)).statusCode).toBe(200);
    expectRateLimited(await search('silva'));
    const download = await send(strict, from, {
      method: 'GET',
      url: `/api/public/check-in-lists/${list.short_id}/attendees?per_page=1000`,
    });
    expect(download.statusCode).toBe(200);
  });
});

describe('every public route', () => {
  it('has a limit per client address (PUBLIC_RATE_LIMIT_PER_MINUTE)', async () => {
    const { event } = await makeLiveEvent(strict.app, strictOwner);
    const from = newAddress();
    const page = () => send(strict, from, { method: 'GET', url: `/api/public/events/${event.id}` });
    for (let i = 0; i < 5; i++) expect((await page()).statusCode).toBe(200);
    expectRateLimited(await page());
    expect(
      (await send(strict, newAddress(), { method: 'GET', url: `/api/public/events/${event.id}` })).statusCode,
    ).toBe(200);
  });

  it('is documented as answering 429, except the Stripe webhook', async () => {
    const document = (await app.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const undocumented: string[] = [];
    for (const [path, methods] of Object.entries<Record<string, { responses: object }>>(document.paths)) {
      if (!path.startsWith('/api/public/') && !path.startsWith('/api/auth/')) continue;
      for (const [method, operation] of Object.entries(methods)) {
        if (!('429' in operation.responses)) undocumented.push(`${method} ${path}`);
      }
    }
    expect(undocumented).toEqual(['post /api/public/webhooks/stripe']);
  });
});

describe('request bodies', () => {
  it('refuses a JSON body over 1 MB with 413 in the error shape', async () => {
    const res = await send(app, newAddress(), {
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024 + 1) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' });
  });
});
