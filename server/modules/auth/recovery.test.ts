import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, userLinks } from '../../db/schema';
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

async function requestReset(email: string) {
  const res = await kit.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  await kit.deliverMail();
  return res;
}

describe('forgot password', () => {
  it('answers the same whether or not the address is known, and mails only known ones', async () => {
    const { email } = await makeAccount(kit.app);
    await kit.deliverMail();
    const before = kit.smtp.mails.length;
    const known = await requestReset(email);
    const unknown = await requestReset('stranger@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(kit.smtp.mails.length).toBe(before + 1);
    expect(kit.smtp.to('stranger@example.com')).toEqual([]);
  });

  it('does the same work before answering for known and unknown addresses: one queued job, no link yet', async () => {
    const { email } = await kit.register();
    await kit.deliverMail();
    const pending = () =>
      kit.app.db
        .select({ type: jobs.type, payload: jobs.payload })
        .from(jobs)
        .where(eq(jobs.status, 'pending'))
        .orderBy(jobs.id);
    const resetLinks = async () =>
      (await kit.app.db.select().from(userLinks).where(eq(userLinks.purpose, 'PASSWORD_RESET'))).filter(
        (l) => l.email === email,
      );
    const forgot = (address: string) =>
      kit.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: address } });

    expect((await forgot(email)).statusCode).toBe(200);
    const afterKnown = await pending();
    expect((await forgot('nobody.here@example.com')).statusCode).toBe(200);
    const afterUnknown = await pending();
    // Whether the address has a login is found out after the answer, by the job.
    expect(afterKnown).toHaveLength(1);
    expect(afterUnknown).toHaveLength(2);
    expect(afterUnknown[1]?.type).toBe(afterKnown[0]?.type);
    expect(await resetLinks()).toEqual([]);

    const before = kit.smtp.mails.length;
    await kit.deliverMail();
    expect(await resetLinks()).toHaveLength(1);
    expect(kit.smtp.mails.length).toBe(before + 1);
    expect(kit.smtp.to(email).at(-1)?.subject).toBe('Reset your password');
  });

  it('resets the password with the mailed link once, and ends every session', async () => {
    const { email, token: oldSession } = await makeAccount(kit.app);
    await requestReset(email);
    const mail = kit.smtp.to(email).find((m) => m.subject === 'Reset your password');
    const link = lastLink(mail, '/auth/reset-password/');

    const check = await kit.app.inject({ method: 'GET', url: `/api/auth/reset-password/${link.token}` });
    expect(check.json()).toEqual({ email });

    const newPassword = 'a much better password';
    const reset = await kit.app.inject({
      method: 'POST',
      url: `/api/auth/reset-password/${link.token}`,
      payload: { password: newPassword, password_confirmation: newPassword },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe('Your password has been changed. Log in with your new password.');

    expect((await kit.as(oldSession, { method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
    expect((await kit.login(email, PASSWORD)).statusCode).toBe(401);
    expect((await kit.login(email, newPassword)).statusCode).toBe(200);

    const reused = await kit.app.inject({
      method: 'POST',
      url: `/api/auth/reset-password/${link.token}`,
      payload: { password: 'yet another one!', password_confirmation: 'yet another one!' },
    });
    expect(reused.statusCode).toBe(410);
    expect(reused.json()).toEqual({
      code: 'RESET_LINK_INVALID',
      message: 'This password reset link is invalid or has expired. Ask for a new one.',
    });
  });

  it('refuses an expired link, an older link once a newer one was sent, and a made-up one', async () => {
    const { email } = await makeAccount(kit.app);
    await requestReset(email);
    const first = lastLink(kit.smtp.to(email).at(-1), '/auth/reset-password/');
    await requestReset(email);
    const second = lastLink(kit.smtp.to(email).at(-1), '/auth/reset-password/');
    expect(second.token).not.toBe(first.token);

    const older = await kit.app.inject({ method: 'GET', url: `/api/auth/reset-password/${first.token}` });
    expect(older.statusCode).toBe(410);

    await kit.app.db
      .update(userLinks)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(userLinks.purpose, 'PASSWORD_RESET'));
    const expired = await kit.app.inject({
      method: 'POST',
      url: `/api/auth/reset-password/${second.token}`,
      payload: { password: 'new password 1', password_confirmation: 'new password 1' },
    });
    expect(expired.statusCode).toBe(410);
    const madeUp = await kit.app.inject({ method: 'GET', url: '/api/auth/reset-password/not-a-real-token' });
    expect(madeUp.statusCode).toBe(410);
  });

  it('makes a reset link expire after 60 minutes', async () => {
    const { email } = await makeAccount(kit.app);
    await requestReset(email);
    const [row] = await kit.app.db
      .select({
        minutes: sql<number>`extract(epoch from (${userLinks.expiresAt} - ${userLinks.createdAt})) / 60`,
      })
      .from(userLinks)
      .where(eq(userLinks.email, email))
      .orderBy(sql`${userLinks.id} desc`)
      .limit(1);
    expect(Math.round(Number(row?.minutes))).toBe(60);
  });
});
