import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityCheck, launchBrowser, openPage, screenshot } from './browser';
import { expectVisible } from './expect';
import { waitForMail } from './mailbox';
import { apiCall, organizerSession } from './session';

// Issue 41, decision 065: an owner deletes the account (password, mailed link, scheduled date,
// cancel), and a member deletes their own login.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheck('account-deletion');
const PASSWORD = 'organizer password 1';

describe('deleting an account', () => {
  it('asks the owner for the password, mails a link that schedules it, and can be cancelled', async () => {
    const session = await organizerSession(browser, { confirmEmail: true });
    const { page, errors } = session;
    await page.goto('/account/settings');
    const zone = page.getByRole('region', { name: 'Delete this account' });
    await expectVisible(zone.getByRole('button', { name: 'Delete this account…' })).toBe(true);
    await expectAccessible(page, 'settings');

    // Keyboard: the button opens the dialog, whose password field has the focus.
    await zone.getByRole('button', { name: 'Delete this account…' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete this account' });
    await dialog.getByLabel('Your password').waitFor();
    expect(await dialog.getByLabel('Your password').evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
    await page.keyboard.type('not my password');
    await page.keyboard.press('Enter');
    await dialog.getByText('The current password is not correct.').waitFor();
    await expectAccessible(page, 'wrong-password');
    await dialog.getByLabel('Your password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Send the confirmation link' }).click();
    await zone.getByText('We have sent the owner a link to confirm the deletion.').waitFor();
    await screenshot(page, 'account-deletion-awaiting');

    const mail = await waitForMail({ to: session.email, subject: /Confirm the deletion/ });
    const link = mail.links.find((l) => l.includes('/account/deletion/'));
    if (!link) throw new Error(`No deletion link in "${mail.subject}"`);
    const url = new URL(link);
    await page.goto(url.pathname);
    const confirmed = page.getByText(/The deletion is confirmed: the account will be deleted on/);
    await confirmed.waitFor();
    const text = (await confirmed.textContent()) ?? '';
    const due = new Date(Date.now() + 14 * 24 * 3600 * 1000);
    expect(text).toContain(String(due.getFullYear()));
    await expectAccessible(page, 'confirmed');
    await screenshot(page, 'account-deletion-confirmed');
    const event = await session.api<{ status: string }>('GET', `/api/events/${session.eventId}`);
    expect(event.status).toBe('DRAFT');

    await page.getByRole('link', { name: 'Go to the account settings' }).click();
    await zone.getByText(/This account will be deleted on/).waitFor();
    await screenshot(page, 'account-deletion-scheduled');
    await expectAccessible(page, 'scheduled');
    await zone.getByRole('button', { name: 'Cancel the deletion' }).click();
    await zone.getByRole('button', { name: 'Delete this account…' }).waitFor();
    const state = await session.api<{ state: string }>('GET', '/api/accounts/current/deletion');
    expect(state.state).toBe('NONE');
    expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
    await session.context.close();
  });
});

describe('deleting one’s own login', () => {
  it('is refused to the owner, and a member deletes theirs and is signed out', async () => {
    const owner = await organizerSession(browser);
    await owner.page.goto('/manage/profile');
    const ownerZone = owner.page.getByRole('region', { name: 'Delete my login' });
    await ownerZone.getByText(/You own this account/).waitFor();
    await owner.context.close();

    const email = `member.${Date.now()}@example.com`;
    await owner.api('POST', '/api/users', { email, role: 'ORGANIZER', first_name: 'Mia' });
    const invitation = await waitForMail({ to: email, subject: /invit/i });
    const link = invitation.links.find((l) => l.includes('/invitations/') || l.includes('invitation'));
    if (!link)
      throw new Error(`No invitation link in "${invitation.subject}": ${invitation.links.join(', ')}`);
    const token = new URL(link).pathname.split('/').pop();
    const member = await apiCall<{ token: string }>('POST', `/api/auth/invitations/${token}`, {
      first_name: 'Mia',
      last_name: 'Costa',
      password: PASSWORD,
      password_confirmation: PASSWORD,
      accept_terms: true,
    });

    const { page, context, errors } = await openPage(browser);
    await context.addInitScript((value) => localStorage.setItem('tessera_token', value), member.token);
    await page.goto('/manage/profile');
    const zone = page.getByRole('region', { name: 'Delete my login' });
    await zone.getByRole('button', { name: 'Delete my login…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete my login' });
    await dialog.getByLabel('Your password').fill(PASSWORD);
    await expectAccessible(page, 'delete-login');
    await screenshot(page, 'account-deletion-own-login');
    await dialog.getByRole('button', { name: 'Delete my login' }).click();
    await page.waitForURL(/\/login/);
    await expect(apiCall('GET', '/api/users/me', undefined, member.token)).rejects.toThrow(/401/);
    const farewell = await waitForMail({ to: email, subject: /Security notice/ });
    expect(farewell.text).toContain('Your Tessera login was deleted');
    expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
    await context.close();
  });
});
