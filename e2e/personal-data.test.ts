import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityCheck, accessibilityCheckAtWidths, launchBrowser, openPage } from './browser';
import { expectText, expectVisible } from './expect';
import { readMailbox, waitForMail } from './mailbox';
import { apiCall, organizerSession } from './session';

// A buyer's data (decision 064): a buyer asks for it on "Find my tickets" and on their order's
// page, receives the link, opens it in the browser and downloads the file; the organizer erases
// the buyer from the account's Privacy page, after which the link is dead.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheckAtWidths('personal-data', { backToWide: true });
const expectOrganizerAccessible = accessibilityCheck('personal-data-organizer');

describe('a buyer’s data', () => {
  it('is mailed as a link the buyer downloads, and is erased by the organizer on request', async () => {
    const session = await organizerSession(browser, {
      confirmEmail: true,
      eventTitle: `Harbour Lights ${Date.now()}`,
    });
    const { eventId } = session;
    const ticket = await session.api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'Standing',
      type: 'FREE',
    });
    await session.api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });

    const buyer = `marta.data.${Date.now()}@example.com`;
    const base = `/api/public/events/${eventId}/orders`;
    const placed = await apiCall<{ short_id: string }>('POST', base, {
      tickets: [{ ticket_id: ticket.id, quantity: 1 }],
    });
    await apiCall('PUT', `${base}/${placed.short_id}`, {
      first_name: 'Marta',
      last_name: 'Reis',
      email: buyer,
      attendees: [{ ticket_id: ticket.id, first_name: 'Marta', last_name: 'Reis', email: buyer }],
    });
    const order = await apiCall<{ reference: string }>('POST', `${base}/${placed.short_id}/complete`, {});
    await waitForMail({ to: buyer });

    // On "Find my tickets", with the keyboard: the address, then Enter.
    const { page, errors } = await openPage(browser);
    await page.goto(`/find-tickets/${eventId}`);
    const panel = page.getByTestId('data-request');
    await expectVisible(panel.getByRole('heading', { name: 'Your data' })).toBe(true);
    await expectAccessible(page, 'find-tickets');
    const email = panel.getByLabel('E-mail for your data');
    await email.fill('not an address');
    await email.press('Enter');
    await expectVisible(panel.getByText('Enter a valid e-mail address', { exact: false })).toBe(true);
    await email.fill(buyer);
    const seen = await readMailbox();
    await email.press('Enter');
    await expectText(page.getByTestId('data-request-sent')).toContain(buyer);
    await expectAccessible(page, 'find-tickets-sent');

    const mail = await waitForMail({ to: buyer, subject: /Your data/, seen });
    const link = mail.links.find((l) => l.includes('/my-data/'));
    expect(link).toBeDefined();
    const myData = new URL(link ?? '').pathname;
    await page.goto(myData);
    await expectText(page.getByTestId('my-data-counts')).toContain('Orders: 1');
    await expectText(page.getByTestId('my-data-counts')).toContain('Tickets: 1');
    await expectAccessible(page, 'my-data');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('my-data.json');
    const file = JSON.parse(await readFile((await download.path()) ?? '', 'utf8'));
    expect(file.email).toBe(buyer);
    expect(file.orders).toHaveLength(1);
    expect(file.orders[0]).toMatchObject({ reference: order.reference, first_name: 'Marta', email: buyer });
    expect(file.attendees[0]).toMatchObject({ first_name: 'Marta', ticket: 'Standing' });

    // From the order's page too: the link goes to the order's own address.
    await page.goto(`/checkout/${eventId}/${placed.short_id}/summary`);
    const before = await readMailbox();
    await page.getByRole('button', { name: 'Request my data' }).click();
    await expectText(page.getByTestId('data-request-sent')).toContain(buyer);
    await expectAccessible(page, 'order-page');
    await waitForMail({ to: buyer, subject: /Your data/, seen: before });
    expect(errors).toEqual([]);

    // The organizer erases her from the account's Privacy page.
    const admin = session.page;
    await admin.goto('/account/privacy');
    await expectVisible(admin.getByRole('heading', { name: 'Erase a buyer' })).toBe(true);
    await expectOrganizerAccessible(admin, 'privacy');
    await admin.getByTestId('erase-email').fill(buyer.toUpperCase());
    await admin.getByRole('button', { name: 'Erase…' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Erase this buyer?' });
    await expectVisible(dialog).toBe(true);
    const confirm = dialog.getByRole('button', { name: 'Erase for good' });
    expect(await confirm.isDisabled()).toBe(true);
    await expectOrganizerAccessible(admin, 'privacy-confirm');
    await dialog.getByLabel('E-mail address to erase').fill(buyer);
    await dialog.getByLabel('E-mail address to erase').press('Enter');
    await expectText(admin.getByTestId('erase-result')).toContain('Orders: 1 · Tickets: 1');
    await expectOrganizerAccessible(admin, 'privacy-erased');
    const orders = await session.api<{ data: { email: string | null; first_name: string | null }[] }>(
      'GET',
      `/api/events/${eventId}/orders`,
    );
    expect(orders.data[0]?.email).toMatch(/@erased\.invalid$/);
    expect(orders.data[0]?.first_name).toBe('Erased');

    // Nothing is left to erase, and the link to her data is dead.
    await admin.getByTestId('erase-email').fill(buyer);
    await admin.getByRole('button', { name: 'Erase…' }).click();
    await admin.getByLabel('E-mail address to erase').fill(buyer);
    await admin.getByRole('button', { name: 'Erase for good' }).click();
    await expectText(admin.getByTestId('erase-error')).toContain('This account has no orders');
    await page.goto(myData);
    await expectVisible(page.getByTestId('my-data-expired')).toBe(true);
    await expectAccessible(page, 'my-data-expired');
  });
});
