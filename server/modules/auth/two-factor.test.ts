import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userTotp } from '../../db/schema';
import { createIdentityKit, type IdentityKit, PASSWORD } from '../../test/identity';

// Two-factor sign-in with an authenticator app (decision 063): codes are computed from the
// secret the API hands out, as an authenticator app would.

let kit: IdentityKit;
beforeAll(async () => {
  kit = await createIdentityKit();
});
afterAll(async () => {
  await kit?.close();
});

const STEP = 30;
/** The code of the step `offset` steps from now, away from a step's edge so the test is not racing the clock. */
async function codeAt(secret: string, offset: number): Promise<string> {
  const into = (Date.now() / 1000) % STEP;
  if (into > STEP - 2) await new Promise((r) => setTimeout(r, (STEP - into + 0.2) * 1000));
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * STEP });
}

async function turnOn(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await kit.as(token, { method: 'POST', url: '/api/users/me/two-factor/totp' });
  expect(setup.statusCode).toBe(200);
  const { secret, otpauth_url, qr_svg } = setup.json();
  expect(otpauth_url).toContain(`secret=${secret}`);
  expect(qr_svg).toContain('<svg');
  const confirmed = await kit.as(token, {
    method: 'POST',
    url: '/api/users/me/two-factor/totp/confirm',
    payload: { code: await codeAt(secret, 0) },
  });
  expect(confirmed.statusCode).toBe(200);
  return { secret, recoveryCodes: confirmed.json().recovery_codes };
}

async function ticketFor(email: string): Promise<string> {
  const res = await kit.login(email, PASSWORD);
  expect(res.statusCode).toBe(200);
  expect(res.json()).not.toHaveProperty('token');
  return res.json().two_factor.ticket;
}

const finish = (payload: object) =>
  kit.app.inject({ method: 'POST', url: '/api/auth/login/continue', payload });

