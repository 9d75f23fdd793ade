import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AffiliateResponse } from '../common/affiliates';
import { accessibilityCheck, launchBrowser, openPage, waitForToastsToClose } from './browser';
import { expectCount, expectEventually, expectText, expectValue } from './expect';
import { organizerSession } from './session';

// An organizer adds an affiliate by keyboard; a buyer follows the affiliate's link, buys a free
// ticket through the real checkout, and the sale shows on the affiliates screen, in its export and
// in the orders list filtered by the affiliate.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheck('affiliates');

/** The browser logs every 4xx answer to the console; the expected ones are left out. */
const unexpected = (errors: string[]) => errors.filter((e) => !e.startsWith('Failed to load resource'));

/** Presses Tab until the element matching `name` has the focus (at most 40 times). */
async function tabTo(page: Page, accessibleName: string): Promise<void> {
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el ? (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() : '';
    });
    if (focused === accessibleName) return;
  }
  throw new Error(`Tab never reached ${accessibleName}`);
}

describe('affiliates', () => {
  it('credits a free order bought through an ?aff= link to the affiliate, on the screen and in the export', async () => {
    const session = await organizerSession(browser, { confirmEmail: true, eventTitle: 'Harbour Jazz Night' });
    const { page, errors, api, eventId } = session;
    await api('POST', `/api/events/${eventId}/tickets`, { title: 'Standing', type: 'FREE' });
    await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
    const event = await api<{ slug: string }>('GET', `/api/events/${eventId}`);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/manage/event/${eventId}`);
    await page
      .getByRole('navigation', { name: 'Event pages' })
      .getByRole('link', { name: 'Affiliates' })
      .click();
    await page.getByRole('heading', { name: 'No affiliates yet' }).waitFor();
    await expectAccessible(page, 'empty');
    // Another affiliate, so that the sale is seen to go to the right one.
    await api('POST', `/api/events/${eventId}/affiliates`, { name: 'Poster crew', code: 'POSTERS' });
    await page.reload();
    await page.getByRole('heading', { name: 'Affiliates', exact: true }).waitFor();
    await expectCount(page.getByTestId('affiliate-row')).toBe(1);

    // By keyboard: Tab to the button, Enter, type into each field, Enter to send.
    await page.getByRole('heading', { name: 'Affiliates', exact: true }).click();
    await tabTo(page, 'Add an affiliate');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add an affiliate' });
    await dialog.waitFor();
    await page.keyboard.type('Radio Harbour');
    await page.keyboard.press('Tab');
    await page.keyboard.type('radio fm');
    await page.keyboard.press('Enter');
    // The shared rules refuse the space before any call.
    await dialog.getByText('Use letters, digits, dashes and underscores only.').waitFor();
    await expectValue(dialog.getByRole('textbox', { name: 'Code' })).toBe('RADIO FM');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('-fm');
    await page.keyboard.press('Tab');
    await page.keyboard.type('radio@example.com');
    await expectAccessible(page, 'modal');
    await page.keyboard.press('Enter');
    await page.getByText('Affiliate Radio Harbour has been added.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // A code the event has is refused on the field, from the server, in any case.
    await waitForToastsToClose(page);
    await page.getByRole('button', { name: 'Add an affiliate' }).click();
    const second = page.getByRole('dialog', { name: 'Add an affiliate' });
    await second.getByRole('textbox', { name: 'Name' }).fill('Copycat');
    await second.getByRole('textbox', { name: 'Code' }).fill('radio-fm');
    await second.getByRole('button', { name: 'Add', exact: true }).click();
    await second.getByText('Another affiliate of this event already has this code.').first().waitFor();
    await page.keyboard.press('Escape');
    await second.waitFor({ state: 'detached' });

    const radio = page.getByTestId('affiliate-row').filter({ hasText: 'Radio Harbour' });
    await radio.getByText('RADIO-FM').waitFor();
    await expectText(radio.getByTestId('affiliate-orders')).toBe('0');
    await expectAccessible(page, 'list-before');

    // The buyer follows the link in their own browser and buys through the real checkout.
    const buyer = await openPage(browser);
    await buyer.page.setViewportSize({ width: 390, height: 844 });
    await buyer.page.goto(`/event/${eventId}/${event.slug}?aff=radio-fm`);
    const row = buyer.page
      .getByRole('region', { name: 'Tickets' })
      .getByRole('listitem')
      .filter({ hasText: 'Standing' })
      .first();
    await row.getByRole('button', { name: 'More Standing' }).click();
    const remembered = await buyer.page.evaluate(() =>
      localStorage.getItem(`tessera_affiliate:${location.pathname.split('/')[2]}`),
    );
    const stored = JSON.parse(remembered ?? '{}') as { code?: string; expires?: number };
    expect(stored.code).toBe('RADIO-FM');
    const days = ((stored.expires ?? 0) - Date.now()) / (24 * 3600 * 1000);
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    // Coming back later without the parameter still credits the affiliate.
    await buyer.page.goto(`/e/${eventId}/${event.slug}`);
    await row.getByRole('button', { name: 'More Standing' }).click();
    await buyer.page.getByRole('button', { name: 'Check out (1)' }).click();
    await buyer.page.waitForURL(/\/checkout\/\d+\/[\w-]{22}\/details$/);
    await buyer.page.getByLabel('First name').first().fill('Ana');
    await buyer.page.getByLabel('Last name').first().fill('Lima');
    await buyer.page.getByLabel('E-mail').first().fill('ana.lima@example.com');
    await buyer.page.getByRole('button', { name: 'Copy my details' }).click();
    await buyer.page.getByRole('button', { name: 'Complete order' }).click();
    await buyer.page.waitForURL('**/summary');
    await buyer.page.getByTestId('order-status').getByText('Completed').waitFor();
    expect(buyer.errors).toEqual([]);
    await buyer.context.close();

    // The sale is counted for Radio Harbour only.
    await page.reload();
    await expectText(radio.getByTestId('affiliate-orders')).toBe('1');
    await expectText(radio.getByTestId('affiliate-tickets')).toBe('1');
    await expectText(radio.getByTestId('affiliate-gross')).toBe('€0.00');
    const posters = page.getByTestId('affiliate-row').filter({ hasText: 'Poster crew' });
    await expectText(posters.getByTestId('affiliate-orders')).toBe('0');
    await expectAccessible(page, 'list-1280');
    const list = await api<{ data: AffiliateResponse[] }>('GET', `/api/events/${eventId}/affiliates`);
    expect(list.data.find((a) => a.code === 'RADIO-FM')).toMatchObject({
      orders: 1,
      tickets: 1,
      gross_sales: 0,
    });

    // The export holds the same figures.
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`affiliates-${eventId}.csv`);
    const [header, ...rows] = (await readFile(await download.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header).toBe(
      'Affiliate,Affiliate code,E-mail,Status,Orders,Tickets,Gross sales,Currency,Created (UTC)',
    );
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatch(/^Radio Harbour,RADIO-FM,radio@example\.com,ACTIVE,1,1,0\.00,EUR,/);

    // An affiliate with orders is not deleted; the organizer is told to deactivate it.
    await waitForToastsToClose(page);
    await page.getByRole('button', { name: 'Actions for Radio Harbour' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete affiliate Radio Harbour?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByText('This affiliate has brought orders, so it cannot be deleted.', { exact: false })
      .waitFor();
    await expectCount(page.getByTestId('affiliate-row')).toBe(2);
    await waitForToastsToClose(page);
    await page.getByRole('button', { name: 'Actions for Radio Harbour' }).click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    await page.getByText('Radio Harbour is inactive: the link no longer credits orders.').waitFor();
    await radio.getByText('Inactive').waitFor();

    // At phone width each affiliate is a card with its figures in view; nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await waitForToastsToClose(page);
    await expectText(radio.getByTestId('affiliate-orders')).toBe('1');
    await radio.getByTestId('affiliate-gross').scrollIntoViewIfNeeded();
    const box = await radio.getByTestId('affiliate-gross').boundingBox();
    expect((box?.x ?? 999) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    await expectEventually(() =>
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1),
    ).toBe(true);
    await expectAccessible(page, 'list-390');

    // From the affiliate to its orders: the list opens filtered by it, and the filter can change.
    await page.setViewportSize({ width: 1280, height: 900 });
    await waitForToastsToClose(page);
    await page.getByRole('button', { name: 'Actions for Radio Harbour' }).click();
    await page.getByRole('menuitem', { name: 'View orders' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/orders') && url.searchParams.has('affiliate'));
    await page.getByRole('heading', { name: 'Orders', exact: true }).waitFor();
    const orderRows = page.getByTestId('order-row');
    await expectCount(orderRows).toBe(1);
    await expectText(orderRows.first()).toContain('Ana');
    const affiliate = page
      .getByRole('textbox', { name: 'Affiliate' })
      .or(page.getByRole('combobox', { name: 'Affiliate' }))
      .first();
    await expectValue(affiliate).toBe('Radio Harbour (RADIO-FM)');
    await expectAccessible(page, 'orders-by-affiliate');
    await affiliate.click();
    await page.getByRole('option', { name: 'Poster crew (POSTERS)' }).click();
    await page.getByText('No order matches').waitFor();
    await affiliate.click();
    await page.getByRole('option', { name: 'All orders' }).click();
    await page.waitForURL((url) => !url.searchParams.has('affiliate'));
    await expectCount(orderRows).toBe(1);

    expect(unexpected(errors)).toEqual([]);
    await session.context.close();
  });
});
