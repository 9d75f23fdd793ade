import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PATTERN, type CreatedApiKeyResponse } from '../../../common/api-keys';
import { apiKeys } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeEvent, makeMember, type Owner } from '../../test/builders';

// API keys (decision 025): made by an ADMIN, shown once, stored hashed, acting with their role
// on their account only, counted per key, refused when revoked or expired.

const RATE_LIMIT = 10;
let t: TestApp;
let owner: Owner;
let organizer: Owner;
let other: Owner;
let eventTitle: string;
let otherEventId: number;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function createKey(
  by: Owner,
  body: Record<string, unknown> = { name: 'Zapier', role: 'ADMIN' },
): Promise<CreatedApiKeyResponse> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: bearer(by.token),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const get = (url: string, token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });

async function lastUsed(id: number): Promise<Date | null> {
  const [row] = await t.app.db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, id));
  return row?.at ?? null;
}

beforeAll(async () => {
  t = await createTestApp({ env: { API_KEY_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) } });
  owner = await makeAccount(t.app);
  organizer = await makeMember(t.app, owner, { role: 'ORGANIZER' });
  eventTitle = (await makeEvent(t.app, owner, { title: 'Harbour Nights' })).title;
  other = await makeAccount(t.app);
  otherEventId = (await makeEvent(t.app, other, { title: 'Rival Fair' })).id;
});
afterAll(async () => {
  await t?.close();
});

