import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityCheck, launchBrowser, screenshot, waitForToastsToClose } from './browser';
import { placeByApi } from './checkout-steps';
import { expectCount, expectText, expectValue } from './expect';
import { organizerSession } from './session';

// Invoices (issue 38, docs/decisions/053-invoices.md): the admin fills in the seller's invoice
// settings, a buyer's offline order is paid, and its invoice shows in the order drawer with its
// PDF; the next number cannot go back below the numbers given.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheck('invoices');

/** Two seats to pay offline, with the company the seller requires (`buyer_business: REQUIRED`). */
const placeOffline = (eventId: number, ticketId: number, buyer: string) =>
  placeByApi({
    eventId,
    ticketId,
    buyer,
    count: 2,
    offline: true,
    details: {
      company: `${buyer} Reis Lda`,
      company_address: 'Rua Nova 3\n4000-001 Porto',
      vat_country: 'PT',
      vat_id: 'PT509999999',
    },
  });

/** Clicks `trigger` and answers the bytes of the file the browser saves. */
async function downloaded(page: Page, trigger: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger()]);
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path()) ?? '') };
}

describe('invoices', () => {
  it('are set up by the admin, issued for a paid order and downloaded from its drawer', async () => {
    const session = await organizerSession(browser, {
      confirmEmail: true,
      eventSettings: { offline_payments_enabled: true },
    });
    const { api, eventId, page } = session;

    // The settings, empty and off at first.
    await page.goto('/account/settings');
    await page
      .getByRole('navigation', { name: 'Account pages' })
      .getByRole('link', { name: 'Invoice settings' })
      .click();
    await page.waitForURL('**/account/invoice-settings');
    const form = page.getByRole('form', { name: 'Invoice settings' });
    await expectValue(form.getByLabel('Next number')).toBe('1');
    // The shared schema refuses an empty seller before anything is sent.
    await form.getByRole('button', { name: 'Save settings' }).click();
    await form.getByText('This field is required.').first().waitFor();

    await form.getByLabel('Issue invoices').check();
    await form.getByLabel('Legal name').fill('Riverside Events Lda');
    await form.getByLabel('Address').fill('Rua do Rio 1\n1100-001 Lisboa');
    await form.getByLabel('VAT or tax number').fill('PT123456789');
    await form.getByLabel('Number prefix').fill('RE-2031-');
    await form.getByLabel('Next number').fill('1000');
    await form.getByLabel('Payment terms (days)').fill('10');
    await form.getByLabel('Notes').fill('IBAN PT50 0000 0000 0000 0000 0000 0');
    await form.getByLabel('Footer').fill('Registered in Lisboa');
    await form.getByLabel('Yes, required').check();
    await expectText(form.getByText(/^The next invoice is/)).toContain('RE-2031-1000');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('The invoice settings have been saved.').waitFor();
    await expectAccessible(page, 'settings');
    await waitForToastsToClose(page);
    const saved = await api<Record<string, unknown>>('GET', '/api/accounts/current/invoice-settings');
    expect(saved).toEqual({
      enabled: true,
      legal_name: 'Riverside Events Lda',
      address: 'Rua do Rio 1\n1100-001 Lisboa',
      tax_id: 'PT123456789',
      prefix: 'RE-2031-',
      next_number: 1000,
      payment_terms_days: 10,
      notes: 'IBAN PT50 0000 0000 0000 0000 0000 0',
      footer: 'Registered in Lisboa',
      attach_to_confirmation: true,
      buyer_business: 'REQUIRED',
    });

    // A buyer orders two seats to pay at the door; the organizer marks them paid.
    const seat = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'Seat',
      type: 'PAID',
      price: 2500,
    });
    await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
    const email = await placeOffline(eventId, seat.id, 'Marta');
    const orders = await api<{ data: { id: number }[] }>(
      'GET',
      `/api/events/${eventId}/orders?query=${encodeURIComponent(email)}`,
    );
    const orderId = orders.data[0]?.id ?? 0;
    await api('POST', `/api/events/${eventId}/orders/${orderId}/mark-paid`);

    await page.goto(`/manage/event/${eventId}/orders?order=${orderId}`);
    const drawer = page.getByRole('dialog', { name: 'Order', exact: true });
    const invoice = drawer.getByTestId('order-invoice');
    await expectCount(invoice).toBe(1);
    await expectText(invoice).toContain('RE-2031-1000');
    await expectText(invoice).toContain('€50.00');
    await expectText(invoice.locator('[data-status]')).toBe('Paid');
    await expectAccessible(page, 'drawer');
    const pdf = await downloaded(page, () =>
      invoice.getByRole('button', { name: 'Download PDF RE-2031-1000' }).click(),
    );
    expect(pdf.name).toBe('RE-2031-1000.pdf');
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Number 1000 is given: the next number may not go back to it.
    await page.goto('/account/invoice-settings');
    await expectValue(form.getByLabel('Next number')).toBe('1001');
    await form.getByLabel('Next number').fill('1000');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await form
      .getByText('Numbers up to 1000 have been given. The next number must be 1001 or higher.')
      .waitFor();
    await screenshot(page, 'invoices-settings-next-number-taken');

    // A second order, still unpaid: the event's Invoices screen lists both, finds one, exports.
    const olga = await placeOffline(eventId, seat.id, 'Olga');
    await page.goto(`/manage/event/${eventId}`);
    await page
      .getByRole('navigation', { name: 'Event pages' })
      .getByRole('link', { name: 'Invoices' })
      .click();
    await page.waitForURL(`**/manage/event/${eventId}/invoices`);
    const table = page.getByRole('table', { name: 'Invoices' });
    const rows = table.locator('tbody tr');
    await expectCount(rows).toBe(2);
    await expectText(rows.first()).toContain('RE-2031-1001');
    await expectText(rows.first().locator('[data-status]')).toBe('Unpaid');
    await expectText(rows.nth(1)).toContain('RE-2031-1000');
    await expectAccessible(page, 'event-list');
    await page.getByLabel('Search').fill('olga');
    await expectCount(rows).toBe(1);
    await expectText(rows.first()).toContain(olga);
    const csv = await downloaded(page, async () => {
      await page.getByRole('button', { name: 'Export' }).click();
      await page.getByRole('menuitem', { name: 'CSV' }).click();
    });
    expect(csv.name).toBe(`invoices-${eventId}.csv`);
    const lines = csv.bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Number,Kind,Date of issue,/);
    expect(lines[1]).toMatch(/^RE-2031-1001,Invoice,\d{4}-\d{2}-\d{2},\d{4}-\d{2}-\d{2},Unpaid,/);
    expect(lines[1]).toContain(',EUR,50.00,0.00,0.00,50.00');
    await page.getByLabel('Search').fill('');
    await expectCount(rows).toBe(2);

    // This month's PDFs, both, in one ZIP; then the order behind a row.
    const zip = await downloaded(page, () =>
      page.getByRole('button', { name: "Download a month's PDFs (ZIP)" }).click(),
    );
    expect(zip.name).toMatch(new RegExp(`^invoices-${eventId}-\\d{4}-\\d{2}\\.zip$`));
    expect(Object.keys(unzipSync(zip.bytes)).sort()).toEqual(['RE-2031-1000.pdf', 'RE-2031-1001.pdf']);
    await rows.nth(1).getByRole('link').click();
    await page.waitForURL(`**/manage/event/${eventId}/orders?order=${orderId}`);
    await page.getByRole('dialog', { name: 'Order', exact: true }).getByTestId('order-invoice').waitFor();

    // The account's screen holds the same two, with their event.
    await page.goto('/account/invoices');
    await expectCount(rows).toBe(2);
    await expectText(rows.first()).toContain('Summer Concert');
    await page
      .getByRole('textbox', { name: 'Status' })
      .or(page.getByRole('combobox', { name: 'Status' }))
      .first()
      .click();
    await page.getByRole('option', { name: 'Paid', exact: true }).click();
    await expectCount(rows).toBe(1);
    await expectText(rows.first()).toContain('RE-2031-1000');
    await expectAccessible(page, 'account-list');

    // The event names a seller of its own, in a series of its own: the account's prefix is refused.
    await page.goto(`/manage/event/${eventId}/settings`);
    const own = page.getByRole('checkbox', { name: 'Invoices of this event name another seller' });
    await own.check();
    const section = page.locator('form');
    await section.getByRole('textbox', { name: /^Legal name/ }).fill('Festival do Rio Associação');
    await section.getByRole('textbox', { name: /^Address\s*\*?$/ }).fill('Cais 2\nPorto');
    await section
      .getByRole('checkbox', { name: 'Number this event’s invoices in a series of its own' })
      .check();
    await section.getByLabel('Number prefix').fill('RE-2031-');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page
      .getByText(
        'An event with its own number series needs a prefix of its own, different from the account’s.',
      )
      .waitFor();
    await section.getByLabel('Number prefix').fill('FEST-');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('The event settings have been saved.').waitFor();
    await expectAccessible(page, 'event-seller');
    const event = await api<{ settings: { invoice_seller: Record<string, unknown> } }>(
      'GET',
      `/api/events/${eventId}`,
    );
    expect(event.settings.invoice_seller).toMatchObject({
      legal_name: 'Festival do Rio Associação',
      prefix: 'FEST-',
      own_sequence: true,
    });
    expect(session.errors.filter((e) => !e.includes('422'))).toEqual([]);
  });
});
