import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

let n = 0;
const newEmail = () => `invitee${++n}.${Date.now()}@example.com`;

async function invite(token: string, email: string, role: 'ADMIN' | 'ORGANIZER' = 'ORGANIZER') {
  const res = await kit.as(token, {
    method: 'POST',
    url: '/api/users',
    payload: { email, first_name: 'Iris', role },
  });
  await kit.deliverMail();
  return res;
}

describe('invitations', () => {
  it('invites by e-mail; the invitee accepts, sets a password and is logged in as ORGANIZER', async () => {
    const owner = await makeAccount(kit.app, { first_name: 'Olga', last_name: 'Owner' });
    const email = newEmail();
    const invited = await invite(owner.token, email);
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({
      email,
      role: 'ORGANIZER',
      status: 'INVITED',
      is_account_owner: false,
    });

    const mail = kit.smtp.to(email).at(-1);
    expect(mail?.subject).toBe('Olga Owner invited you to Olga Owner on Tessera');
    const link = lastLink(mail, '/auth/accept-invitation/');

    const details = await kit.app.inject({ method: 'GET', url: `/api/auth/invitations/${link.token}` });
    expect(details.json()).toEqual({
      email,
      account_name: 'Olga Owner',
      inviter_name: 'Olga Owner',
      first_name: 'Iris',
      last_name: '',
      needs_password: true,
    });

    // An invited user cannot log in before accepting.
    const early = await kit.login(email, PASSWORD);
    expect(early.statusCode).toBe(401);

    const missingPassword = await kit.app.inject({
      method: 'POST',
      url: `/api/auth/invitations/${link.token}`,
      payload: { first_name: 'Iris', accept_terms: true },
    });
    expect(missingPassword.statusCode).toBe(422);
    expect(Object.keys(missingPassword.json().errors)).toEqual(['password']);

    const accepted = await kit.app.inject({
      method: 'POST',
      url: `/api/auth/invitations/${link.token}`,
      payload: {
        first_name: 'Iris',
        last_name: 'West',
        password: PASSWORD,
        password_confirmation: PASSWORD,
        accept_terms: true,
      },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().user).toMatchObject({
      role: 'ORGANIZER',
      status: 'ACTIVE',
      email_confirmed: true,
      last_name: 'West',
    });
    expect(accepted.json().account.id).toBe(owner.accountId);

    const again = await kit.app.inject({ method: 'GET', url: `/api/auth/invitations/${link.token}` });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('INVITATION_ALREADY_ACCEPTED');
    expect((await kit.login(email, PASSWORD)).statusCode).toBe(200);
  });

  it('resending sends a new link and retires the old one; revoking retires it for good', async () => {
    const owner = await makeAccount(kit.app);
    const email = newEmail();
    const { id } = (await invite(owner.token, email)).json();
    const first = lastLink(kit.smtp.to(email).at(-1), '/auth/accept-invitation/');

    const resent = await kit.as(owner.token, { method: 'POST', url: `/api/users/${id}/invitation` });
    expect(resent.statusCode).toBe(200);
    await kit.deliverMail();
    const second = lastLink(kit.smtp.to(email).at(-1), '/auth/accept-invitation/');
    expect(second.token).not.toBe(first.token);
    expect(
      (await kit.app.inject({ method: 'GET', url: `/api/auth/invitations/${first.token}` })).statusCode,
    ).toBe(410);
    expect(
      (await kit.app.inject({ method: 'GET', url: `/api/auth/invitations/${second.token}` })).statusCode,
    ).toBe(200);

    const revoked = await kit.as(owner.token, { method: 'DELETE', url: `/api/users/${id}/invitation` });
    expect(revoked.statusCode).toBe(204);
    const gone = await kit.app.inject({ method: 'GET', url: `/api/auth/invitations/${second.token}` });
    expect(gone.statusCode).toBe(410);
    expect(gone.json().code).toBe('INVITATION_INVALID');
    expect((await kit.as(owner.token, { method: 'GET', url: `/api/users/${id}` })).statusCode).toBe(404);
  });

  it('adds someone who already has a login to the account; they then choose the account at login', async () => {
    const a = await makeAccount(kit.app, { first_name: 'Alpha' });
    const b = await makeAccount(kit.app, { first_name: 'Beta' });
    const res = await invite(a.token, b.email, 'ADMIN');
    expect(res.statusCode).toBe(201);
    const link = lastLink(kit.smtp.to(b.email).at(-1), '/auth/accept-invitation/');
    const details = await kit.app.inject({ method: 'GET', url: `/api/auth/invitations/${link.token}` });
    expect(details.json().needs_password).toBe(false);
    const accepted = await kit.app.inject({
      method: 'POST',
      url: `/api/auth/invitations/${link.token}`,
      payload: { first_name: 'Ignored', accept_terms: true },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().user).toMatchObject({ first_name: 'Beta', role: 'ADMIN' });

    const choose = await kit.login(b.email, PASSWORD);
    expect(choose.statusCode).toBe(200);
    expect(choose.headers['x-auth-token']).toBeUndefined();
    expect(choose.json()).toEqual({
      accounts: expect.arrayContaining([
        { id: a.accountId, name: 'Alpha Lovelace' },
        { id: b.accountId, name: 'Beta Lovelace' },
      ]),
    });
    const chosen = await kit.login(b.email, PASSWORD, a.accountId);
    expect(chosen.json().account.id).toBe(a.accountId);
    const me = await kit.as(chosen.json().token, { method: 'GET', url: '/api/users/me' });
    expect(me.json()).toMatchObject({ role: 'ADMIN', account: { id: a.accountId } });
    const own = await kit.login(b.email, PASSWORD, b.accountId);
    expect(own.json().user.role).toBe('ADMIN');
    expect(own.json().user.is_account_owner).toBe(true);

    const stranger = await makeAccount(kit.app);
    const notMine = await kit.login(b.email, PASSWORD, stranger.accountId);
    expect(notMine.statusCode).toBe(403);

    const duplicate = await invite(a.token, b.email);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe('ALREADY_MEMBER');
  });
});
