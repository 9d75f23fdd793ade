import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityCheck, launchBrowser, openPage, screenshot, waitForToastsToClose } from './browser';
import { placeByApi } from './checkout-steps';
import { expectCount, expectEventually, expectText, expectValue } from './expect';
import { readMailbox, waitForMail } from './mailbox';
import { apiCall, organizerSession } from './session';

// The organizer's orders: find one by e-mail and cancel it (seats back, buyer told), take an
// offline payment, keep a note; then a card payment refunded by half from the order screen.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheck('orders');

describe('orders', () => {
  it('finds an order by e-mail and cancels it, takes an offline payment and keeps a note', async () => {
    const session = await organizerSession(browser, {
      confirmEmail: true,
      eventSettings: { offline_payments_enabled: true },
    });
    const { api, eventId, page } = session;
    const free = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'Floor',
      type: 'FREE',
      quantity_available: 10,
    });
    const paid = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'Balcony',
      type: 'PAID',
      price: 1500,
    });
    await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
    const maria = await placeByApi({ eventId, ticketId: free.id, buyer: 'Maria' });
    // Three tickets, one of them cancelled; and a checkout nobody has finished yet.
    const nuno = await placeByApi({ eventId, ticketId: free.id, buyer: 'Nuno', count: 3 });
    const nunos = await api<{ data: { id: number }[] }>(
      'GET',
      `/api/events/${eventId}/attendees?query=${encodeURIComponent(nuno)}`,
    );
    await api('POST', `/api/events/${eventId}/attendees/${nunos.data[0]?.id}/cancel`);
    await apiCall('POST', `/api/public/events/${eventId}/orders`, {
      tickets: [{ ticket_id: free.id, quantity: 2 }],
    });
    const owing = await placeByApi({ eventId, ticketId: paid.id, buyer: 'Olga', offline: true });
    const remaining = async () =>
      (
        await api<{ data: { id: number; quantity_remaining?: number; quantity_sold?: number }[] }>(
          'GET',
          `/api/events/${eventId}/tickets`,
        )
      ).data.find((t) => t.id === free.id);
    const before = await remaining();

    await page.goto(`/manage/event/${eventId}/orders`);
    await page.getByTestId('order-row').first().waitFor();
    await expectCount(page.getByTestId('order-row')).toBe(4);
    const nunoRow = page.getByTestId('order-row').filter({ hasText: nuno });
    await expectText(nunoRow.getByTestId('order-tickets')).toBe('2 (1 cancelled)');
    const heldRow = page.getByTestId('order-row').filter({ has: page.locator('[data-status="RESERVED"]') });
    await expectText(heldRow.locator('[data-status]')).toMatch(/^Reserved · 1[45] min left$/);
    await expectText(heldRow.getByTestId('order-tickets')).toBe('2');
    await expectAccessible(page, 'list');
    // A checkout in progress is not an order yet, and its drawer says so.
    await heldRow.getByRole('link').click();
    const held = page.getByRole('dialog', { name: 'Order', exact: true });
    await held.getByText('Checkout in progress').waitFor();
    await held.getByTestId('order-activity').filter({ hasText: 'Checkout started' }).waitFor();
    await expectCount(held.getByText('Order placed')).toBe(0);
    // The buyer is still typing: nothing of theirs to edit yet, no ticket issued yet.
    await held.getByText('The buyer has not given their details yet.').waitFor();
    await held.getByText('No tickets are issued until the checkout is finished.').waitFor();
    await expectCount(held.getByRole('button', { name: 'Edit' })).toBe(0);
    await held.getByRole('button', { name: 'Close' }).click();
    await held.waitFor({ state: 'detached' });
    await page.getByLabel('Search').fill(maria);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="order-row"]').length === 1);
    await page.getByTestId('order-row').filter({ hasText: maria }).getByRole('link').click();
    const drawer = page.getByRole('dialog', { name: 'Order', exact: true });
    await drawer.getByText(maria).waitFor();
    await expectAccessible(page, 'drawer');

    // Cancel, telling the buyer.
    await drawer.getByRole('button', { name: 'Cancel order' }).click();
    const confirm = page.getByRole('dialog', { name: /^Cancel order/ });
    await confirm.getByLabel('Tell the buyer by e-mail').waitFor();
    await expectAccessible(page, 'cancel-modal');
    await confirm.getByRole('button', { name: 'Cancel order' }).click();
    await drawer.locator('[data-status="CANCELLED"]').waitFor();
    const mail = await waitForMail({ to: maria, subject: /has been cancelled/ });
    expect(mail.text).toContain('no longer valid');
    const after = await remaining();
    expect(after?.quantity_sold).toBe((before?.quantity_sold ?? 0) - 1);
    await drawer.getByTestId('order-activity').filter({ hasText: 'Cancelled' }).waitFor();
    await drawer.getByRole('button', { name: 'Close' }).click();
    await drawer.waitFor({ state: 'detached' });
    await waitForToastsToClose(page);

    // An offline payment arrives.
    await page.getByLabel('Search').fill(owing);
    const owingRow = page.getByTestId('order-row').filter({ hasText: owing });
    await owingRow.waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="order-row"]').length === 1);
    await owingRow.getByRole('link').click();
    await drawer.locator('[data-status="AWAITING_PAYMENT"]').waitFor();
    // Nothing was paid yet: no word of giving money back, no refund to record.
    await expectCount(drawer.getByText(/give the money back yourself/)).toBe(0);
    await expectCount(drawer.getByRole('button', { name: 'Record refund' })).toBe(0);
    await drawer.getByRole('button', { name: 'Mark as paid' }).click();
    await page
      .getByRole('dialog', { name: /^Mark order/ })
      .getByRole('button', { name: 'Mark as paid' })
      .click();
    await drawer.locator('[data-status="COMPLETED"]').waitFor();
    await drawer.getByLabel('Add a note').fill('Paid in cash at the office.');
    await drawer.getByRole('button', { name: 'Save note' }).click();
    await drawer.getByTestId('order-activity').filter({ hasText: 'Paid in cash at the office.' }).waitFor();
    await drawer.getByRole('button', { name: 'Edit' }).click();
    const buyerForm = drawer.getByRole('form', { name: 'Edit buyer' });
    await buyerForm.getByLabel('Last name').fill('Reis-Santos');
    await buyerForm.getByRole('button', { name: 'Save' }).click();
    await drawer.getByText('Olga Reis-Santos').waitFor();
    await drawer.getByTestId('order-activity').filter({ hasText: 'Buyer details changed' }).waitFor();
    // Olga holds her own ticket: her confirmation, now saying the payment arrived, carries it.
    await expectEventually(async () =>
      (await readMailbox()).some(
        (mail) =>
          mail.to === owing &&
          mail.text.includes('Your payment has been received') &&
          mail.text.includes('Your ticket is in this e-mail'),
      ),
    ).toBe(true);

    // The buyer cannot come after all: the organizer hands back 10 € in cash and records it.
    await drawer
      .getByText(
        'Paid offline: give the money back yourself (in cash, by bank transfer), then record the refund here.',
      )
      .waitFor();
    await drawer.getByRole('button', { name: 'Record refund' }).click();
    const record = page.getByRole('dialog', { name: /^Record a refund of order/ });
    await expectValue(record.getByLabel('Amount given back')).toBe('15.00');
    await record.getByLabel('Amount given back').fill('20.00');
    await record.getByRole('button', { name: 'Record refund' }).click();
    await record.getByText('Say how and why the money went back.').waitFor();
    await record.getByLabel('How and why').fill('Cash at the box office: the buyer cannot come.');
    await record.getByRole('button', { name: 'Record refund' }).click();
    await record.getByText('This is more than what is left to refund on this order.').waitFor();
    await record.getByLabel('Amount given back').fill('10.00');
    await expectCount(record.getByText('This is more than what is left to refund on this order.')).toBe(0);
    await expectAccessible(page, 'record-refund-modal');
    await record.getByRole('button', { name: 'Record refund' }).click();
    await record.waitFor({ state: 'hidden' });
    await drawer.locator('[data-status="PARTIALLY_REFUNDED"]').waitFor();
    await expectText(drawer.getByTestId('order-refund')).toMatch(
      /^€10\.00 · .* · Given back offline · Cash at the box office: the buyer cannot come\.$/,
    );
    await drawer.getByTestId('order-activity').filter({ hasText: 'Refund recorded' }).waitFor();
    await screenshot(page, 'orders-offline-refund-recorded');
    await expectAccessible(page, 'offline-refund-recorded');
    const refunded = await waitForMail({ to: owing, subject: /^Refund for your order/ });
    expect(refunded.text).toContain('has given back €10.00');
    await session.context.close();
  }, 90_000);

  it('refunds half of a card payment from the order screen', async () => {
    const session = await organizerSession(browser, { confirmEmail: true });
    const { api, eventId, page } = session;
    const { url } = await api<{ url: string }>('POST', '/api/accounts/payment/stripe/connect');
    await page.goto(url);
    await page.waitForURL('**/account/payment?stripe=return');
    await page.getByText('Connected', { exact: true }).waitFor();
    await api('POST', `/api/events/${eventId}/tickets`, { title: 'Concert', type: 'PAID', price: 3000 });
    await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
    const event = await api<{ slug: string }>('GET', `/api/events/${eventId}`);

    // A buyer pays by card (the stand-in's test card form, then its webhook).
    const buyer = await openPage(browser);
    await buyer.page.goto(`/e/${eventId}/${event.slug}`);
    await buyer.page
      .getByRole('region', { name: 'Tickets' })
      .getByRole('listitem')
      .filter({ hasText: 'Concert' })
      .first()
      .getByRole('button', { name: 'More Concert' })
      .click();
    await buyer.page.getByTestId('checkout-button').click();
    await buyer.page.waitForURL('**/details');
    await buyer.page.getByLabel('First name').first().fill('Paula');
    await buyer.page.getByLabel('Last name').first().fill('Sousa');
    await buyer.page.getByLabel('E-mail').first().fill('paula.sousa@example.com');
    await buyer.page.getByRole('button', { name: 'Copy my details' }).click();
    await buyer.page.getByRole('button', { name: 'Continue to payment' }).click();
    await buyer.page.getByTestId('test-card-form').waitFor();
    await buyer.page.getByLabel('Visa 4242 – payment succeeds').check();
    await buyer.page.getByTestId('pay-button').click();
    await buyer.page.waitForURL('**/summary', { timeout: 20_000 });
    await buyer.context.close();

    await page.goto(`/manage/event/${eventId}/orders`);
    const row = page.getByTestId('order-row').first();
    await row.locator('[data-status="COMPLETED"]').waitFor();
    await row.getByRole('link').click();
    const drawer = page.getByRole('dialog', { name: 'Order', exact: true });
    await drawer.getByRole('button', { name: 'Refund' }).click();
    const refund = page.getByRole('dialog', { name: /^Refund order/ });
    const amount = refund.getByLabel('Amount to refund');
    await expectValue(amount).toBe('30.00');
    await amount.fill('15.00');
    await expectAccessible(page, 'refund-modal');
    await refund.getByRole('button', { name: 'Refund', exact: true }).click();
    await refund.waitFor({ state: 'hidden' });
    // Stripe settles the refund a moment later (its webhook): the list shows it, in orange.
    await page.keyboard.press('Escape');
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId('order-row').first().locator('[data-status]').getAttribute('data-status');
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe('PARTIALLY_REFUNDED');
    const badge = page.getByTestId('order-row').first().locator('[data-status]');
    await expectText(badge).toBe('Partially refunded');
    await expectEventually(() => badge.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(
      'rgba(0, 0, 0, 0)',
    );
    await expectAccessible(page, 'refunded');
    // The drawer's payout nets the refund as billing does: 30 € paid, 15 € back, the platform's
    // 2.5 % fee less the half it gave back, and Stripe's 1.5 % + 0.25 €.
    await page.getByTestId('order-row').first().getByRole('link').click();
    const fees = page.getByRole('dialog', { name: 'Order', exact: true }).getByTestId('card-fees');
    await expectText(fees).toMatch(
      /Platform fee\s*€0\.38\s*Stripe fee\s*€0\.70\s*Refunded\s*−€15\.00\s*Paid out to you\s*€13\.92/,
    );
    await expectAccessible(page, 'card-payout-after-refund');
    await session.context.close();
  }, 90_000);
});
