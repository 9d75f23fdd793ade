import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../server/test/pdf';
import { accessibilityCheck, launchBrowser, openPage, screenshot } from './browser';
import { ticketRow } from './checkout-steps';
import { expectText } from './expect';
import { waitForMail } from './mailbox';
import { organizerSession } from './session';

// Issue 38's journey: a business buyer pays by card with a VAT number, opens the invoice from
// the order page and from the confirmation mail; the organizer refunds half from the order
// drawer and opens the credit note.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheck('invoice-journey');

/** Clicks `trigger` and answers the text of the PDF the browser saves. */
async function pdfSaved(page: Page, trigger: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger()]);
  const bytes = await readFile((await download.path()) ?? '');
  return { name: download.suggestedFilename(), text: (await pdfText(bytes)).join('\n') };
}

describe('an invoice from checkout to credit note', () => {
  it('reaches a business buyer on the order page and by mail, and half of it is credited', async () => {
    const session = await organizerSession(browser, { confirmEmail: true });
    const { api, eventId, page } = session;
    const { url } = await api<{ url: string }>('POST', '/api/accounts/payment/stripe/connect');
    await page.goto(url);
    await page.waitForURL('**/account/payment?stripe=return');
    await api('PUT', '/api/accounts/current/invoice-settings', {
      enabled: true,
      legal_name: 'Cais Cultural Lda',
      address: 'Rua do Cais 7\n4050-001 Porto',
      tax_id: 'PT501234567',
      prefix: 'CC-',
      buyer_business: 'OPTIONAL',
    });
    await api('POST', `/api/events/${eventId}/tickets`, { title: 'Recital', type: 'PAID', price: 4000 });
    await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
    const event = await api<{ slug: string }>('GET', `/api/events/${eventId}`);

    // The buyer asks for a business invoice and pays by card.
    const buyer = await openPage(browser);
    await buyer.page.goto(`/e/${eventId}/${event.slug}`);
    await ticketRow(buyer.page, 'Recital').getByRole('button', { name: 'More Recital' }).click();
    await buyer.page.getByTestId('checkout-button').click();
    await buyer.page.waitForURL('**/details');
    const email = `rosa.${Date.now()}@example.com`;
    await buyer.page.getByLabel('First name').first().fill('Rosa');
    await buyer.page.getByLabel('Last name').first().fill('Matos');
    await buyer.page.getByLabel('E-mail').first().fill(email);
    await buyer.page.getByRole('button', { name: 'Copy my details' }).click();
    const business = buyer.page.getByRole('region', { name: 'Buying for a business' });
    await business.getByRole('checkbox', { name: 'I need a business invoice' }).check();
    await business.getByLabel('Company name').fill('Matos & Filhos Lda');
    await business.getByLabel('Company address').fill('Avenida 5\n1000-001 Lisboa');
    await business.getByLabel('Country').selectOption('PT');
    await business.getByLabel('VAT number').fill('PT 509 876 543');
    await buyer.page.getByRole('button', { name: 'Continue to payment' }).click();
    await buyer.page.getByTestId('test-card-form').waitFor();
    await buyer.page.getByLabel('Visa 4242 – payment succeeds').check();
    await buyer.page.getByTestId('pay-button').click();
    await buyer.page.waitForURL('**/summary', { timeout: 20_000 });

    // The order page lists the invoice, made out to the company.
    const invoices = buyer.page.getByRole('region', { name: 'Invoices' });
    await expectText(invoices).toMatch(/Invoice CC-1\b/);
    await screenshot(buyer.page, 'invoice-journey-order-page');
    await expectAccessible(buyer.page, 'order-page-invoices');
    const fromPage = await pdfSaved(buyer.page, () =>
      invoices.getByRole('link', { name: 'Download Invoice CC-1 (PDF)' }).click(),
    );
    expect(fromPage.name).toBe('CC-1.pdf');
    for (const expected of [
      'Invoice CC-1',
      'Cais Cultural Lda',
      'Matos & Filhos Lda',
      'PT509876543',
      '€40.00',
    ])
      expect(fromPage.text).toContain(expected);
    await buyer.context.close();

    // The confirmation carries the same invoice.
    const mail = await waitForMail({ to: email, subject: /^Your order/ });
    const attached = mail.attachments.find((a) => a.filename === 'CC-1.pdf');
    expect(attached?.mimeType).toBe('application/pdf');
    expect((await pdfText(attached?.content ?? Buffer.alloc(0))).join('\n')).toContain('Matos & Filhos Lda');

    // The organizer refunds half; once Stripe settles it, the drawer has the credit note.
    await page.goto(`/manage/event/${eventId}/orders`);
    await page.getByTestId('order-row').first().getByRole('link').click();
    const drawer = page.getByRole('dialog', { name: 'Order', exact: true });
    await expectText(drawer.getByTestId('order-company')).toContain(
      'Matos & Filhos Lda · VAT number PT509876543',
    );
    await drawer.getByRole('button', { name: 'Refund' }).click();
    const refund = page.getByRole('dialog', { name: /^Refund order/ });
    await refund.getByLabel('Amount to refund').fill('20.00');
    await refund.getByRole('button', { name: 'Refund', exact: true }).click();
    await refund.waitFor({ state: 'hidden' });
    const credit = drawer.getByTestId('order-invoice').filter({ hasText: 'CC-2' });
    await expect
      .poll(
        async () => {
          if ((await credit.count()) > 0) return true;
          await page.reload();
          await page.getByTestId('order-row').first().getByRole('link').click();
          return false;
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(true);
    await expectText(credit).toContain('€20.00');
    await screenshot(page, 'invoice-journey-credit-note');
    await expectAccessible(page, 'drawer-credit-note');
    const note = await pdfSaved(page, () => credit.getByRole('button', { name: /Download PDF/ }).click());
    for (const expected of ['Credit note CC-2', 'Credits invoice CC-1', 'Matos & Filhos Lda', '€20.00'])
      expect(note.text).toContain(expected);

    // Cancelling the ticket, its price refunded too: what is left of it (€20) goes back and is
    // credited by the next note.
    await page.goto(`/manage/event/${eventId}/attendees`);
    await page.getByRole('link', { name: 'Rosa Matos' }).first().click();
    const attendee = page.getByRole('dialog', { name: 'Attendee', exact: true });
    await attendee.getByRole('button', { name: 'Cancel ticket' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel the ticket of Rosa Matos?' });
    const refundToo = confirm.getByRole('checkbox', { name: 'Also refund its price, €20.00, to the buyer' });
    expect(await refundToo.isChecked()).toBe(true);
    await expectAccessible(page, 'cancel-ticket-with-refund');
    await confirm.getByRole('button', { name: 'Cancel ticket' }).click();
    await attendee.getByTestId('attendee-status').filter({ hasText: 'Cancelled' }).waitFor();
    await expect
      .poll(
        async () => {
          const orders = await api<{ data: { id: number; status: string }[] }>(
            'GET',
            `/api/events/${eventId}/orders`,
          );
          const order = orders.data[0];
          if (!order) return [];
          const invoices = await api<{ data: { reference: string; total: number }[] }>(
            'GET',
            `/api/events/${eventId}/orders/${order.id}/invoices`,
          );
          return [order.status, ...invoices.data.map((d) => `${d.reference} ${d.total}`)];
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toEqual(['REFUNDED', 'CC-1 4000', 'CC-2 2000', 'CC-3 2000']);
    await session.context.close();
  }, 120_000);
});
