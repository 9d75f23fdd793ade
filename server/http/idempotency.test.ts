import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { openDatabase } from '../db/client';
import { attendees, idempotencyKeys, messages, tickets, webhookEndpoints } from '../db/schema';
import { IDEMPOTENCY_PURGE_JOB, SCHEDULES } from '../jobs/kinds';
import { enqueueScheduledSlot } from '../jobs/schedules';
import { createTestApp, createTestDatabase, type TestApp, testConfig } from '../test/app';
import { makeAccount, makeLiveEvent, makeMember, type Owner } from '../test/builders';
import { runAllDueJobs } from '../test/jobs';

// `Idempotency-Key` on writes a client may retry (decision 036): a retry with the same key and
// request gets the first answer and creates nothing more; the key with another request is
// refused; of two at once exactly one runs; keys are the caller's own and kept for 24 hours.

let t: TestApp;
let owner: Owner;
let eventId: number;
let ticketId: number;

type Method = 'POST' | 'GET';
const send = (
  token: string,
  method: Method,
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) => t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}`, ...headers } });
const withKey = (key: string) => ({ 'idempotency-key': key });

beforeAll(async () => {
  t = await createTestApp({ env: { MESSAGES_PER_ACCOUNT_PER_DAY: '1000' } });
  owner = await makeAccount(t.app);
  const { event, tickets: made } = await makeLiveEvent(t.app, owner);
  eventId = event.id;
  ticketId = made[0]?.id ?? 0;
});
afterAll(async () => {
  await t?.close();
});

/** Creations a client may retry, each with a body and a count of what it made. */
const creations = () => [
  {
    what: 'ticket',
    url: `/api/events/${eventId}/tickets`,
    body: { title: 'Balcony', type: 'FREE' },
    count: () => t.app.db.$count(tickets, and(eq(tickets.eventId, eventId), eq(tickets.title, 'Balcony'))),
  },
  {
    what: 'attendee',
    url: `/api/events/${eventId}/attendees`,
    body: {
      ticket_id: ticketId,
      first_name: 'Rui',
      last_name: 'Costa',
      email: 'rui@example.com',
      send_ticket_email: false,
    },
    count: () => t.app.db.$count(attendees, eq(attendees.email, 'rui@example.com')),
  },
  {
    what: 'message',
    url: `/api/events/${eventId}/messages`,
    body: {
      subject: 'Doors open at 19:00',
      body: '<p>See you there.</p>',
      scope: { type: 'ALL_ATTENDEES' },
      acknowledged_not_promotional: true,
    },
    count: () => t.app.db.$count(messages, eq(messages.subject, 'Doors open at 19:00')),
  },
  {
    what: 'webhook endpoint',
    url: '/api/webhooks',
    body: { url: 'https://hooks.example.com/crm', event_types: ['order.created'] },
    count: () => t.app.db.$count(webhookEndpoints, eq(webhookEndpoints.url, 'https://hooks.example.com/crm')),
  },
];

describe('a retried creation', () => {
  it('answers the first answer again, status and body, and creates one object', async () => {
    for (const { what, url, body, count } of creations()) {
      const first = await send(owner.token, 'POST', url, body, withKey(`create-${what.replace(' ', '-')}`));
      expect(first.statusCode, `${what}: ${first.body}`).toBeLessThan(300);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const again = await send(owner.token, 'POST', url, body, withKey(`create-${what.replace(' ', '-')}`));
      expect(again.statusCode, what).toBe(first.statusCode);
      expect(again.body, what).toBe(first.body);
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await count(), what).toBe(1);
      // A new key is a new request.
      const other = await send(owner.token, 'POST', url, body, withKey(`create-${what.replace(' ', '-')}-2`));
      expect(other.statusCode, `${what}: ${other.body}`).toBe(first.statusCode);
      expect(await count(), what).toBe(2);
    }
  });

  it('refuses the key with another body or on another route: 422 IDEMPOTENCY_KEY_REUSED, translated', async () => {
    const url = `/api/events/${eventId}/tickets`;
    const first = await send(
      owner.token,
      'POST',
      url,
      { title: 'Gallery', type: 'FREE' },
      withKey('k-reused'),
    );
    expect(first.statusCode, first.body).toBe(201);
    const changed = await send(
      owner.token,
      'POST',
      url,
      { title: 'Stalls', type: 'FREE' },
      withKey('k-reused'),
    );
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'This Idempotency-Key was already used for a different request.',
    });
    const elsewhere = await send(
      owner.token,
      'POST',
      '/api/organizers',
      { name: 'Elsewhere' },
      { ...withKey('k-reused'), 'accept-language': 'de' },
    );
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(elsewhere.json().message).not.toBe(changed.json().message);
    expect(await t.app.db.$count(tickets, eq(tickets.title, 'Stalls'))).toBe(0);
  });

  it('answers a refusal again too: the same request is refused the same way', async () => {
    const stranger = await makeAccount(t.app);
    const url = `/api/events/${eventId}/tickets`;
    const body = { title: 'Not theirs', type: 'FREE' };
    const first = await send(stranger.token, 'POST', url, body, withKey('refused-key'));
    expect(first.statusCode).toBe(404);
    const again = await send(stranger.token, 'POST', url, body, withKey('refused-key'));
    expect(again.statusCode).toBe(404);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('refuses a malformed key as a field error, changing nothing', async () => {
    for (const key of ['', 'a'.repeat(256), 'with space', 'ünïcode']) {
      const res = await send(
        owner.token,
        'POST',
        `/api/events/${eventId}/tickets`,
        { title: 'Malformed', type: 'FREE' },
        withKey(key),
      );
      expect(res.statusCode, JSON.stringify(key)).toBe(422);
      expect(Object.keys(res.json().errors ?? {})).toEqual(['idempotency-key']);
    }
    expect(await t.app.db.$count(tickets, eq(tickets.title, 'Malformed'))).toBe(0);
  });
});

describe('requests at once', () => {
  it('runs one of many concurrent requests with one key; the others wait or get its answer', async () => {
    const body = { title: 'Rush', type: 'FREE' };
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        send(owner.token, 'POST', `/api/events/${eventId}/tickets`, body, withKey('rush-key')),
      ),
    );
    expect(await t.app.db.$count(tickets, eq(tickets.title, 'Rush'))).toBe(1);
    const made = answers.filter((a) => a.statusCode === 201);
    const waiting = answers.filter((a) => a.statusCode === 409);
    expect(made.length + waiting.length, answers.map((a) => a.statusCode).join()).toBe(12);
    expect(made.length).toBeGreaterThanOrEqual(1);
    expect(new Set(made.map((a) => a.body)).size).toBe(1);
    for (const a of waiting) {
      expect(a.json().code).toBe('IDEMPOTENCY_KEY_IN_USE');
      expect(a.headers['retry-after']).toBe('1');
    }
    // Once it is done, a retry gets its answer.
    const later = await send(
      owner.token,
      'POST',
      `/api/events/${eventId}/tickets`,
      body,
      withKey('rush-key'),
    );
    expect(later.statusCode).toBe(201);
    expect(later.body).toBe(made[0]?.body);
  });
});

describe('whose keys', () => {
  it('keeps each caller’s keys apart: another member, an API key, another account', async () => {
    const member = await makeMember(t.app, owner, { role: 'ADMIN' });
    const created = await send(owner.token, 'POST', '/api/api-keys', { name: 'CRM', role: 'ADMIN' });
    expect(created.statusCode, created.body).toBe(201);
    const apiKey = created.json().key as string;
    const stranger = await makeAccount(t.app);
    const body = { name: 'Same key, several callers' };
    for (const token of [owner.token, member.token, apiKey, stranger.token]) {
      const res = await send(token, 'POST', '/api/organizers', body, withKey('shared-key'));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers['idempotent-replayed']).toBeUndefined();
    }
    const mine = await send(owner.token, 'POST', '/api/organizers', body, withKey('shared-key'));
    expect(mine.headers['idempotent-replayed']).toBe('true');
  });
});

describe('how long', () => {
  it('lets a retry run a request whose first run died before answering', async () => {
    const url = `/api/events/${eventId}/tickets`;
    const body = { title: 'Crashed', type: 'FREE' };
    const first = await send(owner.token, 'POST', url, body, withKey('crash-key'));
    expect(first.statusCode).toBe(201);
    // As a process killed mid-request leaves it: claimed, no answer, its lock lapsed.
    await t.app.db
      .update(idempotencyKeys)
      .set({ responseStatus: null, responseBody: null, lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(idempotencyKeys.key, 'crash-key'));
    const retry = await send(owner.token, 'POST', url, body, withKey('crash-key'));
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
  });
  it('keeps an answer 24 hours, then forgets it', async () => {
    const url = `/api/events/${eventId}/tickets`;
    const body = { title: 'Kept a day', type: 'FREE' };
    const first = await send(owner.token, 'POST', url, body, withKey('day-key'));
    expect(first.statusCode).toBe(201);
    const [row] = await t.app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'day-key'));
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(24 * 3600_000);

    // Almost a day later: still the same answer.
    await t.app.db
      .update(idempotencyKeys)
      .set({ expiresAt: sql`now() + interval '1 minute'` })
      .where(eq(idempotencyKeys.key, 'day-key'));
    const within = await send(owner.token, 'POST', url, body, withKey('day-key'));
    expect(within.headers['idempotent-replayed']).toBe('true');
    expect(await t.app.db.$count(tickets, eq(tickets.title, 'Kept a day'))).toBe(1);

    // Past it: the key is a new request, and the purge deletes what has expired.
    await t.app.db
      .update(idempotencyKeys)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(idempotencyKeys.key, 'day-key'));
    const after = await send(owner.token, 'POST', url, body, withKey('day-key'));
    expect(after.statusCode).toBe(201);
    expect(after.headers['idempotent-replayed']).toBeUndefined();
    expect(await t.app.db.$count(tickets, eq(tickets.title, 'Kept a day'))).toBe(2);
    await t.app.db
      .update(idempotencyKeys)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(idempotencyKeys.key, 'day-key'));
    // The hourly schedule deletes what has expired, and only that.
    const purge = SCHEDULES.find((s) => s.type === IDEMPOTENCY_PURGE_JOB);
    if (!purge) throw new Error('no purge schedule');
    await enqueueScheduledSlot(t.app.db, purge);
    await runAllDueJobs(t.app);
    expect(await t.app.db.$count(idempotencyKeys, eq(idempotencyKeys.key, 'day-key'))).toBe(0);
    expect(await t.app.db.$count(idempotencyKeys, eq(idempotencyKeys.key, 'crash-key'))).toBe(1);
  });
});

describe('without the header', () => {
  it('works as before: every request runs', async () => {
    const url = `/api/events/${eventId}/tickets`;
    for (let i = 0; i < 2; i++)
      expect((await send(owner.token, 'POST', url, { title: 'No key', type: 'FREE' })).statusCode).toBe(201);
    expect(await t.app.db.$count(tickets, eq(tickets.title, 'No key'))).toBe(2);
  });
});

describe('several instances', () => {
  it('holds across two instances on one database: one runs, the other answers its answer', async () => {
    // Two apps, as two instances would be: on PostgreSQL each with its own connection pool.
    const database = await createTestDatabase();
    const second = database.url ? await openDatabase({ kind: 'postgresql', url: database.url }) : null;
    const apps: App[] = [];
    try {
      for (const handle of [database.handle, second ?? database.handle]) {
        const app = await buildApp({ config: testConfig(), database: handle });
        await app.ready();
        apps.push(app);
      }
      const [one, two] = apps as [App, App];
      const seller = await makeAccount(one);
      const { event } = await makeLiveEvent(one, seller);
      const post = (app: App) =>
        app.inject({
          method: 'POST',
          url: `/api/events/${event.id}/tickets`,
          payload: { title: 'Either instance', type: 'FREE' },
          headers: { authorization: `Bearer ${seller.token}`, ...withKey('two-instances') },
        });
      const answers = await Promise.all([post(one), post(two), post(one), post(two)]);
      const statuses = answers.map((a) => a.statusCode);
      expect(
        statuses.every((status) => status === 201 || status === 409),
        statuses.join(),
      ).toBe(true);
      const later = await post(two);
      expect(later.statusCode).toBe(201);
      expect(later.headers['idempotent-replayed']).toBe('true');
      expect(await one.db.$count(tickets, eq(tickets.title, 'Either instance'))).toBe(1);
    } finally {
      for (const app of apps) await app.close();
      await second?.close();
      await database.dispose();
    }
  });
});
