import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityCheck, launchBrowser, openPage, screenshot } from './browser';
import { expectVisible } from './expect';
import { waitForMail } from './mailbox';
import { apiCall, organizerSession } from './session';

// Issue 41: an organizer turns on an authenticator app, signs out and signs in again with a
// code computed from the secret the page showed, as the app on a phone would; then requires
// two-factor of every member and reads the account's security log.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheck('two-factor');
const PASSWORD = 'organizer password 1';

/** The code `offset` 30-second steps from now (the server accepts one step of drift). */
const codeAt = (secret: string, offset: number) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL('**/auth/login');
}

describe('two-factor sign-in with an authenticator app', () => {
  it('turns it on from the security page, then asks for a code after the password', async () => {
    const session = await organizerSession(browser);
    const { page, errors } = session;
    await page.goto('/manage/profile');
    await page.getByRole('link', { name: 'Open security settings' }).click();
    await page.waitForURL('**/manage/profile/security');
    await page.getByRole('heading', { name: 'Authenticator app' }).waitFor();
    await expectAccessible(page, 'security-off');

    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await page.getByRole('img', { name: 'QR code to add Tessera to an authenticator app' }).waitFor();
    const secret = ((await page.locator('section code').first().textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('Code from the app').fill('000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('This code is not correct or has already been used.').waitFor();
    await page.getByLabel('Code from the app').fill(await codeAt(secret, 0));
    await page.getByRole('button', { name: 'Turn on' }).click();

    await page.getByText('Save your recovery codes').waitFor();
    const codes = await page.locator('ul li code').allTextContents();
    expect(codes).toHaveLength(10);
    await screenshot(page, 'two-factor-recovery-codes');
    await expectAccessible(page, 'recovery-codes');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('Recovery codes left: 10').waitFor();

    const notice = await waitForMail({ to: session.email, subject: /Security notice/ });
    expect(notice.text).toContain('turned on for your login');

    await logOut(page);
    await page.getByLabel('E-mail').fill(session.email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await expectAccessible(page, 'second-step');
    // The code that turned it on was this step's and cannot be used again: the next one.
    await page.getByLabel('Code').fill(await codeAt(secret, 1));
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/manage/events');

    // In the app (a reload would bring back the first session's token, which logging out ended).
    await page.getByRole('button', { name: /user menu/i }).click();
    await page.getByRole('menuitem', { name: 'Account settings' }).click();
    await page.getByRole('link', { name: 'Security' }).click();
    await page.getByRole('switch', { name: 'Require two-factor sign-in of every member' }).click();
    await expectVisible(page.getByText('Two-factor sign-in required of every member')).toBe(true);
    await page.getByText('Authenticator app turned on').waitFor();
    await screenshot(page, 'two-factor-account-log');
    await expectAccessible(page, 'account-security');
    expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
  });

  it('leads a member to set it up when the account requires it, and lets them do nothing else first', async () => {
    const owner = await organizerSession(browser);
    const setup = await owner.api<{ secret: string }>('POST', '/api/users/me/two-factor/totp');
    await owner.api('POST', '/api/users/me/two-factor/totp/confirm', { code: await codeAt(setup.secret, 0) });
    const email = `member.${Date.now()}@example.com`;
    await owner.api('POST', '/api/users', { email, role: 'ORGANIZER' });
    const invitation = await waitForMail({ to: email, subject: /invited you/ });
    const link = invitation.links.find((l) => l.includes('/auth/accept-invitation/')) ?? '';
    const member = await apiCall<{ token: string }>(
      'POST',
      `/api/auth/invitations/${link.split('/').pop()}`,
      {
        first_name: 'Mia',
        password: PASSWORD,
        password_confirmation: PASSWORD,
        accept_terms: true,
      },
    );
    await owner.api('PUT', '/api/accounts/current/security', { require_two_factor: true });

    const { context, page, errors } = await openPage(browser);
    await context.addInitScript((value) => localStorage.setItem('tessera_token', value), member.token);
    await page.goto('/manage/events');
    await page.waitForURL('**/manage/profile/security');
    await page.getByText('Two-factor sign-in is required').waitFor();
    await screenshot(page, 'two-factor-required');
    await expectAccessible(page, 'required');

    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const secret = ((await page.locator('section code').first().textContent()) ?? '').replace(/\s+/g, '');
    await page.getByLabel('Code from the app').fill(await codeAt(secret, 0));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expectVisible(page.getByText('Two-factor sign-in is required')).toBe(false);
    await page.goto('/manage/events');
    await page.getByRole('heading', { name: 'Events' }).waitFor();
    expect(page.url()).toContain('/manage/events');
    expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
  });
});
