import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityCheckAtWidths, launchBrowser, openPage, screenshot } from './browser';
import { placeByApi } from './checkout-steps';
import { expectEventually } from './expect';
import { waitForMail } from './mailbox';
import { organizerSession } from './session';

// Issue 39 (decision 057): the organizer lets buyers change their orders; a buyer renames a
// ticket holder and moves the ticket to a new address, which receives it; the organizer reads
// the change in the order's history; a buyer cancels a free order and the seat comes back.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheckAtWidths('buyer-self-service', { backToWide: true });

describe('buyers change and cancel their own order', () => {
  it('renames a holder who then gets the ticket, the organizer sees it, and a free order is cancelled', async () => {
    const session = await organizerSession(browser, { confirmEmail: true });
    const { api, eventId, page } = session;
    const ticket = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'Garden seat',
      type: 'FREE',
      quantity_available: 10,
    });
    await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });

    // The organizer lets buyers change details and cancel free orders.
    await page.goto(`/manage/event/${eventId}/settings`);
    const section = page.getByTestId('self-service-settings');
    await section.getByLabel("Buyers may change their order's details").check();
    await section.getByLabel('Until how many hours before the event').fill('2');
    await section.getByLabel('Free orders only').check();
    await screenshot(page, 'buyer-self-service-settings');
    await section.screenshot({ path: 'test-results/buyer-self-service-settings-section.png' });
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('The event settings have been saved.').waitFor();
    const saved = await api<{ settings: { self_service: Record<string, unknown> } }>(
      'GET',
      `/api/events/${eventId}`,
    );
    expect(saved.settings.self_service).toMatchObject({
      edit_enabled: true,
      edit_until_hours: 2,
      cancel_mode: 'FREE_ONLY',
    });

    // A buyer of two seats opens their order page from the confirmation mail.
    const buyerEmail = await placeByApi({ eventId, ticketId: ticket.id, buyer: 'Marta', count: 2 });
    const confirmation = await waitForMail({ to: buyerEmail, subject: /order|confirm/i });
    const orderLink = confirmation.links.find((l) => l.includes('/summary'));
    expect(orderLink).toBeTruthy();
    const buyer = await openPage(browser);
    await buyer.page.goto(new URL(orderLink ?? '').pathname);
    const panel = buyer.page.getByRole('region', { name: 'Change or cancel your order' });
    await panel.waitFor();
    const holders = panel.getByTestId('self-edit-holder');
    await expectEventually(() => holders.count()).toBe(2);
    await holders
      .nth(1)
      .getByRole('button', { name: /^Change/ })
      .click();
    const dialog = buyer.page.getByRole('dialog', { name: 'Change the ticket holder' });
    await dialog.getByLabel('First name').fill('Tiago');
    const newAddress = `tiago.${Date.now()}@example.com`;
    await dialog.getByLabel('E-mail').fill(newAddress);
    await expectAccessible(buyer.page, 'edit-form');
    // Keyboard: the form submits with Enter from a field.
    await dialog.getByLabel('E-mail').press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await panel.getByText('Your changes are saved.').waitFor();
    await holders.filter({ hasText: newAddress }).waitFor();
    await screenshot(buyer.page, 'buyer-self-service-order-page');

    // The ticket reaches its new holder.
    const ticketMail = await waitForMail({ to: newAddress });
    expect(ticketMail.text).toContain('Tiago');

    // The organizer reads the change, old → new, in the order's history.
    await page.goto(`/manage/event/${eventId}/orders`);
    await page.getByTestId('order-row').filter({ hasText: buyerEmail }).getByRole('link').click();
    const drawer = page.getByRole('dialog', { name: 'Order', exact: true });
    const change = drawer.getByTestId('order-activity').filter({ hasText: 'Changed by the buyer' });
    await change.waitFor();
    await expectEventually(() => change.textContent()).toContain(`→ ${newAddress}`);
    expect(await change.textContent()).toContain('Marta → Tiago');
    expect(await change.textContent()).toContain('The buyer');
    await screenshot(page, 'buyer-self-service-drawer');

    // The buyer cancels the free order; both seats are back on sale.
    const sold = async () =>
      (
        await api<{ data: { id: number; quantity_sold?: number }[] }>('GET', `/api/events/${eventId}/tickets`)
      ).data.find((t) => t.id === ticket.id)?.quantity_sold;
    expect(await sold()).toBe(2);
    await buyer.page.setViewportSize({ width: 390, height: 844 });
    await panel.getByRole('button', { name: 'Cancel my order' }).click();
    const confirm = buyer.page.getByRole('dialog', { name: 'Cancel your order?' });
    await confirm.waitFor();
    await screenshot(buyer.page, 'buyer-self-service-cancel-390');
    await confirm.getByRole('button', { name: 'Cancel my order' }).click();
    // The order page now says the order was cancelled.
    await buyer.page.getByRole('heading', { name: 'This order was cancelled' }).waitFor();
    await expectEventually(sold).toBe(0);
    await waitForMail({ to: buyerEmail, subject: /cancelled/ });
    await buyer.page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(buyer.page, 'buyer-self-service-cancelled-1280');
  });
});
