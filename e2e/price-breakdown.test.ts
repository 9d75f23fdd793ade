import { readFile } from 'node:fs/promises';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityCheck, launchBrowser, openPage, screenshot } from './browser';
import { expectChecked, expectEventually, expectInnerText } from './expect';
import { waitForMail } from './mailbox';
import { organizerSession } from './session';

// Issue #13: one order with a booking fee and a VAT that also applies to fees, bought through
// the checkout, shows the same breakdown everywhere (checkout, order summary, print page, the
// organizer's order drawer, the confirmation e-mail, the CSV export), and it adds up.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Shown {
  rows: { label: string; detail: string | null; amount: string }[];
  total: string;
  included: string[];
}

/** The price breakdown as a page shows it. */
async function breakdownIn(scope: Locator): Promise<Shown> {
  const breakdown = scope.getByTestId('price-breakdown');
  await breakdown.waitFor();
  const rows = [];
  for (const row of await breakdown.getByTestId('breakdown-row').all()) {
    const detail = row.getByTestId('breakdown-detail');
    const detailText = (await detail.count()) > 0 ? await detail.innerText() : null;
    rows.push({
      label: await row.getByTestId('breakdown-label').innerText(),
      detail: detailText,
      amount: await row.getByTestId('breakdown-amount').innerText(),
    });
  }
  const total = (await breakdown.getByTestId('order-total').innerText()).replace(/^Total\s*/, '');
  const included = await breakdown.getByTestId('breakdown-included').allInnerTexts();
  return { rows, total, included };
}

/**
 * Checks that `scope` shows the expected breakdown (asked again while the page settles) and
 * that its rows add up to its total.
 */
async function expectBreakdown(scope: Locator, surface: string): Promise<void> {
  // Both from one reading: a page still rendering may show its total before its rows.
  const reading = async () => {
    const shown = await breakdownIn(scope);
    const added = shown.rows.reduce((sum, row) => sum + cents(row.amount), 0);
    return { surface, shown, addsUp: added === cents(shown.total) };
  };
  await expectEventually(reading).toEqual({ surface, shown: expected, addsUp: true });
}

/** "€33.96" → 3396 */
const cents = (money: string) => Math.round(Number(money.replace(/[^\d.-]/g, '').replace('−', '-')) * 100);

const expectAccessible = accessibilityCheck('price-breakdown');

const expected: Shown = {
  rows: [
    { label: '1 × General', detail: null, amount: '€25.00' },
    { label: 'Booking fee', detail: '€2.50 per ticket', amount: '€2.50' },
    // (25.00 + 2.50) × 23.5 % = 6.4625
    { label: 'VAT 23.5 %', detail: 'on tickets and fees', amount: '€6.46' },
  ],
  total: '€33.96',
  included: [],
};

