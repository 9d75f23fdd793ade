import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountUsers, passkeys, securityEvents, sessions } from '../../db/schema';
import { SoftwareAuthenticator } from '../../test/authenticator';
import { createIdentityKit, type IdentityKit, PASSWORD } from '../../test/identity';
import { setTwoFactorRequired } from '../two-factor/status';

// Passkeys (decision 066), with real WebAuthn answers of a software authenticator: adding one,
// signing in with it alone or as the second factor, and everything that must be refused.

const ORIGIN = 'http://tessera.test';
let kit: IdentityKit;
beforeAll(async () => {
  kit = await createIdentityKit();
});
afterAll(async () => kit?.close());

type Owner = Awaited<ReturnType<IdentityKit['register']>>;

/** Adds a passkey of a new software authenticator to the user, through the API. */
async function addPasskey(owner: Owner, name?: string) {
  const authenticator = new SoftwareAuthenticator(ORIGIN);
  const start = await kit.as(owner.token, {
    method: 'POST',
    url: '/api/users/me/passkeys/registration-options',
  });
  expect(start.statusCode).toBe(200);
  const { challenge, options } = start.json();
  const res = await kit.as(owner.token, {
    method: 'POST',
    url: '/api/users/me/passkeys',
    payload: { challenge, response: authenticator.register(options), ...(name ? { name } : {}) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { authenticator, passkey: res.json() as { id: number; name: string } };
}

async function loginOptions(ticket?: string) {
  const res = await kit.app.inject({
    method: 'POST',
    url: '/api/auth/passkeys/options',
    payload: ticket ? { ticket } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    challenge: string;
    options: { challenge: string; allowCredentials?: { id: string }[] };
  };
}

const passkeyLogin = (payload: object) =>
  kit.app.inject({ method: 'POST', url: '/api/auth/passkeys/login', payload });

const passwordTicket = async (email: string) => {
  const res = await kit.login(email, PASSWORD);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body.two_factor.methods).toContain('PASSKEY');
  return body.two_factor.ticket as string;
};

describe('adding a passkey', () => {
  it('keeps the credential, names it after the browser unless named, records and mails it', async () => {
    const owner = await kit.register();
    const { authenticator, passkey } = await addPasskey(owner);
    expect(passkey.name).toBe('Passkey');
    const named = await addPasskey(owner, 'Work laptop');
    expect(named.passkey.name).toBe('Work laptop');
    const [row] = await kit.app.db.select().from(passkeys).where(eq(passkeys.id, passkey.id));
    expect(row?.credentialId).toBe(authenticator.id);
    expect(row?.userId).toBe(owner.userId);
    const list = await kit.as(owner.token, { method: 'GET', url: '/api/users/me/passkeys' });
    expect(list.json().data.map((p: { name: string }) => p.name)).toEqual(['Passkey', 'Work laptop']);
    const events = await kit.app.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, owner.userId), eq(securityEvents.kind, 'PASSKEY_ADDED')));
    expect(events.map((e) => e.detail.name)).toEqual(['Passkey', 'Work laptop']);
    await kit.deliverMail();
    expect(kit.smtp.to(owner.email).some((m) => m.text.includes('Work laptop'))).toBe(true);
  });

  it('refuses an answer for another origin, a challenge used twice, and the same credential twice', async () => {
    const owner = await kit.register();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const start = async () =>
      (
        await kit.as(owner.token, { method: 'POST', url: '/api/users/me/passkeys/registration-options' })
      ).json();
    const add = (payload: object) =>
      kit.as(owner.token, { method: 'POST', url: '/api/users/me/passkeys', payload });

    const first = await start();
    const phished = await add({
      challenge: first.challenge,
      response: authenticator.register(first.options, 'http://evil.test'),
    });
    expect(phished.statusCode).toBe(422);
    expect(phished.json().code).toBe('PASSKEY_INVALID');
    // The challenge was spent by the failed answer.
    const again = await add({ challenge: first.challenge, response: authenticator.register(first.options) });
    expect(again.statusCode).toBe(410);

    const second = await start();
    expect(
      (await add({ challenge: second.challenge, response: authenticator.register(second.options) }))
        .statusCode,
    ).toBe(201);
    const third = await start();
    const twice = await add({ challenge: third.challenge, response: authenticator.register(third.options) });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('PASSKEY_ALREADY_ADDED');

    // Another user's registration challenge is not this user's.
    const other = await kit.register();
    const theirs = (
      await kit.as(other.token, { method: 'POST', url: '/api/users/me/passkeys/registration-options' })
    ).json();
    const stolen = await add({
      challenge: theirs.challenge,
      response: new SoftwareAuthenticator(ORIGIN).register(theirs.options),
    });
    expect(stolen.statusCode).toBe(410);
    expect(await kit.app.db.select().from(passkeys).where(eq(passkeys.userId, owner.userId))).toHaveLength(1);
  });
});