describe('creating a key', () => {
  it('answers the whole key once; the list and the table hold only its prefix and hash', async () => {
    const created = await createKey(owner, { name: 'Accounting sync', role: 'ORGANIZER' });
    expect(created.key).toMatch(API_KEY_PATTERN);
    expect(created.key.startsWith(`${created.prefix}_`)).toBe(true);
    expect(created).toMatchObject({ name: 'Accounting sync', role: 'ORGANIZER', status: 'ACTIVE' });
    expect(created.last_used_at).toBeNull();
    expect(created.expires_at).toBeNull();

    const list = await get('/api/api-keys', owner.token);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.key);
    const listed = list.json().data.find((k: { id: number }) => k.id === created.id);
    expect(listed).toMatchObject({ prefix: created.prefix, created_by: expect.any(String) });
    expect(listed).not.toHaveProperty('key');

    // The whole table as text: neither the key nor its secret part is in it, its SHA-256 is.
    const secret = created.key.slice(created.prefix.length + 1);
    const dump = JSON.stringify(await t.app.db.execute(sql`select * from api_keys`));
    expect(dump).not.toContain(created.key);
    expect(dump).not.toContain(secret);
    expect(dump).toContain(createHash('sha256').update(created.key).digest('hex'));
    expect(secret.length).toBe(43); // 32 random bytes: 256 bits
  });

  it('refuses bad input with translated field errors', async () => {
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/api-keys',
        headers: { ...bearer(owner.token), 'accept-language': 'de' },
        payload,
      });
    const empty = await post({ name: ' ', role: 'ADMIN' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.name).toBeDefined();
    const role = await post({ name: 'Owner key', role: 'OWNER' });
    expect(role.statusCode).toBe(422);
    expect(role.json().errors.role).toBeDefined();
    const past = await post({ name: 'Old', role: 'ADMIN', expires_at: '2020-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.expires_at).toEqual([expect.stringMatching(/Zukunft/)]);
    const xss = await createKey(owner, { name: '<img src=x onerror=alert(1)>', role: 'ADMIN' });
    expect(xss.name).toBe('<img src=x onerror=alert(1)>');
  });

  it('is for ADMINs: an ORGANIZER gets 403 on the key routes', async () => {
    for (const [method, url] of [
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys'],
      ['POST', '/api/api-keys/1/revoke'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: bearer(organizer.token),
        payload: method === 'POST' ? { name: 'Mine', role: 'ADMIN' } : undefined,
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
  });
});

describe('calling the API with a key', () => {
  it('acts on the key’s account with its role: events listed, another account’s event a 404', async () => {
    const { key } = await createKey(owner, { name: 'Door system', role: 'ORGANIZER' });
    const events = await get('/api/events', key);
    expect(events.statusCode).toBe(200);
    expect(events.json().data.map((e: { title: string }) => e.title)).toContain(eventTitle);
    expect(events.body).not.toContain('Rival Fair');
    const theirs = await get(`/api/events/${otherEventId}`, key);
    expect(theirs.statusCode).toBe(404);
  });

  it('refuses an ORGANIZER key where SPEC refuses organizers (users, account settings, taxes, payments)', async () => {
    const { key } = await createKey(owner, { name: 'Limited', role: 'ORGANIZER' });
    const calls = [
      { method: 'GET', url: '/api/users' },
      { method: 'PUT', url: '/api/accounts/current', payload: { name: 'Taken over' } },
      {
        method: 'POST',
        url: '/api/taxes-and-fees',
        payload: { name: 'VAT', type: 'TAX', calculation_type: 'PERCENTAGE', rate: '23' },
      },
      { method: 'GET', url: '/api/accounts/payment' },
    ] as const;
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: bearer(key) });
      expect(res.statusCode, call.url).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    const { key: admin } = await createKey(owner, { name: 'Full', role: 'ADMIN' });
    expect((await get('/api/users', admin)).statusCode).toBe(200);
  });

  it('refuses keys with 403 on the routes about a person', async () => {
    const { key } = await createKey(owner, { name: 'Personal', role: 'ADMIN' });
    const calls = [
      { method: 'GET', url: '/api/users/me' },
      { method: 'PUT', url: '/api/users/me', payload: { first_name: 'Robot' } },
      { method: 'POST', url: '/api/auth/logout' },
      { method: 'GET', url: '/api/api-keys' },
      { method: 'POST', url: '/api/api-keys', payload: { name: 'Successor', role: 'ADMIN' } },
      { method: 'POST', url: `/api/users/${owner.userId}/resend-email-confirmation` },
      { method: 'DELETE', url: `/api/users/${owner.userId}/email-change` },
    ] as const;
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: bearer(key) });
      expect(res.statusCode, call.url).toBe(403);
      expect(res.json().code).toBe('API_KEY_NOT_ALLOWED');
    }
  });

  it('answers 401 with a translated message once the key is revoked or expired', async () => {
    const created = await createKey(owner);
    expect((await get('/api/events', created.key)).statusCode).toBe(200);
    const revoke = await t.app.inject({
      method: 'POST',
      url: `/api/api-keys/${created.id}/revoke`,
      headers: bearer(owner.token),
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json()).toMatchObject({ status: 'REVOKED', revoked_at: expect.any(String) });
    const revoked = await get('/api/events', created.key, { 'accept-language': 'de' });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().code).toBe('API_KEY_REVOKED');
    expect(revoked.json().message).toMatch(/widerrufen/);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/api-keys/${created.id}/revoke`,
      headers: bearer(owner.token),
    });
    expect(again.statusCode).toBe(409);

    const soon = new Date(Date.now() + 60_000).toISOString();
    const expiring = await createKey(owner, { name: 'Short-lived', role: 'ADMIN', expires_at: soon });
    expect(expiring.expires_at).toBe(soon);
    expect((await get('/api/events', expiring.key)).statusCode).toBe(200);
    await t.app.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expiring.id));
    const expired = await get('/api/events', expiring.key);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('API_KEY_EXPIRED');
    const listed = (await get('/api/api-keys', owner.token)).json().data;
    expect(listed.find((k: { id: number }) => k.id === expiring.id).status).toBe('EXPIRED');
  });

  it('cannot revoke another account’s key', async () => {
    const theirs = await createKey(other);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/api-keys/${theirs.id}/revoke`,
      headers: bearer(owner.token),
    });
    expect(res.statusCode).toBe(404);
    expect((await get('/api/events', theirs.key)).statusCode).toBe(200);
  });

  it('records the last use at most once a minute', async () => {
    const created = await createKey(owner);
    expect(await lastUsed(created.id)).toBeNull();
    await get('/api/events', created.key);
    const first = await lastUsed(created.id);
    expect(first).not.toBeNull();
    await get('/api/events', created.key);
    expect(await lastUsed(created.id)).toEqual(first);
    // A minute later (moved back in the table), the next call writes it again.
    const earlier = new Date(Date.now() - 61_000);
    await t.app.db.update(apiKeys).set({ lastUsedAt: earlier }).where(eq(apiKeys.id, created.id));
    await get('/api/events', created.key);
    const later = await lastUsed(created.id);
    expect(later?.getTime()).toBeGreaterThan(earlier.getTime() + 30_000);
    const listed = (await get('/api/api-keys', owner.token)).json().data;
    expect(listed.find((k: { id: number }) => k.id === created.id).last_used_at).toBe(later?.toISOString());
  });

  it('counts calls per key: over the limit 429 with Retry-After, other keys unaffected', async () => {
    const busy = await createKey(owner, { name: 'Busy', role: 'ADMIN' });
    const calm = await createKey(owner, { name: 'Calm', role: 'ADMIN' });
    for (let i = 0; i < RATE_LIMIT; i++) expect((await get('/api/events', busy.key)).statusCode).toBe(200);
    const limited = await get('/api/organizers', busy.key);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get('/api/events', calm.key)).statusCode).toBe(200);
    // People logged in are not counted by the key limit.
    for (let i = 0; i < RATE_LIMIT + 1; i++)
      expect((await get('/api/events', owner.token)).statusCode).toBe(200);
  });

  it('counts as its creator for going live: an unconfirmed creator’s key cannot make an event live', async () => {
    const unconfirmed = await makeAccount(t.app, { confirmed: false });
    const draft = await makeEvent(t.app, unconfirmed, { title: 'Not yet' });
    const { key } = await createKey(unconfirmed, { name: 'Publisher', role: 'ADMIN' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/events/${draft.id}/status`,
      headers: bearer(key),
      payload: { status: 'LIVE' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('EMAIL_NOT_CONFIRMED');
  });

  it('caps the unrevoked keys of an account', async () => {
    const account = await makeAccount(t.app);
    for (let i = 0; i < 50; i++) await createKey(account, { name: `Key ${i}`, role: 'ORGANIZER' });
    const over = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: bearer(account.token),
      payload: { name: 'One more', role: 'ADMIN' },
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('API_KEY_LIMIT');
  });
});
