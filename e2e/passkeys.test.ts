import { mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningTessera, startTessera } from '../server/test/process';
import { startSmtp, type TestSmtp } from '../server/test/smtp';
import { axeViolations, launchBrowser, screenshot } from './browser';
import { expectCount, expectVisible } from './expect';

// Passkeys and sessions (decision 066) in Chromium with its virtual authenticator. WebAuthn
// refuses an IP address as the site's id, so this file runs its own app at
// http://localhost:PORT (APP_URL too), rather than the shared stack on 127.0.0.1.

let browser: Browser;
let app: RunningTessera;
let smtp: TestSmtp;
let dataDir: string;
let base: string;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'tessera-e2e-passkeys-'));
  const port = await freePort();
  base = `http://localhost:${port}`;
  smtp = await startSmtp({ saveTo: path.join(dataDir, 'mail') });
  app = await startTessera({
    ...process.env,
    SMTP_URL: smtp.url,
    DATA_DIR: dataDir,
    PORT: String(port),
    APP_URL: base,
  });
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await smtp?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function expectAccessible(page: Page, name: string): Promise<void> {
  const found = await axeViolations(page);
  await screenshot(page, `passkeys-${name}`);
  expect(found, name).toEqual([]);
}

async function register(email: string, password: string): Promise<void> {
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      first_name: 'Paula',
      last_name: 'Key',
      email,
      password,
      password_confirmation: password,
      accept_terms: true,
      currency: 'EUR',
      timezone: 'Europe/Lisbon',
    }),
  });
  expect(res.status).toBe(201);
}

/** A fresh browser context on the app, with Chromium's virtual authenticator when asked. */
async function openContext(
  withAuthenticator: boolean,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: base, locale: 'en-US' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().includes('401')) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  if (withAuthenticator) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
  }
  return { context, page, errors };
}

async function logInWithPassword(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL('**/manage/**');
}

describe('passkeys and sessions', () => {
  it('adds a passkey, signs in with it alone, and ends another session', async () => {
    const email = `paula.${Date.now()}@example.com`;
    const password = 'passkey journey 1';
    await register(email, password);

    const first = await openContext(true);
    const { page } = first;
    await logInWithPassword(page, email, password);
    // A second browser signs in too (with the password alone, before there is a passkey).
    const second = await openContext(false);
    await logInWithPassword(second.page, email, password);

    await page.goto('/manage/profile');
    await page.getByRole('link', { name: 'Open security settings' }).click();
    await page.waitForURL('**/manage/profile/security');
    await page.getByText('You have no passkeys yet.').waitFor();
    await expectAccessible(page, 'security-empty');

    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expectCount(page.getByTestId('passkey-row')).toBe(1);
    const row = page.getByTestId('passkey-row');
    await expectVisible(row.getByText('Chrome on Linux')).toBe(true);

    await row.getByRole('button', { name: 'Rename Chrome on Linux' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename passkey' });
    await dialog.getByLabel(/^Name/).fill('Work laptop');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectVisible(row.getByText('Work laptop')).toBe(true);
    await expectAccessible(page, 'security-with-passkey');

    // Sign out, and back in with the passkey alone: no e-mail, no password.
    await page.getByRole('button', { name: /user menu/i }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/auth/login');
    await expectAccessible(page, 'login');
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL('**/manage/**');
    await page.goto('/manage/profile/security');
    await expectVisible(page.getByTestId('passkey-row').getByText('Work laptop')).toBe(true);
    await expectVisible(page.getByTestId('passkey-row').getByText('Never')).toBe(false);

    // This session, the second browser's, and the registration's (no browser named).
    await expectCount(page.getByTestId('session-row')).toBe(3);
    const other = page
      .locator('[data-testid="session-row"]:not([data-current])')
      .filter({ hasText: 'Chrome' });
    await expectVisible(other.getByText('Local network')).toBe(true);
    await expectAccessible(page, 'security-sessions');
    await other.getByRole('button', { name: /^End the session of/ }).click();
    const confirm = page.getByRole('dialog', { name: 'End this session?' });
    await expectAccessible(page, 'security-end-session');
    await confirm.getByRole('button', { name: 'End session' }).click();
    await expectCount(page.getByTestId('session-row')).toBe(2);

    // The ended session is refused at its next call: back to the login page.
    await second.page.goto('/manage/profile');
    await second.page.waitForURL('**/auth/login');

    // The last other one ends with "End all other sessions".
    await page.getByRole('button', { name: 'End all other sessions' }).click();
    await page
      .getByRole('dialog', { name: 'End all other sessions?' })
      .getByRole('button', { name: 'End all other sessions' })
      .click();
    await page.getByText('You are not signed in anywhere else.').waitFor();
    await expectCount(page.getByTestId('session-row')).toBe(1);
    await expectAccessible(page, 'security-one-session');

    // With a passkey, the password asks for a second factor: the passkey gives it.
    await page.getByRole('button', { name: /user menu/i }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/auth/login');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await expectAccessible(page, 'second-factor');
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.waitForURL('**/manage/**');

    expect(first.errors).toEqual([]);
    await first.context.close();
    await second.context.close();
  });
});