describe('signing in with a passkey', () => {
  it('alone: the browser offers it, the server finds its user and opens a session', async () => {
    const owner = await kit.register();
    const { authenticator } = await addPasskey(owner);
    const { challenge, options } = await loginOptions();
    expect(options.allowCredentials ?? []).toEqual([]);
    const res = await passkeyLogin({ challenge, response: authenticator.assert(options) });
    expect(res.statusCode, res.body).toBe(200);
    const { token, user } = res.json();
    expect(user.id).toBe(owner.userId);
    expect((await kit.as(token, { method: 'GET', url: '/api/users/me' })).statusCode).toBe(200);
    const [row] = await kit.app.db.select().from(passkeys).where(eq(passkeys.credentialId, authenticator.id));
    expect(row?.counter).toBe(1);
    expect(row?.lastUsedAt).not.toBeNull();

    // The same answer again: its challenge is spent.
    const replay = await passkeyLogin({ challenge, response: authenticator.assert(options, { counter: 2 }) });
    expect(replay.statusCode).toBe(410);
    expect(replay.json().code).toBe('PASSKEY_CHALLENGE_EXPIRED');
  });

  it('alone, for a user of several accounts: the account chosen next with the ticket it gives', async () => {
    const owner = await kit.register();
    const elsewhere = await kit.register();
    await kit.app.db
      .insert(accountUsers)
      .values({ accountId: elsewhere.accountId, userId: owner.userId, role: 'ORGANIZER', status: 'ACTIVE' });
    const { authenticator } = await addPasskey(owner);
    const { challenge, options } = await loginOptions();
    const res = await passkeyLogin({ challenge, response: authenticator.assert(options) });
    expect(res.statusCode, res.body).toBe(200);
    const { accounts, ticket } = res.json();
    expect(accounts.map((a: { id: number }) => a.id).sort()).toEqual(
      [owner.accountId, elsewhere.accountId].sort(),
    );
    const entered = await kit.app.inject({
      method: 'POST',
      url: '/api/auth/login/continue',
      payload: { ticket, account_id: elsewhere.accountId },
    });
    expect(entered.statusCode, entered.body).toBe(200);
    expect(entered.json().account.id).toBe(elsewhere.accountId);
  });

  it('refuses a counter that did not grow (a copied passkey), an unknown passkey and an unverified user', async () => {
    const owner = await kit.register();
    const { authenticator } = await addPasskey(owner);
    const one = await loginOptions();
    expect(
      (await passkeyLogin({ challenge: one.challenge, response: authenticator.assert(one.options) }))
        .statusCode,
    ).toBe(200);
    const two = await loginOptions();
    const copied = await passkeyLogin({
      challenge: two.challenge,
      response: authenticator.assert(two.options, { counter: 1 }),
    });
    expect(copied.statusCode).toBe(422);
    expect(copied.json().code).toBe('PASSKEY_INVALID');

    const three = await loginOptions();
    const stranger = new SoftwareAuthenticator(ORIGIN);
    const unknown = await passkeyLogin({
      challenge: three.challenge,
      response: stranger.assert(three.options),
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('PASSKEY_NOT_RECOGNIZED');

    const four = await loginOptions();
    const unverified = await passkeyLogin({
      challenge: four.challenge,
      response: authenticator.assert(four.options, { verified: false }),
    });
    expect(unverified.statusCode).toBe(422);
  });

  it('as the second factor after a password: only the ticket’s user’s passkeys count', async () => {
    const owner = await kit.register();
    const { authenticator } = await addPasskey(owner);
    const ticket = await passwordTicket(owner.email);
    const { challenge, options } = await loginOptions(ticket);
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([authenticator.id]);
    const res = await passkeyLogin({ challenge, response: authenticator.assert(options), ticket });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.id).toBe(owner.userId);
    // The ticket is spent with it.
    const again = await loginOptions();
    const reuse = await passkeyLogin({
      challenge: again.challenge,
      response: authenticator.assert(again.options),
      ticket,
    });
    expect(reuse.statusCode).toBe(410);
  });

  it('refuses another user’s passkey for a ticket, changing nothing', async () => {
    const owner = await kit.register();
    await addPasskey(owner);
    const intruder = await kit.register();
    const theirs = await addPasskey(intruder);
    const ticket = await passwordTicket(owner.email);
    const { challenge, options } = await loginOptions(ticket);
    const before = await kit.app.db.select().from(sessions).where(eq(sessions.userId, owner.userId));
    const res = await passkeyLogin({ challenge, response: theirs.authenticator.assert(options), ticket });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PASSKEY_OTHER_USER');
    const after = await kit.app.db.select().from(sessions).where(eq(sessions.userId, owner.userId));
    expect(after).toHaveLength(before.length);
    const [row] = await kit.app.db.select().from(passkeys).where(eq(passkeys.id, theirs.passkey.id));
    expect(row?.counter).toBe(0);
    expect(row?.lastUsedAt).toBeNull();
    // A discoverable challenge does not finish a ticket either.
    const open = await loginOptions();
    const mixed = await passkeyLogin({
      challenge: open.challenge,
      response: theirs.authenticator.assert(open.options),
      ticket,
    });
    expect(mixed.statusCode).toBe(410);
  });
});

describe('managing passkeys', () => {
  it('renames and removes one’s own; another user’s id is 404 and stays', async () => {
    const owner = await kit.register();
    const { passkey } = await addPasskey(owner, 'Old name');
    const other = await kit.register();
    const url = `/api/users/me/passkeys/${passkey.id}`;
    const renamed = await kit.as(owner.token, { method: 'PUT', url, payload: { name: '  Phone ' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Phone');
    expect((await kit.as(other.token, { method: 'PUT', url, payload: { name: 'Mine' } })).statusCode).toBe(
      404,
    );
    expect((await kit.as(other.token, { method: 'DELETE', url })).statusCode).toBe(404);
    const [kept] = await kit.app.db.select().from(passkeys).where(eq(passkeys.id, passkey.id));
    expect(kept?.name).toBe('Phone');
    expect((await kit.as(owner.token, { method: 'DELETE', url })).statusCode).toBe(204);
    expect((await kit.as(owner.token, { method: 'GET', url: '/api/users/me/passkeys' })).json().data).toEqual(
      [],
    );
    const [removed] = await kit.app.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, owner.userId), eq(securityEvents.kind, 'PASSKEY_REMOVED')));
    expect(removed?.detail).toEqual({ name: 'Phone' });
  });

  it('keeps the last second factor of a user whose account requires one', async () => {
    const owner = await kit.register();
    const first = await addPasskey(owner);
    const second = await addPasskey(owner);
    await setTwoFactorRequired(kit.app.db, { accountId: owner.accountId, required: true });
    const remove = (id: number) =>
      kit.as(owner.token, { method: 'DELETE', url: `/api/users/me/passkeys/${id}` });
    expect((await remove(first.passkey.id)).statusCode).toBe(204);
    const last = await remove(second.passkey.id);
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe('PASSKEY_LAST_SECOND_FACTOR');
    expect(await kit.app.db.select().from(passkeys).where(eq(passkeys.userId, owner.userId))).toHaveLength(1);
  });
});
