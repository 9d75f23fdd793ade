import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { securityEvents } from '../../db/schema';
import { createIdentityKit, type IdentityKit, PASSWORD } from '../../test/identity';

// A user's sessions (decision 066): the list with browser, device and place, and ending them.
// Sessions are read from the database on every request, so a second app instance on the same
// database refuses an ended session's token at once.

let kit: IdentityKit;
/** A second instance of the app on the same database (a pool of its own on PostgreSQL). */
let second: App;
let secondDatabase: DatabaseHandle | undefined;
beforeAll(async () => {
  kit = await createIdentityKit({ TRUST_PROXY: '127.0.0.1' });
  secondDatabase = kit.url
    ? await openDatabase({ kind: 'postgresql', url: kit.url, poolSize: 4 })
    : undefined;
  second = await buildApp({ config: kit.app.config, database: secondDatabase ?? kit.database });
  await second.ready();
});
afterAll(async () => {
  await second?.close();
  await secondDatabase?.close();
  await kit?.close();
});

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** Signs in from a browser and an address (told by the proxy the app trusts). */
async function signIn(email: string, from: { userAgent: string; ip: string }): Promise<string> {
  const res = await kit.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'user-agent': from.userAgent, 'x-forwarded-for': from.ip },
    payload: { email, password: PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
}

const me = (app: App, token: string) =>
  app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });

describe('the sessions list', () => {
  it('shows each live session with its browser, device, country and last use, the current one marked', async () => {
    const owner = await kit.register();
    const laptop = await signIn(owner.email, { userAgent: CHROME_LINUX, ip: '8.8.8.8' });
    await signIn(owner.email, { userAgent: SAFARI_IPHONE, ip: '192.168.1.20' });
    const res = await kit.as(laptop, { method: 'GET', url: '/api/users/me/sessions' });
    expect(res.statusCode).toBe(200);
    const list = res.json().data as Record<string, unknown>[];
    expect(list).toHaveLength(3);
    const current = list.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({
      browser: 'Chrome 140',
      device: 'Linux',
      country: 'US',
      ip: '8.8.8.8',
    });
    expect(list).toContainEqual(
      expect.objectContaining({
        browser: 'Safari 17',
        device: 'iPhone (iOS 17.0)',
        country: 'LOCAL',
        current: false,
      }),
    );
    expect(list.every((s) => typeof s.last_used_at === 'string')).toBe(true);
    expect(list.map((s) => (s.account as { id: number }).id)).toContain(owner.accountId);
    // Another user sees only their own.
    const other = await kit.register();
    const theirs = await kit.as(other.token, { method: 'GET', url: '/api/users/me/sessions' });
    expect(theirs.json().data).toHaveLength(1);
  });
});

describe('ending sessions', () => {
  it('makes the ended token fail at once on another instance; the others go on', async () => {
    const owner = await kit.register();
    const phone = await signIn(owner.email, { userAgent: SAFARI_IPHONE, ip: '10.0.0.5' });
    expect((await me(second, phone)).statusCode).toBe(200);
    const list = (await kit.as(owner.token, { method: 'GET', url: '/api/users/me/sessions' })).json().data;
    const target = list.find((s: { current: boolean }) => !s.current);

    const ended = await kit.as(owner.token, { method: 'DELETE', url: `/api/users/me/sessions/${target.id}` });
    expect(ended.statusCode).toBe(204);
    const refused = await me(second, phone);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('SESSION_EXPIRED');
    expect((await me(kit.app, phone)).statusCode).toBe(401);
    expect((await me(second, owner.token)).statusCode).toBe(200);
    // Once ended, it is not there to end again.
    const again = await kit.as(owner.token, { method: 'DELETE', url: `/api/users/me/sessions/${target.id}` });
    expect(again.statusCode).toBe(404);
    const [event] = await kit.app.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, owner.userId), eq(securityEvents.kind, 'SESSIONS_ENDED')));
    expect(event?.detail).toEqual({ count: 1 });
  });

  it('ends every other session but the current one, and mails the user', async () => {
    const owner = await kit.register();
    const a = await signIn(owner.email, { userAgent: CHROME_LINUX, ip: '8.8.4.4' });
    const b = await signIn(owner.email, { userAgent: SAFARI_IPHONE, ip: '8.8.8.8' });
    const res = await kit.as(a, { method: 'POST', url: '/api/users/me/sessions/end-others' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    expect((await me(second, a)).statusCode).toBe(200);
    expect((await me(second, b)).statusCode).toBe(401);
    expect((await me(second, owner.token)).statusCode).toBe(401);
    const left = (await kit.as(a, { method: 'GET', url: '/api/users/me/sessions' })).json().data;
    expect(left).toHaveLength(1);
    await kit.deliverMail();
    expect(kit.smtp.to(owner.email).some((m) => m.text.includes('2'))).toBe(true);
  });

  it('answers 404 for another user’s session, which goes on', async () => {
    const owner = await kit.register();
    const other = await kit.register();
    const theirs = (await kit.as(other.token, { method: 'GET', url: '/api/users/me/sessions' })).json()
      .data[0];
    const res = await kit.as(owner.token, { method: 'DELETE', url: `/api/users/me/sessions/${theirs.id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('SESSION_NOT_FOUND');
    expect((await me(second, other.token)).statusCode).toBe(200);
  });
});
