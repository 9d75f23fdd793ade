import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { hashToken } from '../../http/auth';
import { makeAccount } from '../../test/builders';
import { createIdentityKit, type IdentityKit, PASSWORD } from '../../test/identity';
import { lastLink } from '../../test/smtp';

let kit: IdentityKit;
beforeAll(async () => {
  kit = await createIdentityKit();
});
afterAll(async () => {
  await kit?.close();
});

describe('registration', () => {
  it('creates an account and its owner, answers with a session, and mails a confirmation link that works', async () => {
    const res = await kit.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'accept-language': 'de-DE' },
      payload: {
        first_name: 'Grace',
        last_name: 'Hopper',
        email: '  Grace@Example.COM ',
        password: PASSWORD,
        password_confirmation: PASSWORD,
        accept_terms: true,
        currency: 'eur',
        timezone: 'Europe/Berlin',
      },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(res.headers['x-auth-token']).toBe(body.token);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toMatchObject({
      email: 'grace@example.com',
      first_name: 'Grace',
      role: 'ADMIN',
      status: 'ACTIVE',
      is_account_owner: true,
      email_confirmed: false,
      locale: 'de',
    });
    expect(body.account).toMatchObject({ name: 'Grace Hopper', currency: 'EUR', timezone: 'Europe/Berlin' });
    expect(body).not.toHaveProperty('user.password_hash');

    expect(await kit.deliverMail()).toBe(1);
    const [mail] = kit.smtp.to('grace@example.com');
    expect(mail?.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse');
    const link = lastLink(mail, '/manage/profile/confirm-email-address/');
    expect(mail?.links[0]).toMatch(/^http:\/\/tessera\.test\//);

    const confirmed = await kit.as(body.token, {
      method: 'POST',
      url: `/api/users/${body.user.id}/confirm-email/${link.token}`,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().email_confirmed).toBe(true);
    // Opening the link again is harmless.
    const again = await kit.as(body.token, {
      method: 'POST',
      url: `/api/users/${body.user.id}/confirm-email/${link.token}`,
    });
    expect(again.statusCode).toBe(200);
  });

  it('refuses an address that already has a login, and bad input field by field', async () => {
    const first = await makeAccount(kit.app);
    const dup = await kit.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        first_name: 'X',
        email: first.email.toUpperCase(),
        password: PASSWORD,
        password_confirmation: PASSWORD,
        accept_terms: true,
      },
    });
    expect(dup.statusCode).toBe(409);
    expect(Object.keys(dup.json().errors)).toEqual(['email']);

    const bad = await kit.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        first_name: '',
        email: 'nope',
        password: 'short',
        password_confirmation: 'other',
        accept_terms: false,
        currency: 'EURO',
        timezone: 'Mars/Olympus',
      },
    });
    expect(bad.statusCode).toBe(422);
    // Every field's problem at once, the mismatched confirmation included.
    expect(bad.json().errors).toEqual({
      first_name: ['This field is required.'],
      email: ['Enter a valid e-mail address.'],
      password: ['Enter at least 8 characters.'],
      password_confirmation: ['The passwords do not match.'],
      accept_terms: ['Please accept the terms to continue.'],
      currency: ['Choose a valid currency.'],
      timezone: ['Choose a valid time zone.'],
    });
  });
});

describe('login and sessions', () => {
  it('logs in with the right password only', async () => {
    const { email } = await makeAccount(kit.app);
    const wrong = await kit.login(email, 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'The e-mail address or password is not correct.',
    });
    const unknown = await kit.login('nobody@example.com', PASSWORD);
    expect(unknown.json().code).toBe('INVALID_CREDENTIALS');

    const ok = await kit.login(email.toUpperCase(), PASSWORD);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['x-auth-token']).toBe(ok.json().token);
    const me = await kit.as(ok.json().token, { method: 'GET', url: '/api/users/me' });
    expect(me.json()).toMatchObject({ email, last_login_at: expect.any(String) });
  });

  it('stores only a hash of the token, and logout revokes it', async () => {
    const { token } = await makeAccount(kit.app);
    const [row] = await kit.app.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row).toBeDefined();
    const stored = await kit.app.db.select({ t: sessions.tokenHash }).from(sessions);
    expect(stored.map((s) => s.t)).not.toContain(token);

    expect((await kit.as(token, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(204);
    const after = await kit.as(token, { method: 'GET', url: '/api/users/me' });
    expect(after.statusCode).toBe(401);
  });

  it('answers 401 without a token, with a malformed one, and after expiry', async () => {
    expect((await kit.app.inject({ method: 'GET', url: '/api/users/me' })).json().code).toBe(
      'UNAUTHENTICATED',
    );
    const garbage = await kit.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: 'Bearer x' },
    });
    expect(garbage.statusCode).toBe(401);
    const { token } = await makeAccount(kit.app);
    await kit.app.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.tokenHash, hashToken(token)));
    const expired = await kit.as(token, { method: 'GET', url: '/api/users/me' });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('SESSION_EXPIRED');
  });

  it('slides the expiry forward when a session is used', async () => {
    const { token } = await makeAccount(kit.app);
    await kit.app.db
      .update(sessions)
      .set({ lastUsedAt: sql`now() - interval '2 days'`, expiresAt: sql`now() + interval '28 days'` })
      .where(eq(sessions.tokenHash, hashToken(token)));
    await kit.as(token, { method: 'GET', url: '/api/users/me' });
    const [row] = await kit.app.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29.9 * 24 * 3600 * 1000);
  });
});

describe('rate limits', () => {
  it('answer 429 with a translated message after too many attempts for one e-mail', async () => {
    const limited = await createIdentityKit({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          cookies: { tessera_locale: 'fr' },
          payload: { email: 'target@example.com', password: 'guess' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({
        code: 'RATE_LIMITED',
        message: 'Trop de tentatives. Patientez une minute puis réessayez.',
      });
      const forgot = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: 'someone@example.com' },
        });
      for (let i = 0; i < 3; i++) expect((await forgot()).statusCode).toBe(200);
      expect((await forgot()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
