import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityCheck, launchBrowser, openPage } from './browser';
import { expectCount, expectValue, expectVisible } from './expect';
import { type ReceivedMail, waitForMail } from './mailbox';

// Journeys of issue 3 through the real app: registration and e-mail confirmation, password
// reset, invitations and roles, and a login that belongs to two accounts.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const run = Date.now();
const owner = { first: 'Ana', last: 'Silva', email: `ana.${run}@example.com`, password: 'first password 1' };
const newPassword = 'second password 2';
const organizer = {
  first: 'Olga',
  last: 'Nunes',
  email: `olga.${run}@example.com`,
  password: 'organizer pass 3',
};
const other = { first: 'Cora', last: 'Lima', email: `cora.${run}@example.com`, password: 'cora password 4' };
const accountName = 'Harbour Events';

/** The link of a mail, followed on the app under test (mails link to the configured APP_URL). */
function linkPath(mail: ReceivedMail, fragment: string): string {
  const link = mail.links.find((l) => l.includes(fragment));
  if (!link) throw new Error(`No ${fragment} link in "${mail.subject}": ${mail.links.join(', ')}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/**
 * The API answers of a page that were not a success, as `STATUS METHOD /api/path`, so that a
 * journey can say exactly which failures it expects (a wrong password, a used link) and no
 * other. The browser also logs each one to the console, so those lines are left out of `errors`.
 */
function apiFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && response.status() >= 400) {
      failures.push(
        `${response.status()} ${response.request().method()} ${url.pathname.replace(/[\w-]{20,}/, ':token')}`,
      );
    }
  });
  return failures;
}

const unexpected = (errors: string[]) => errors.filter((e) => !e.startsWith('Failed to load resource'));

const expectAccessible = accessibilityCheck('identity');

async function register(
  page: Page,
  user: typeof owner,
  options: { axe?: boolean; badPasswordFirst?: boolean } = {},
): Promise<void> {
  await page.goto('/auth/register');
  await page.getByLabel('First name').fill(user.first);
  await page.getByLabel('Last name').fill(user.last);
  await page.getByLabel('E-mail').fill(user.email);
  if (options.badPasswordFirst) {
    // A short password the confirmation does not repeat, terms not ticked: every problem at once.
    await page.getByLabel(/^Password/).fill('short');
    await page.getByLabel('Repeat the password').fill('shorter');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Enter at least 8 characters.').waitFor();
    await page.getByText('The passwords do not match.').waitFor();
    await page.getByText('Please accept the terms to continue.').waitFor();
  }
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByLabel('Repeat the password').fill(user.password);
  await page.getByLabel(/I accept the terms/).check();
  if (options.axe) await expectAccessible(page, 'register');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/manage/events');
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  if (!page.url().includes('/auth/login')) await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL('**/auth/login');
}

describe('registration, e-mail confirmation and password reset', () => {
  it('registers, confirms the e-mail address from the mail, and resets a forgotten password', async () => {
    const { context, page, errors } = await openPage(browser);
    const failures = apiFailures(page);
    await register(page, owner, { axe: true, badPasswordFirst: true });
    await page.getByText('Confirm your e-mail address.').waitFor();
    await expectAccessible(page, 'events-unconfirmed');

    const confirmation = await waitForMail({ to: owner.email, subject: /Confirm your e-mail address/ });
    await page.goto(linkPath(confirmation, '/manage/profile/confirm-email-address/'));
    await page.getByText(`Thank you: ${owner.email} is confirmed.`).waitFor();
    await expectCount(page.getByText('Confirm your e-mail address.')).toBe(0);
    await expectAccessible(page, 'email-confirmed');

    await page.getByRole('link', { name: 'Go to your profile' }).click();
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    await page.getByText('Confirmed', { exact: true }).waitFor();
    await expectAccessible(page, 'profile');

    await logOut(page);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await expectAccessible(page, 'forgot-password');
    await page.getByLabel('E-mail').fill(owner.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();

    const reset = await waitForMail({ to: owner.email, subject: /Reset your password/ });
    const resetPath = linkPath(reset, '/auth/reset-password/');
    await page.goto(resetPath);
    await page.getByText(`Choose a new password for ${owner.email}.`).waitFor();
    await expectAccessible(page, 'reset-password');
    await page.getByLabel(/^New password/).fill(newPassword);
    await page.getByLabel('Repeat the new password').fill(newPassword);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.waitForURL('**/auth/login');
    await page.getByText('Your password has been changed. Log in with your new password.').waitFor();
    await expectValue(page.getByLabel('E-mail')).toBe(owner.email);

    await logIn(page, owner.email, owner.password);
    await page.getByText('The e-mail address or password is not correct.').waitFor();
    await logIn(page, owner.email, newPassword);
    await page.waitForURL('**/manage/events');
    owner.password = newPassword;

    // The link works once: opened again, it says so and offers to ask for a new one.
    await page.goto(resetPath);
    await page.getByText(/This password reset link is invalid or has expired/).waitFor();
    await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();
    await expectAccessible(page, 'reset-link-invalid');

    expect(failures).toEqual(['401 POST /api/auth/login', '410 GET /api/auth/reset-password/:token']);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});

describe('changing the e-mail address', () => {
  it('keeps a change pending until the link sent to the new address is opened, and can cancel it', async () => {
    const { context, page, errors } = await openPage(browser);
    const failures = apiFailures(page);
    await logIn(page, owner.email, owner.password);
    await page.waitForURL('**/manage/events');
    await page.goto('/manage/profile');
    const section = page.getByRole('region', { name: 'E-mail address' });
    const newEmail = `ana.new.${run}@example.com`;
    const requestChange = async () => {
      await section.getByLabel(/^New e-mail address/).fill(newEmail);
      await section.getByLabel(/^Current password/).fill(owner.password);
      await section.getByRole('button', { name: 'Change e-mail' }).click();
      await section.getByText('Change waiting for confirmation').waitFor();
    };

    await requestChange();
    await expectAccessible(page, 'email-change-pending');
    await section.getByRole('button', { name: 'Cancel the change' }).click();
    await section.getByRole('button', { name: 'Change e-mail' }).waitFor();

    const cancelled = await waitForMail({ to: newEmail, subject: /Confirm your new e-mail address/ });
    await requestChange();
    const mail = await waitForMail({
      to: newEmail,
      subject: /Confirm your new e-mail address/,
      seen: [cancelled],
    });
    await page.goto(linkPath(mail, '/manage/profile/confirm-email-change/'));
    await page.getByText(`Done: you now log in with ${newEmail}.`).waitFor();
    await expectAccessible(page, 'email-change-confirmed');
    const notice = await waitForMail({
      to: owner.email,
      subject: /e-mail address of your Tessera login was changed/,
    });
    expect(notice.text).toContain('changed to a***@example.com.');
    owner.email = newEmail;

    expect(failures).toEqual([]);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});

describe('invitations and roles', () => {
  it('lets the owner name the account and invite an organizer', async () => {
    const { context, page, errors } = await openPage(browser);
    const failures = apiFailures(page);
    await logIn(page, owner.email, owner.password);
    await page.waitForURL('**/manage/events');

    await page.goto('/manage/account');
    await page.waitForURL('**/account/settings');
    await page.getByLabel(/^Account name/).fill(accountName);
    await expectAccessible(page, 'account-settings');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByTestId('current-account').getByText(accountName).waitFor();

    await page.getByRole('link', { name: 'Users' }).click();
    await page.waitForURL('**/account/users');
    await page.getByRole('table', { name: 'Users of this account' }).getByText(owner.email).waitFor();
    await expectAccessible(page, 'users');

    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a user' });
    await dialog.getByLabel(/^E-mail/).fill(organizer.email);
    await dialog.getByLabel('First name').fill(organizer.first);
    await expectAccessible(page, 'invite-user');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: organizer.email });
    await row.getByText('Invitation pending').waitFor();
    await expectVisible(row.getByText('Organizer')).toBe(true);

    expect(failures).toEqual([]);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('lets the invitee accept, and shows an organizer the no-permission page on account pages', async () => {
    const invitation = await waitForMail({ to: organizer.email, subject: /invited you/ });
    const acceptPath = linkPath(invitation, '/auth/accept-invitation/');
    const { context, page, errors } = await openPage(browser);
    const failures = apiFailures(page);
    await page.goto(acceptPath);
    await page.getByText(`invited you to join ${accountName} on Tessera.`).waitFor();
    await expectValue(page.getByLabel('First name')).toBe(organizer.first);
    await page.getByLabel('Last name').fill(organizer.last);
    await page.getByLabel(/^Password/).fill(organizer.password);
    await page.getByLabel('Repeat the password').fill(organizer.password);
    await page.getByLabel(/I accept the terms/).check();
    await expectAccessible(page, 'accept-invitation');
    await page.getByRole('button', { name: `Join ${accountName}` }).click();
    await page.waitForURL('**/manage/events');
    await page.getByTestId('current-account').getByText(accountName).waitFor();

    await logOut(page);
    await logIn(page, organizer.email, organizer.password);
    await page.waitForURL('**/manage/events');
    await page.getByRole('button', { name: /user menu/i }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
    await expectCount(page.getByRole('menuitem', { name: 'Account settings' })).toBe(0);
    await page.keyboard.press('Escape');

    await page.goto('/account/users');
    await page.getByRole('heading', { name: 'You do not have permission to access this page.' }).waitFor();
    expect(page.url()).toMatch(/\/account\/users$/);
    await expectAccessible(page, 'no-permission');
    await page.goto('/account/settings');
    await page.getByRole('heading', { name: 'You do not have permission to access this page.' }).waitFor();

    // The same link again: already accepted, go and log in.
    await logOut(page);
    await page.goto(acceptPath);
    await page.getByText('This invitation has already been accepted. Log in to continue.').waitFor();
    await page.getByRole('link', { name: 'Go to log in' }).waitFor();
    await expectAccessible(page, 'invitation-accepted');

    expect(failures).toEqual(['409 GET /api/auth/invitations/:token']);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});

describe('a login in two accounts', () => {
  it('asks which account to log into and binds the session to the one chosen', async () => {
    const cora = await openPage(browser);
    const failures = apiFailures(cora.page);
    await register(cora.page, other);
    const ownAccount = `${other.first} ${other.last}`;
    await cora.page.getByTestId('current-account').getByText(ownAccount).waitFor();

    const ana = await openPage(browser);
    await logIn(ana.page, owner.email, owner.password);
    await ana.page.waitForURL('**/manage/events');
    await ana.page.goto('/account/users');
    await ana.page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = ana.page.getByRole('dialog', { name: 'Invite a user' });
    await dialog.getByLabel(/^E-mail/).fill(other.email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await ana.context.close();

    const invitation = await waitForMail({ to: other.email, subject: /invited you/ });
    await cora.page.goto(linkPath(invitation, '/auth/accept-invitation/'));
    await cora.page.getByText(/You already have a Tessera login with this e-mail/).waitFor();
    await expectCount(cora.page.getByLabel(/^Password/)).toBe(0);
    await cora.page.getByLabel(/I accept the terms/).check();
    await cora.page.getByRole('button', { name: `Join ${accountName}` }).click();
    await cora.page.waitForURL('**/manage/events');
    await cora.page.getByTestId('current-account').getByText(accountName).waitFor();

    await logOut(cora.page);
    await logIn(cora.page, other.email, other.password);
    await cora.page.getByRole('heading', { name: 'Choose an account' }).waitFor();
    await expectAccessible(cora.page, 'choose-account');
    await cora.page.getByRole('button', { name: accountName }).click();
    await cora.page.waitForURL('**/manage/events');
    await cora.page.getByTestId('current-account').getByText(accountName).waitFor();

    await logOut(cora.page);
    await logIn(cora.page, other.email, other.password);
    await cora.page.getByRole('button', { name: ownAccount }).click();
    await cora.page.waitForURL('**/manage/events');
    await cora.page.getByTestId('current-account').getByText(ownAccount).waitFor();

    expect(failures).toEqual([]);
    expect(unexpected(cora.errors)).toEqual([]);
    await cora.context.close();
  });
});