describe('an authenticator app', () => {
  it('turns on with a code from the scanned secret, ends the other sessions, and is logged and mailed', async () => {
    const owner = await kit.register();
    const other = (await kit.login(owner.email, PASSWORD)).json().token as string;
    const setup = await kit.as(owner.token, { method: 'POST', url: '/api/users/me/two-factor/totp' });
    const wrong = await kit.as(owner.token, {
      method: 'POST',
      url: '/api/users/me/two-factor/totp/confirm',
      payload: { code: '000000' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('TWO_FACTOR_CODE_INVALID');
    const on = await kit.as(owner.token, {
      method: 'POST',
      url: '/api/users/me/two-factor/totp/confirm',
      payload: { code: await codeAt(setup.json().secret, 0) },
    });
    expect(on.statusCode).toBe(200);
    const codes: string[] = on.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    expect((await kit.as(other, { method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
    expect((await kit.as(owner.token, { method: 'GET', url: '/api/users/me' })).statusCode).toBe(200);
    const status = await kit.as(owner.token, { method: 'GET', url: '/api/users/me/two-factor' });
    expect(status.json()).toMatchObject({
      totp_enabled: true,
      recovery_codes_left: 10,
      setup_required: false,
    });

    const log = await kit.as(owner.token, { method: 'GET', url: '/api/accounts/current/security-events' });
    expect(log.json().data[0]).toMatchObject({ kind: 'TWO_FACTOR_ENABLED', user: { id: owner.userId } });
    await kit.deliverMail();
    const notice = kit.smtp
      .to(owner.email)
      .find((m) => m.subject === 'Security notice for your Tessera login');
    expect(notice?.text).toContain('Two-factor sign-in with an authenticator app was turned on');
  });

  it('asks for a code after the password; accepts one step of drift either way, refuses a replay and an old code', async () => {
    const owner = await kit.register();
    const { secret } = await turnOn(owner.token);
    // The code that turned it on was this step's; as if that was a minute ago:
    await kit.app.db
      .update(userTotp)
      .set({ lastStep: Math.floor(Date.now() / 1000 / STEP) - 2 })
      .where(eq(userTotp.userId, owner.userId));

    const behind = await codeAt(secret, -1);
    const first = await finish({ ticket: await ticketFor(owner.email), code: behind });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-auth-token']).toBe(first.json().token);
    expect((await kit.as(first.json().token, { method: 'GET', url: '/api/users/me' })).statusCode).toBe(200);

    const replay = await finish({ ticket: await ticketFor(owner.email), code: behind });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().code).toBe('TWO_FACTOR_CODE_INVALID');

    const ahead = await finish({ ticket: await ticketFor(owner.email), code: await codeAt(secret, 1) });
    expect(ahead.statusCode).toBe(200);

    const stale = await finish({ ticket: await ticketFor(owner.email), code: await codeAt(secret, -3) });
    expect(stale.statusCode).toBe(422);
  });

  it('spends a ticket once, and lets it take five wrong codes only', async () => {
    const owner = await kit.register();
    const { secret } = await turnOn(owner.token);
    const ticket = await ticketFor(owner.email);
    for (let i = 0; i < 5; i += 1) {
      expect((await finish({ ticket, code: '000000' })).statusCode).toBe(422);
    }
    const sixth = await finish({ ticket, code: await codeAt(secret, 0) });
    expect(sixth.statusCode).toBe(410);
    expect(sixth.json().code).toBe('LOGIN_TICKET_EXPIRED');

    const fresh = await ticketFor(owner.email);
    expect((await finish({ ticket: fresh, code: await codeAt(secret, 1) })).statusCode).toBe(200);
    expect((await finish({ ticket: fresh, code: await codeAt(secret, 1) })).statusCode).toBe(410);
    expect((await finish({ ticket: 'x'.repeat(43), code: '123456' })).statusCode).toBe(410);
  });

  it('takes each recovery code once, in any case and with or without its dash', async () => {
    const owner = await kit.register();
    const { recoveryCodes } = await turnOn(owner.token);
    const code = recoveryCodes[0] ?? '';
    const used = await finish({ ticket: await ticketFor(owner.email), recovery_code: code.toUpperCase() });
    expect(used.statusCode).toBe(200);
    const again = await finish({
      ticket: await ticketFor(owner.email),
      recovery_code: code.replace('-', ''),
    });
    expect(again.statusCode).toBe(422);
    const status = await kit.as(owner.token, { method: 'GET', url: '/api/users/me/two-factor' });
    expect(status.json().recovery_codes_left).toBe(9);

    const renewed = await kit.as(owner.token, {
      method: 'POST',
      url: '/api/users/me/two-factor/recovery-codes',
      payload: { password: PASSWORD },
    });
    expect(renewed.statusCode).toBe(200);
    const old = await finish({ ticket: await ticketFor(owner.email), recovery_code: recoveryCodes[1] });
    expect(old.statusCode).toBe(422);
  });

  it('turns off only with the password; the next login needs no code', async () => {
    const owner = await kit.register();
    await turnOn(owner.token);
    const off = (password: string) =>
      kit.as(owner.token, {
        method: 'POST',
        url: '/api/users/me/two-factor/totp/disable',
        payload: { password },
      });
    const wrong = await off('not the password');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ password: ['The current password is not correct.'] });
    expect((await off(PASSWORD)).statusCode).toBe(204);
    expect((await off(PASSWORD)).json().code).toBe('TWO_FACTOR_NOT_ENABLED');
    expect((await kit.login(owner.email, PASSWORD)).json()).toHaveProperty('token');
  });
});

describe("an account's rule", () => {
  it('blocks a member without two-factor from everything but setting it up, until they have', async () => {
    const owner = await kit.register();
    const member = await kit.addMember(owner, 'ORGANIZER');
    const put = (required: boolean) =>
      kit.as(owner.token, {
        method: 'PUT',
        url: '/api/accounts/current/security',
        payload: { require_two_factor: required },
      });
    const selfFirst = await put(true);
    expect(selfFirst.statusCode).toBe(409);
    expect(selfFirst.json().code).toBe('TWO_FACTOR_SELF_FIRST');
    await turnOn(owner.token);
    expect((await put(true)).json()).toEqual({ require_two_factor: true });

    const blocked = await kit.as(member.token, { method: 'GET', url: '/api/events' });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    expect((await kit.as(member.token, { method: 'GET', url: '/api/users/me' })).statusCode).toBe(200);
    const status = await kit.as(member.token, { method: 'GET', url: '/api/users/me/two-factor' });
    expect(status.json()).toMatchObject({ required_by_account: true, setup_required: true });
    // A fresh login gets a session, and that session is held to the same rule.
    const relogin = await kit.login(member.email, PASSWORD);
    expect((await kit.as(relogin.json().token, { method: 'GET', url: '/api/events' })).statusCode).toBe(403);

    const { secret } = await turnOn(member.token);
    expect((await kit.as(member.token, { method: 'GET', url: '/api/events' })).statusCode).toBe(200);
    const off = await kit.as(member.token, {
      method: 'POST',
      url: '/api/users/me/two-factor/totp/disable',
      payload: { password: PASSWORD },
    });
    expect(off.statusCode).toBe(409);
    expect(off.json().code).toBe('TWO_FACTOR_STILL_REQUIRED');
    expect(
      (await finish({ ticket: await ticketFor(member.email), code: await codeAt(secret, 1) })).statusCode,
    ).toBe(200);

    const log = await kit.as(owner.token, { method: 'GET', url: '/api/accounts/current/security-events' });
    const kinds = log.json().data.map((e: { kind: string }) => e.kind);
    expect(kinds).toContain('TWO_FACTOR_REQUIREMENT_CHANGED');
    expect(kinds.filter((k: string) => k === 'TWO_FACTOR_ENABLED')).toHaveLength(2);
    // Older pages: everything before an event's id, newest first.
    const newest = log.json().data[0].id;
    const older = await kit.as(owner.token, {
      method: 'GET',
      url: `/api/accounts/current/security-events?before=${newest}`,
    });
    expect(older.json().data.map((e: { id: number }) => e.id)).toEqual(
      log
        .json()
        .data.slice(1)
        .map((e: { id: number }) => e.id),
    );
    expect(
      (await kit.as(member.token, { method: 'GET', url: '/api/accounts/current/security-events' }))
        .statusCode,
    ).toBe(403);
  });
});
