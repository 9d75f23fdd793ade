import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityCheck, launchBrowser } from './browser';
import { expectText } from './expect';
import { organizerSession } from './session';

// An admin connects the account to Stripe (the local stand-in): out to onboarding and back.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheck('payments');

describe('card payments', () => {
  it('lets an admin connect Stripe and come back connected', async () => {
    const session = await organizerSession(browser);
    const { page, context, errors } = session;
    await page.goto('/account/settings');
    await page
      .getByRole('navigation', { name: 'Account pages' })
      .getByRole('link', { name: 'Payments' })
      .click();
    await page.waitForURL('**/account/payment');
    await page.getByRole('heading', { name: 'Card payments' }).waitFor();
    await expectText(page.getByTestId('connection-status')).toBe('Not connected');
    await expectAccessible(page, 'not-connected');

    // Keyboard: the button is reachable and starts the onboarding.
    const connect = page.getByRole('button', { name: 'Connect with Stripe' });
    await connect.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/account/payment?stripe=return');
    await page.getByText('Connected', { exact: true }).waitFor();
    await page.getByText('Charges enabled').waitFor();
    await expectAccessible(page, 'connected');
    const state = await session.api<{ status: string }>('GET', '/api/accounts/payment');
    expect(state.status).toBe('CONNECTED');
    expect(errors).toEqual([]);
    await context.close();
  });
});
