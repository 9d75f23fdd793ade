import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PromoCodeResponse } from '../common/promo-codes';
import type { TaxOrFeeResponse } from '../common/taxes-fees';
import type { TicketResponse } from '../common/tickets';
import { accessibilityCheck, launchBrowser, waitForToastsToClose } from './browser';
import { expectAttribute, expectCount, expectValue } from './expect';
import { organizerSession } from './session';

// The account admin sets up taxes and fees, then the promo codes of an event, through the UI;
// the API is asked afterwards what was stored.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheck('taxes-promo');

/** The browser logs every 4xx answer to the console; the expected ones are left out. */
const unexpected = (errors: string[]) => errors.filter((e) => !e.startsWith('Failed to load resource'));

describe('taxes, fees and promo codes', () => {
  it('lets the account admin add, edit and delete taxes and fees', async () => {
    const session = await organizerSession(browser);
    const { page, context, errors } = session;

    await page.goto('/account/taxes-and-fees');
    await page.getByRole('heading', { name: 'No taxes or fees yet' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Account pages' })
      .getByRole('link', { name: 'Taxes and fees' })
      .waitFor();
    await page.getByText('Fees are computed on the ticket price after any discount').waitFor();
    await expectAccessible(page, 'taxes-empty');

    // A percentage tax, typed with a decimal comma, applied to new tickets by default.
    await page.getByRole('button', { name: 'Add a tax or fee' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add a tax or fee' });
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText('This field is required').first().waitFor();
    await dialog.getByLabel('Name').fill('VAT');
    await dialog.getByRole('textbox', { name: 'Rate' }).fill('23,5');
    await dialog.getByLabel('Apply to new tickets by default').check();
    await expectAccessible(page, 'tax-modal');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('VAT has been added.').waitFor();
    const vatRow = page.getByTestId('tax-or-fee-row').filter({ hasText: 'VAT' });
    await vatRow.getByText('23.5 %').waitFor();
    await vatRow.getByText('Default').waitFor();

    // A fixed fee in major units: a wrong amount is refused in the form first.
    await page.getByRole('button', { name: 'Add a tax or fee' }).click();
    dialog = page.getByRole('dialog', { name: 'Add a tax or fee' });
    await dialog.getByLabel('Name').fill('Booking fee');
    await dialog.getByRole('radio', { name: 'Fee' }).check();
    await dialog.getByRole('radio', { name: 'Fixed amount per ticket' }).check();
    await dialog.getByRole('textbox', { name: 'Amount per ticket' }).fill('1.505');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText('Enter an amount such as 2.50.').waitFor();
    await dialog.getByRole('textbox', { name: 'Amount per ticket' }).fill('1.50');
    await expectAccessible(page, 'fee-modal');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Booking fee has been added.').waitFor();
    await page.getByTestId('tax-or-fee-row').filter({ hasText: 'Booking fee' }).getByText('€1.50').waitFor();

    // Edit the fee: a new name, the amount shown back in major units.
    await page.getByRole('button', { name: 'Actions for Booking fee' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Booking fee' });
    await expectValue(dialog.getByRole('textbox', { name: 'Amount per ticket' })).toBe('1.50');
    await dialog.getByLabel('Name').fill('Service fee');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Service fee has been saved.').waitFor();
    const feeRow = page.getByTestId('tax-or-fee-row').filter({ hasText: 'Service fee' });
    await feeRow.getByText('€1.50').waitFor();
    await feeRow.getByText('Fee', { exact: true }).waitFor();
    await expectCount(page.getByTestId('tax-or-fee-row')).toBe(2);
    // Checked once the dialog has faded out: half-transparent text fails the contrast rule.
    await dialog.waitFor({ state: 'detached' });
    await expectAccessible(page, 'taxes-list');

    // What the API stored: an exact percentage, and whole minor units for the fee.
    const stored = await session.api<{ data: TaxOrFeeResponse[] }>('GET', '/api/taxes-and-fees');
    const vat = stored.data.find((item) => item.name === 'VAT');
    const fee = stored.data.find((item) => item.name === 'Service fee');
    expect(vat).toMatchObject({
      type: 'TAX',
      calculation_type: 'PERCENTAGE',
      rate: '23.5',
      is_default: true,
    });
    expect(fee).toMatchObject({ type: 'FEE', calculation_type: 'FIXED', rate: '150', is_default: false });

    // A new ticket takes the default tax; deleting the tax says it was taken off that ticket.
    const ticket = await session.api<TicketResponse>('POST', `/api/events/${session.eventId}/tickets`, {
      title: 'General admission',
      type: 'PAID',
      price: 2500,
    });
    expect(ticket.tax_and_fee_ids).toEqual([vat?.id]);
    await waitForToastsToClose(page);
    await page.getByRole('button', { name: 'Actions for VAT' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    dialog = page.getByRole('dialog', { name: 'Delete VAT?' });
    await expectAccessible(page, 'tax-delete');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Deleted. It was removed from 1 ticket.').waitFor();
    await vatRow.waitFor({ state: 'detached' });
    const after = await session.api<{ data: TaxOrFeeResponse[] }>('GET', '/api/taxes-and-fees');
    expect(after.data.map((item) => item.name)).toEqual(['Service fee']);

    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('lets an organizer create, find, link and delete promo codes', async () => {
    const session = await organizerSession(browser);
    const { page, context, errors } = session;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const eventId = session.eventId;
    const ticket = await session.api<TicketResponse>('POST', `/api/events/${eventId}/tickets`, {
      title: 'Early bird',
      type: 'PAID',
      price: 2000,
    });
    await session.api('POST', `/api/events/${eventId}/tickets`, {
      title: 'Backstage',
      type: 'PAID',
      price: 9000,
    });

    await page.goto(`/manage/event/${eventId}`);
    await page
      .getByRole('navigation', { name: 'Event pages' })
      .getByRole('link', { name: 'Promo codes' })
      .click();
    await page.waitForURL(`**/manage/event/${eventId}/promo-codes`);
    await page.getByRole('heading', { name: 'No promo codes yet' }).waitFor();
    await expectAccessible(page, 'promo-empty');

    // 15 % off the early-bird ticket, ten uses, until an evening on the event's clock.
    await page.getByRole('button', { name: 'Add a promo code' }).first().click();
    let dialog = page.getByRole('dialog', { name: 'Add a promo code' });
    await dialog.getByLabel('Code').pressSequentially('summer-15');
    await expectValue(dialog.getByLabel('Code')).toBe('SUMMER-15');
    await dialog.getByLabel('Percentage off each ticket').fill('15');
    await dialog.getByLabel('Expires').fill('2030-06-01T19:00');
    await dialog.getByLabel('Usage limit').fill('10');
    await dialog.getByLabel('Applies to').click();
    await page.getByRole('option', { name: 'Early bird' }).click();
    // Close the list by clicking elsewhere in the dialog.
    await dialog.getByRole('heading', { name: 'Add a promo code' }).click();
    await page.getByRole('option', { name: 'Backstage' }).waitFor({ state: 'hidden' });
    await expectAccessible(page, 'promo-modal');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Promo code SUMMER-15 has been added.').waitFor();
    const summer = page.getByTestId('promo-code-row').filter({ hasText: 'SUMMER-15' });
    await summer.getByText('15 %').waitFor();
    await summer.getByText('0 / 0 / 10').waitFor();
    await summer.getByText('Early bird').waitFor();
    await summer.getByText('Sat, Jun 1, 2030, 7:00 PM').waitFor();
    await summer.getByText('Active').waitFor();

    // The same code again, in another case: the API's translated answer, on the field.
    await page.getByRole('button', { name: 'Add a promo code' }).click();
    dialog = page.getByRole('dialog', { name: 'Add a promo code' });
    await dialog.getByLabel('Code').fill('Summer-15');
    await dialog.getByLabel('Percentage off each ticket').fill('5');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    const codeField = dialog.getByLabel('Code');
    await dialog.getByText('This event already has this code.').waitFor();
    await expectAttribute(codeField, 'aria-invalid').toBe('true');
    await expectAccessible(page, 'promo-duplicate');

    // A code without discount: it only unlocks hidden tickets.
    await codeField.fill('vip-access');
    await dialog.getByRole('radio', { name: 'No discount' }).check();
    await dialog.getByLabel('Percentage off each ticket').waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Promo code VIP-ACCESS has been added.').waitFor();
    const vip = page.getByTestId('promo-code-row').filter({ hasText: 'VIP-ACCESS' });
    await vip.getByText('No discount — unlocks hidden tickets').waitFor();
    await vip.getByText('0 / 0 / ∞').waitFor();
    await vip.getByText('All tickets').waitFor();
    await vip.getByText('Never').waitFor();
    await expectAccessible(page, 'promo-list');

    // Search by code, in any case.
    await page.getByRole('searchbox', { name: 'Search' }).fill('vip');
    await summer.waitFor({ state: 'detached' });
    await vip.waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('nothing-like-it');
    await page.getByRole('heading', { name: 'No promo code matches' }).waitFor();
    await page.getByRole('button', { name: 'Clear the search' }).click();
    await summer.waitFor();

    // The link to the public page with the code applied.
    const event = await session.api<{ slug: string }>('GET', `/api/events/${eventId}`);
    await page.getByRole('button', { name: 'Copy the link with SUMMER-15' }).click();
    const link = `/event/${eventId}/${event.slug}?promo_code=SUMMER-15`;
    await page.getByText(link, { exact: false }).first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      new RegExp(`^https?://[^/]+${link.replace(/[?]/g, '\\?')}$`),
    );

    await waitForToastsToClose(page);

    // Delete the unlock code.
    await page.getByRole('button', { name: 'Actions for VIP-ACCESS' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    dialog = page.getByRole('dialog', { name: 'Delete promo code VIP-ACCESS?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Promo code VIP-ACCESS has been deleted.').waitFor();
    await vip.waitFor({ state: 'detached' });

    const stored = await session.api<{ data: PromoCodeResponse[] }>(
      'GET',
      `/api/events/${eventId}/promo-codes`,
    );
    expect(stored.data).toHaveLength(1);
    expect(stored.data[0]).toMatchObject({
      code: 'SUMMER-15',
      discount_type: 'PERCENTAGE',
      discount: '15',
      max_allowed_usages: 10,
      times_used: 0,
      applicable_ticket_ids: [ticket.id],
      expiry_date: '2030-06-01T18:00:00.000Z',
    });

    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});