describe('the price breakdown', () => {
  it('is the same on every surface of one order, and adds up', async () => {
    const session = await organizerSession(browser, {
      confirmEmail: true,
      eventSettings: { offline_payments_enabled: true, price_display_mode: 'EXCLUSIVE' },
    });
    const { api, eventId, page } = session;
    const fee = await api<{ id: number }>('POST', '/api/taxes-and-fees', {
      name: 'Booking fee',
      type: 'FEE',
      calculation_type: 'FIXED',
      rate: 250,
    });

    // The VAT through the tax form: it also applies to fees, and the table says so.
    await page.goto('/account/taxes-and-fees');
    await page.getByRole('button', { name: 'Add a tax or fee' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a tax or fee' });
    await dialog.getByLabel('Name').fill('VAT');
    await dialog.getByRole('textbox', { name: 'Rate' }).fill('23.5');
    const onFees = dialog.getByRole('switch', { name: 'Also applies to fees' });
    await expectChecked(onFees).toBe(false);
    await onFees.check();
    await screenshot(page, 'price-breakdown-tax-form');
    await dialog.getByRole('radio', { name: 'Fee' }).check();
    await onFees.waitFor({ state: 'detached' });
    await dialog.getByRole('radio', { name: 'Tax' }).check();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('VAT has been added.').waitFor();
    const vatRow = page.getByTestId('tax-or-fee-row').filter({ hasText: 'VAT' });
    await expectInnerText(vatRow.getByTestId('tax-base')).toBe('Ticket price and fees');
    await screenshot(page, 'price-breakdown-taxes');
    const vat = (await api<{ data: { id: number; name: string }[] }>('GET', '/api/taxes-and-fees')).data.find(
      (t) => t.name === 'VAT',
    );
    await api('POST', `/api/events/${eventId}/tickets`, {
      title: 'General',
      type: 'PAID',
      price: 2500,
      tax_and_fee_ids: [fee.id, vat?.id],
    });
    await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
    const event = await api<{ slug: string }>('GET', `/api/events/${eventId}`);

    // The buyer checks out, paying offline.
    const buyer = await openPage(browser);
    const email = `breakdown.${Date.now()}@example.com`;
    await buyer.page.goto(`/e/${eventId}/${event.slug}`);
    await buyer.page
      .getByRole('region', { name: 'Tickets' })
      .getByRole('listitem')
      .filter({ hasText: 'General' })
      .first()
      .getByRole('button', { name: 'More General' })
      .click();
    await buyer.page.getByTestId('checkout-button').click();
    await buyer.page.waitForURL('**/details');
    const sidebar = buyer.page.getByRole('complementary', { name: 'Order summary' });
    await expectBreakdown(sidebar, 'checkout');
    await expectAccessible(buyer.page, 'checkout');
    await buyer.page.getByLabel('First name').first().fill('Ana');
    await buyer.page.getByLabel('Last name').first().fill('Lima');
    await buyer.page.getByLabel('E-mail').first().fill(email);
    await buyer.page.getByRole('button', { name: 'Copy my details' }).click();
    await buyer.page.getByRole('button', { name: 'Continue to payment' }).click();
    await buyer.page.waitForURL('**/payment');
    await buyer.page.getByTestId('place-order').click();
    await buyer.page.waitForURL('**/summary');
    await buyer.page.getByTestId('order-status').getByText('Awaiting payment').waitFor();
    await expectBreakdown(sidebar, 'summary');
    const reference = await buyer.page.getByTestId('order-reference').innerText();

    await buyer.page.getByRole('link', { name: 'Print order' }).click();
    await buyer.page.waitForURL('**/print');
    // The address changes before the print page (loaded on demand) replaces the summary.
    await buyer.page.getByRole('heading', { level: 1, name: `Order ${reference}` }).waitFor();
    await expectBreakdown(buyer.page.locator('main'), 'print');
    await expectAccessible(buyer.page, 'print');

    // The organizer's order drawer.
    await page.goto(`/manage/event/${eventId}/orders`);
    await page.getByTestId('order-row').filter({ hasText: reference }).getByRole('link').click();
    const drawer = page.getByRole('dialog', { name: 'Order', exact: true });
    await expectBreakdown(drawer, 'organizer');
    await expectAccessible(page, 'drawer');

    // The confirmation e-mail lists the same rows.
    const mail = await waitForMail({ to: email, subject: /^Your order/ });
    expect(mail.text).toContain(
      [
        '1 × General: €25.00',
        'Booking fee (€2.50 per ticket): €2.50',
        'VAT 23.5 % (on tickets and fees): €6.46',
        'Total: €33.96',
      ].join('\n'),
    );

    // The export: a column per fee and tax, adding up across the row.
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV' }).click(),
    ]);
    const [header = '', ...lines] = (await readFile(await download.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const columns = header.split(',');
    const cells = (lines.find((l) => l.startsWith(reference)) ?? '').split(',');
    const cell = (name: string) => cells[columns.indexOf(name)];
    expect(
      ['Tickets', 'Ticket prices', 'Discount', 'Booking fee', 'VAT 23.5 %', 'Total'].map((c) => cell(c)),
    ).toEqual(['1 × General', '25.00', '0.00', '2.50', '6.46', '33.96']);

    // With prices shown including taxes and fees, the line is what it costs and the words say
    // what that includes.
    const current = await api<{ title: string; organizer_id: number; start_date: string }>(
      'GET',
      `/api/events/${eventId}`,
    );
    await api('PUT', `/api/events/${eventId}`, {
      title: current.title,
      organizer_id: current.organizer_id,
      start_date: current.start_date,
      settings: { offline_payments_enabled: true, price_display_mode: 'INCLUSIVE' },
    });
    await buyer.page.reload();
    await expectEventually(() => breakdownIn(buyer.page.locator('main'))).toEqual({
      rows: [{ label: '1 × General', detail: null, amount: '€33.96' }],
      total: '€33.96',
      included: [
        'includes Booking fee (€2.50 per ticket): €2.50',
        'includes VAT 23.5 % (on tickets and fees): €6.46',
      ],
    });
    await screenshot(buyer.page, 'price-breakdown-print-inclusive');
    expect(buyer.errors).toEqual([]);
    await buyer.context.close();
    await session.context.close();
  }, 120_000);
});
