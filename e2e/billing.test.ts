import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityCheck, launchBrowser, openPage } from './browser';
import { expectEventually, expectText } from './expect';
import { organizerSession } from './session';

// Billing (decision 028): a buyer pays by card through the local Stripe server (the e2e server
// takes a 2.5 % platform fee), then the admin sees the month's figures on /account/billing,
// downloads its statement, and finds both fees in the order drawer.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheck('billing');
const monthName = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
  new Date(),
);

describe('billing', () => {
  it('shows the fee, the month’s card figures and statement, and the fees of the order', async () => {
    const session = await organizerSession(browser, { confirmEmail: true });
    const { page, api, eventId } = session;
    const { url } = await api<{ url: string }>('POST', '/api/accounts/payment/stripe/connect');
    await page.goto(url);
    await page.waitForURL('**/account/payment?stripe=return');
    await page.getByText('Connected', { exact: true }).waitFor();

    // Nothing paid by card yet.
    await page
      .getByRole('navigation', { name: 'Account pages' })
      .getByRole('link', { name: 'Billing' })
      .click();
    await page.waitForURL('**/account/billing');
    await page.getByText('No card payments yet.', { exact: false }).waitFor();
    await expectText(page.getByTestId('platform-fee')).toMatch(/takes 2\.5 % of each card payment/);
    await expectAccessible(page, 'empty');

    // A buyer pays 40 € by card.
    await api('POST', `/api/events/${eventId}/tickets`, { title: 'Recital', type: 'PAID', price: 4000 });
    await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
    const event = await api<{ slug: string }>('GET', `/api/events/${eventId}`);
    const buyer = await openPage(browser);
    await buyer.page.goto(`/e/${eventId}/${event.slug}`);
    await buyer.page.getByRole('button', { name: 'More Recital' }).click();
    await buyer.page.getByTestId('checkout-button').click();
    await buyer.page.waitForURL('**/details');
    await buyer.page.getByLabel('First name').first().fill('Inês');
    await buyer.page.getByLabel('Last name').first().fill('Costa');
    await buyer.page.getByLabel('E-mail').first().fill('ines.costa@example.com');
    await buyer.page.getByRole('button', { name: 'Copy my details' }).click();
    await buyer.page.getByRole('button', { name: 'Continue to payment' }).click();
    await buyer.page.waitForURL('**/payment');
    await buyer.page.getByLabel('Visa 4242 – payment succeeds').check();
    await buyer.page.getByTestId('pay-button').click();
    await buyer.page.waitForURL('**/summary', { timeout: 20_000 });
    await buyer.page.getByTestId('order-status').getByText('Completed').waitFor();
    expect(buyer.errors).toEqual([]);
    await buyer.context.close();
    await expectEventually(
      async () => (await api<{ months: unknown[] }>('GET', '/api/accounts/billing')).months.length,
    ).toBe(1);

    // 2.5 % of 40 € is 1 €; the local Stripe server charges 1.5 % + 0.25 €, 0.85 €.
    await page.reload();
    const row = page.getByRole('row', { name: new RegExp(monthName) });
    await row.waitFor();
    await expectText(row).toMatch(/€40\.00.*€0\.00.*€1\.00.*€0\.85.*€38\.15/);
    await expectAccessible(page, 'month');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: /Download statement \(CSV\)/ }).click(),
    ]);
    const month = new Date().toISOString().slice(0, 7);
    expect(download.suggestedFilename()).toBe(`tessera-statement-${month}.csv`);
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/,Payment,.*,EUR,40\.00,1\.00,0\.85,38\.15,ch_/);
    expect(lines[2]).toBe(',Total,,,EUR,40.00,1.00,0.85,38.15,');

    // The order drawer shows both fees.
    await page.goto(`/manage/event/${eventId}/orders`);
    await page.getByTestId('order-row').first().getByRole('link').click();
    const drawer = page.getByRole('dialog', { name: 'Order', exact: true });
    const fees = drawer.getByTestId('card-fees');
    await fees.waitFor();
    await expectText(fees).toMatch(/Platform fee\s*€1\.00\s*Stripe fee\s*€0\.85\s*Paid out to you\s*€38\.15/);
    await expectAccessible(page, 'drawer');
    expect(session.errors).toEqual([]);
    await session.context.close();
  }, 90_000);
});
