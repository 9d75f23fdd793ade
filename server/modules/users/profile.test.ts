import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error';
import { assertEmailConfirmed } from '../../http/auth';
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

describe('profile', () => {
  it('updates name, language and time zone', async () => {
    const { token } = await makeAccount(kit.app);
    const res = await kit.as(token, {
      method: 'PUT',
      url: '/api/users/me',
      payload: { first_name: 'Ada', last_name: 'King', locale: 'pt-BR', timezone: 'America/Sao_Paulo' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      first_name: 'Ada',
      last_name: 'King',
      locale: 'pt-BR',
      timezone: 'America/Sao_Paulo',
    });
    const bad = await kit.as(token, {
      method: 'PUT',
      url: '/api/users/me',
      payload: { locale: 'xx', role: 'ADMIN' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['locale', 'role']);
  });

  it('changes the password only with the current one, and logs out the other sessions', async () => {
    const { token, email } = await makeAccount(kit.app);
    const other = (await kit.login(email, PASSWORD)).json().token;
    const missing = await kit.as(token, {
      method: 'PUT',
      url: '/api/users/me',
      payload: { new_password: 'brand new secret', new_password_confirmation: 'brand new secret' },
    });
    expect(missing.json().errors).toEqual({
      current_password: ['Enter your current password to change this.'],
    });
    const wrong = await kit.as(token, {
      method: 'PUT',
      url: '/api/users/me',
      payload: {
        current_password: 'nope',
        new_password: 'brand new secret',
        new_password_confirmation: 'brand new secret',
      },
    });
    expect(wrong.json().errors).toEqual({ current_password: ['The current password is not correct.'] });
    const mismatch = await kit.as(token, {
      method: 'PUT',
      url: '/api/users/me',
      payload: {
        current_password: PASSWORD,
        new_password: 'brand new secret',
        new_password_confirmation: 'different',
      },
    });
    expect(mismatch.json().errors).toEqual({ new_password_confirmation: ['The passwords do not match.'] });

    const ok = await kit.as(token, {
      method: 'PUT',
      url: '/api/users/me',
      payload: {
        current_password: PASSWORD,
        new_password: 'brand new secret',
        new_password_confirmation: 'brand new secret',
      },
    });
    expect(ok.statusCode).toBe(200);
    expect((await kit.as(token, { method: 'GET', url: '/api/users/me' })).statusCode).toBe(200);
    expect((await kit.as(other, { method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
    expect((await kit.login(email, 'brand new secret')).statusCode).toBe(200);
  });
});

describe('e-mail change', () => {
  it('stays pending until the link sent to the new address is opened', async () => {
    const { token, email, userId } = await makeAccount(kit.app);
    const newAddress = `moved.${Date.now()}@example.com`;
    const res = await kit.as(token, {
      method: 'PUT',
      url: '/api/users/me',
      payload: { email: newAddress.toUpperCase(), current_password: PASSWORD },
    });
    expect(res.json()).toMatchObject({ email, pending_email: newAddress });
    await kit.deliverMail();
    const mail = kit.smtp.to(newAddress).at(-1);
    expect(mail?.subject).toBe('Confirm your new e-mail address');
    const link = lastLink(mail, '/manage/profile/confirm-email-change/');

    // Somebody else's session cannot use the link.
    const stranger = await makeAccount(kit.app);
    const foreign = await kit.as(stranger.token, {
      method: 'POST',
      url: `/api/users/${userId}/email-change/${link.token}`,
    });
    expect(foreign.statusCode).toBe(404);

    const confirmed = await kit.as(token, {
      method: 'POST',
      url: `/api/users/${userId}/email-change/${link.token}`,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ email: newAddress, pending_email: null, email_confirmed: true });
    expect((await kit.login(newAddress, PASSWORD)).statusCode).toBe(200);
    expect((await kit.login(email, PASSWORD)).statusCode).toBe(401);

    const reused = await kit.as(token, {
      method: 'POST',
      url: `/api/users/${userId}/email-change/${link.token}`,
    });
    expect(reused.statusCode).toBe(410);
    expect(reused.json().code).toBe('LINK_INVALID');

    // The previous address hears of it; this account names no support address.
    await kit.deliverMail();
    const notice = kit.smtp.to(email).at(-1);
    expect(notice?.subject).toBe('The e-mail address of your Tessera login was changed');
    expect(notice?.text).toContain(`was changed to m***@example.com.`);
    expect(notice?.text).not.toContain(newAddress);
    expect(notice?.text).toContain('tell an administrator of Ada Lovelace at once');
    expect(kit.smtp.to(newAddress).map((m) => m.subject)).toEqual(['Confirm your new e-mail address']);
  });

  it('tells the previous address in the user’s language, when, and whom to write to if it was not them', async () => {
    const { token, email, userId } = await makeAccount(kit.app);
    const support = `help.${Date.now()}@harbour.example`;
    const account = await kit.as(token, {
      method: 'PUT',
      url: '/api/accounts/current',
      payload: { name: 'Harbour Events', support_email: support, currency: 'EUR', timezone: 'Europe/Lisbon' },
    });
    expect(account.statusCode).toBe(200);
    await kit.as(token, {
      method: 'PUT',
      url: '/api/users/me',
      payload: { locale: 'de', timezone: 'Europe/Berlin' },
    });
    const newAddress = `neu.${Date.now()}@example.org`;
    await kit.as(token, {
      method: 'PUT',
      url: '/api/users/me',
      payload: { email: newAddress, current_password: PASSWORD },
    });
    await kit.deliverMail();
    const link = lastLink(kit.smtp.to(newAddress).at(-1), '/manage/profile/confirm-email-change/');
    const before = Date.now();
    const confirmed = await kit.as(token, {
      method: 'POST',
      url: `/api/users/${userId}/email-change/${link.token}`,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(kit.smtp.to(email).some((m) => m.subject.includes('geändert'))).toBe(false);

    await kit.deliverMail();
    const notice = kit.smtp.to(email).at(-1);
    expect(notice?.subject).toBe('Die E-Mail-Adresse Ihres Tessera-Logins wurde geändert');
    expect(notice?.text).toContain('n***@example.org');
    expect(notice?.text).not.toContain(newAddress);
    expect(notice?.text).toContain(support);
    expect(notice?.text).toContain('Harbour Events');
    expect(notice?.html).toContain(`href="mailto:${support}"`);
    // When, in the user's time zone and language.
    const day = { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' } as const;
    const when = new Intl.DateTimeFormat('de', { ...day, timeZone: 'Europe/Berlin' }).format(before);
    expect(notice?.text).toContain(when);
  });

  it('can be cancelled, which retires its link', async () => {
    const { token, userId } = await makeAccount(kit.app);
    const newAddress = `cancelled.${Date.now()}@example.com`;
    await kit.as(token, {
      method: 'PUT',
      url: '/api/users/me',
      payload: { email: newAddress, current_password: PASSWORD },
    });
    await kit.deliverMail();
    const link = lastLink(kit.smtp.to(newAddress).at(-1), '/manage/profile/confirm-email-change/');
    const cancelled = await kit.as(token, { method: 'DELETE', url: `/api/users/${userId}/email-change` });
    expect(cancelled.json().pending_email).toBeNull();
    expect(
      (await kit.as(token, { method: 'DELETE', url: `/api/users/${userId}/email-change` })).json().code,
    ).toBe('NO_PENDING_EMAIL_CHANGE');
    const late = await kit.as(token, {
      method: 'POST',
      url: `/api/users/${userId}/email-change/${link.token}`,
    });
    expect(late.statusCode).toBe(410);
  });

  it('refuses an address another login uses, and a change without the current password', async () => {
    const a = await makeAccount(kit.app);
    const b = await makeAccount(kit.app);
    const taken = await kit.as(a.token, {
      method: 'PUT',
      url: '/api/users/me',
      payload: { email: b.email, current_password: PASSWORD },
    });
    expect(Object.keys(taken.json().errors)).toEqual(['email']);
    const noPassword = await kit.as(a.token, {
      method: 'PUT',
      url: '/api/users/me',
      payload: { email: 'free@example.com' },
    });
    expect(Object.keys(noPassword.json().errors)).toEqual(['current_password']);
  });
});

describe('e-mail confirmation', () => {
  it('resends a fresh link while unconfirmed, then says it is already confirmed', async () => {
    const { token, userId, email } = await makeAccount(kit.app, { confirmed: false });
    await kit.deliverMail();
    const first = lastLink(kit.smtp.to(email).at(-1), '/manage/profile/confirm-email-address/');
    const resent = await kit.as(token, {
      method: 'POST',
      url: `/api/users/${userId}/resend-email-confirmation`,
    });
    expect(resent.statusCode).toBe(200);
    await kit.deliverMail();
    const second = lastLink(kit.smtp.to(email).at(-1), '/manage/profile/confirm-email-address/');
    const old = await kit.as(token, {
      method: 'POST',
      url: `/api/users/${userId}/confirm-email/${first.token}`,
    });
    expect(old.statusCode).toBe(410);
    expect(old.json().message).toBe('The link you clicked is invalid or has expired.');
    expect(
      (await kit.as(token, { method: 'POST', url: `/api/users/${userId}/confirm-email/${second.token}` }))
        .statusCode,
    ).toBe(200);
    const done = await kit.as(token, {
      method: 'POST',
      url: `/api/users/${userId}/resend-email-confirmation`,
    });
    expect(done.statusCode).toBe(409);
    expect(done.json().code).toBe('EMAIL_ALREADY_CONFIRMED');
  });

  it('is what actions that need it check, in one place', () => {
    const auth = {
      userId: 1,
      accountId: 1,
      role: 'ADMIN' as const,
      isOwner: true,
      sessionId: 1,
      apiKeyId: null,
      emailConfirmed: false,
    };
    expect(() => assertEmailConfirmed(auth)).toThrow(AppError);
    expect(() => assertEmailConfirmed({ ...auth, emailConfirmed: true })).not.toThrow();
  });
});
