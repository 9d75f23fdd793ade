import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { createTestApp, type TestApp } from '../test/app';
import { makeAccount, makeLiveEvent, makeOrder, type Owner } from '../test/builders';

/** What the log of one test app holds, line by line. */
const lines: string[] = [];
let t: TestApp;
let owner: Owner;
let eventId: number;
let orderShortId: string;

const EMAIL = 'grace.hopper@example.com';
const NAME = 'Hopperina';
const SEARCH = 'Zyxwvutsrq';
const RESET_TOKEN = 'Q2hhbmdlTWVQbGVhc2VJdHNBU2VjcmV0VG9rZW4xMjM';

/**
 * A route whose query fails in the database with the caller's input in its parameters, and one
 * that passes personal data to the log by name, as a careless log call would.
 */
async function testRoutes(app: App): Promise<void> {
  app.post('/api/test/failing-insert', async (request) => {
    const { email, name } = request.body as { email: string; name: string };
    return app.db.execute(sql`select ${email}::int as id, ${name}::int as name`);
  });
  app.post('/api/test/careless-log', async (request) => {
    const { email, name } = request.body as { email: string; name: string };
    request.log.info(
      {
        email,
        body: request.body,
        buyer: { first_name: name, contact: { email } },
        lines: [{ token: RESET_TOKEN }],
        kept: 'visible',
      },
      'careless',
    );
    return { ok: true };
  });
}

beforeAll(async () => {
  t = await createTestApp({
    extraRoutes: testRoutes,
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
  });
  owner = await makeAccount(t.app);
  const { event, tickets } = await makeLiveEvent(t.app, owner);
  eventId = event.id;
  const ticketId = tickets[0]?.id ?? 0;
  orderShortId = (
    await makeOrder(t.app, {
      eventId,
      lines: [{ ticket_id: ticketId, quantity: 1 }],
      buyer: NAME,
      email: EMAIL,
    })
  ).short_id;
});
let closed = false;
afterAll(async () => {
  if (!closed) await t.close();
});

const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('the log', () => {
  it('names route, status, request id and error code, and no personal data, tokens or query values', async () => {
    const headers = { authorization: `Bearer ${owner.token}`, 'x-request-id': 'req-log-test-0001' };
    const requests = [
      t.app.inject({ method: 'GET', url: `/api/events/${eventId}/orders?query=${SEARCH}`, headers }),
      t.app.inject({ method: 'GET', url: `/api/events/${eventId}/attendees?query=${EMAIL}`, headers }),
      t.app.inject({ method: 'GET', url: `/api/public/events/${eventId}/orders/${orderShortId}` }),
      t.app.inject({ method: 'GET', url: `/api/auth/reset-password/${RESET_TOKEN}` }),
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: EMAIL, password: 'wrong password!' },
      }),
      t.app.inject({
        method: 'POST',
        url: '/api/test/failing-insert',
        payload: { email: EMAIL, name: NAME },
        headers: { 'x-request-id': 'req-log-test-0500' },
      }),
    ];
    const statuses = (await Promise.all(requests)).map((res) => res.statusCode);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses[5]).toBe(500);

    const log = lines.join('\n');
    for (const secret of [EMAIL, NAME, SEARCH, RESET_TOKEN, orderShortId, owner.token, 'wrong password!']) {
      expect(log, secret).not.toContain(secret);
    }

    const all = entries();
    const failure = all.find((entry) => entry.reqId === 'req-log-test-0500' && entry.level === 50);
    expect(failure).toMatchObject({ route: '/api/test/failing-insert', status: 500, code: 'INTERNAL' });
    // Enough to find the fault: the kind of error and where it was thrown.
    expect(JSON.stringify(failure)).toContain('22P02');
    expect(JSON.stringify(failure)).toContain('select $1::int');

    const refused = all.find((entry) => entry.msg === 'request refused' && entry.route === '/api/auth/login');
    expect(refused).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
    expect(refused?.reqId).toEqual(expect.any(String));

    const completed = all.filter((entry) => entry.msg === 'request completed');
    expect(completed.map((entry) => entry.route)).toEqual(
      expect.arrayContaining(['/api/events/:id/orders', '/api/events/:id/attendees', '/api/auth/login']),
    );
    // One line per request, when it is answered: nothing when it arrives.
    const mine = all.filter((entry) => entry.reqId === 'req-log-test-0001');
    expect(mine).toHaveLength(2);
    for (const entry of mine) {
      expect(entry).toMatchObject({ level: 30, msg: 'request completed', method: 'GET', status: 200 });
      expect(entry.ms).toEqual(expect.any(Number));
    }
    expect(all.some((entry) => entry.msg === 'incoming request')).toBe(false);
    // An answered read without a login is counted, not logged: the crowd's reads (last test).
    expect(all.some((entry) => entry.route === '/api/public/events/:id/orders/:shortId')).toBe(false);
  });

  it('blanks personal data a log call passes by name, at any of the first three levels', async () => {
    lines.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/careless-log',
      payload: { email: EMAIL, name: NAME },
    });
    expect(res.statusCode).toBe(200);
    const careless = entries().find((entry) => entry.msg === 'careless');
    expect(careless).toMatchObject({
      email: '[redacted]',
      body: '[redacted]',
      buyer: { first_name: '[redacted]', contact: { email: '[redacted]' } },
      lines: [{ token: '[redacted]' }],
      kept: 'visible',
    });
    const log = lines.join('\n');
    for (const secret of [EMAIL, NAME, RESET_TOKEN]) expect(log, secret).not.toContain(secret);
  });

  it('keeps the secrets of pages the server does not route out of the log', async () => {
    lines.length = 0;
    const res = await t.app.inject({
      method: 'GET',
      url: `/checkout/${eventId}/${orderShortId}/details?email=${EMAIL}`,
    });
    expect(res.statusCode).toBe(404);
    const log = lines.join('\n');
    expect(log).not.toContain(orderShortId);
    expect(log).not.toContain(EMAIL);
    expect(log).toContain(`/checkout/${eventId}/`);
  });

  it('logs an unknown API address without its secrets', async () => {
    lines.length = 0;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/nothing-here/${RESET_TOKEN}?email=${EMAIL}`,
    });
    expect(res.statusCode).toBe(404);
    const log = lines.join('\n');
    expect(log).not.toContain(RESET_TOKEN);
    expect(log).not.toContain(EMAIL);
    expect(log).toContain('/api/nothing-here/:value');
  });

  it('writes the answered reads without a login it counted, per route, when the server closes', async () => {
    await t.app.inject({ method: 'GET', url: `/api/public/events/${eventId}` });
    await t.app.inject({ method: 'GET', url: `/api/public/events/${eventId}` });
    lines.length = 0;
    closed = true;
    await t.close();
    const read = entries().find(
      (entry) => entry.msg === 'reads answered' && entry.route === '/api/public/events/:id',
    );
    expect(read).toMatchObject({ level: 30, count: 2 });
    expect(read?.ms_mean).toEqual(expect.any(Number));
    expect(read?.ms_max).toEqual(expect.any(Number));
    expect(lines.join('\n')).not.toContain(`/events/${eventId}`);
  });
});
