import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketResponse } from '../common/tickets';
import { accessibilityCheck, launchBrowser } from './browser';
import { expectCount, expectEventually, expectInnerText } from './expect';
import { type OrganizerSession, organizerSession } from './session';

// The organizer's ticket screens (/manage/event/{id}/tickets): one ticket of each type
// made through the form, prices shown in the event currency and stored in minor units, the
// order changed and kept, a ticket edited, paused, a refused form, a ticket deleted.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheck('tickets');

const rows = (page: Page) => page.getByTestId('ticket-row');
const row = (page: Page, title: string) => rows(page).filter({ hasText: title });

async function rowTitles(page: Page): Promise<string[]> {
  return page.getByTestId('ticket-title').allInnerTexts();
}

/** Opens the create dialog, chooses the type and fills the title; the caller fills the rest. */
async function startTicket(page: Page, type: RegExp, title: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Create a ticket' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create a ticket' });
  await dialog.waitFor();
  await dialog.getByRole('radio', { name: type }).click();
  await dialog.getByLabel('Title').fill(title);
  return dialog;
}

async function save(page: Page, dialog: Locator, title: string): Promise<void> {
  await dialog.getByRole('button', { name: /^(Create|Save) ticket$/ }).click();
  await dialog.waitFor({ state: 'detached' });
  await row(page, title).waitFor();
}

async function sortedIds(session: OrganizerSession): Promise<string[]> {
  const list = await session.api<{ data: TicketResponse[] }>('GET', `/api/events/${session.eventId}/tickets`);
  return list.data.map((ticket) => ticket.title);
}

describe('tickets', () => {
  it('creates one ticket of each type, reorders, edits, pauses and deletes them', async () => {
    const session = await organizerSession(browser);
    const { page, errors } = session;
    const base = `/manage/event/${session.eventId}`;

    // The event's navigation leads to the tickets; none yet.
    await page.goto(base);
    await page.getByRole('link', { name: 'Tickets' }).click();
    await page.waitForURL(`**${base}/tickets`);
    await page.getByRole('heading', { name: 'No tickets yet' }).waitFor();
    await expectAccessible(page, 'empty');

    // FREE
    let dialog = await startTicket(page, /^Free/, 'Community pass');
    await expectAccessible(page, 'form-free');
    await save(page, dialog, 'Community pass');

    // PAID, 25.00 EUR
    dialog = await startTicket(page, /^Paid/, 'General admission');
    await dialog.getByLabel('Price').fill('25.00');
    await save(page, dialog, 'General admission');

    // DONATION, at least 5.00
    dialog = await startTicket(page, /^Donation/, 'Supporter');
    await dialog.getByLabel('Minimum price').fill('5');
    await save(page, dialog, 'Supporter');

    // TIERED, two tiers
    dialog = await startTicket(page, /^Tiered/, 'Festival pass');
    const first = dialog.getByRole('group', { name: 'Tier 1' });
    const second = dialog.getByRole('group', { name: 'Tier 2' });
    await first.getByLabel('Label').fill('Early bird');
    await first.getByLabel('Price').fill('15');
    await first.getByLabel('Quantity available').fill('50');
    await second.getByLabel('Label').fill('Regular');
    await second.getByLabel('Price').fill('30.50');
    await expectAccessible(page, 'form-tiered');
    await save(page, dialog, 'Festival pass');

    // The list, in the event currency.
    await expectEventually(() => rowTitles(page)).toEqual([
      'Community pass',
      'General admission',
      'Supporter',
      'Festival pass',
    ]);
    const price = (title: string) => row(page, title).getByTestId('ticket-price');
    await expectInnerText(price('Community pass')).toBe('Free');
    await expectInnerText(price('General admission')).toBe('€25.00');
    await expectInnerText(price('Supporter')).toBe('From €5.00');
    await expectInnerText(price('Festival pass')).toBe('€15.00 – €30.50');
    await row(page, 'Festival pass').getByText('Early bird: €15.00 · Regular: €30.50').waitFor();
    await row(page, 'General admission').getByText('On sale').waitFor();
    await row(page, 'General admission').getByText('0 sold').waitFor();
    await row(page, 'General admission').getByText('Unlimited').waitFor();
    await expectAccessible(page, 'list');

    // Stored in minor units.
    const stored = await session.api<{ data: TicketResponse[] }>(
      'GET',
      `/api/events/${session.eventId}/tickets`,
    );
    const byTitle = new Map(stored.data.map((ticket) => [ticket.title, ticket]));
    expect(byTitle.get('Community pass')?.type).toBe('FREE');
    expect(byTitle.get('General admission')).toMatchObject({ type: 'PAID', price: 2500 });
    expect(byTitle.get('Supporter')).toMatchObject({ type: 'DONATION', price: 500 });
    expect(
      byTitle.get('Festival pass')?.prices.map((tier) => [tier.label, tier.price, tier.quantity_available]),
    ).toEqual([
      ['Early bird', 1500, 50],
      ['Regular', 3050, null],
    ]);

    // Reorder with the buttons (the keyboard way), then by dragging; the order is saved.
    const sorted = () => page.waitForResponse((r) => r.url().endsWith('/tickets/sort') && r.ok());
    let answered = sorted();
    await page.getByRole('button', { name: 'Move Community pass down' }).click();
    await answered;
    await expectEventually(() => rowTitles(page)).toEqual([
      'General admission',
      'Community pass',
      'Supporter',
      'Festival pass',
    ]);
    answered = sorted();
    await row(page, 'Festival pass').dragTo(row(page, 'General admission'));
    await answered;
    await page.reload();
    await row(page, 'Festival pass').waitFor();
    await expectEventually(() => rowTitles(page)).toEqual([
      'Festival pass',
      'General admission',
      'Community pass',
      'Supporter',
    ]);
    expect(await sortedIds(session)).toEqual([
      'Festival pass',
      'General admission',
      'Community pass',
      'Supporter',
    ]);

    // A search turns reordering off, and says why.
    await page.getByLabel('Search').fill('pass');
    await page.getByText('Reordering is off while a search or filter is active.', { exact: false }).waitFor();
    await expectEventually(() => rowTitles(page)).toEqual(['Festival pass', 'Community pass']);
    await expectCount(page.getByRole('button', { name: /^Move / })).toBe(0);
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await row(page, 'Supporter').waitFor();

    // Edit: a new title and price.
    await page.getByRole('button', { name: 'Actions for General admission' }).click();
    await page
      .getByRole('menu', { name: 'Actions for General admission' })
      .getByRole('menuitem', { name: 'Edit' })
      .click();
    dialog = page.getByRole('dialog', { name: 'Edit ticket' });
    await expect.poll(() => dialog.getByLabel('Price').inputValue()).toBe('25.00');
    await dialog.getByLabel('Title').fill('Standing');
    await dialog.getByLabel('Price').fill('27.5');
    await save(page, dialog, 'Standing');
    await expectInnerText(price('Standing')).toBe('€27.50');

    // A form the schema refuses: more per order at least than at most.
    await page.getByRole('button', { name: 'Actions for Standing' }).click();
    await page
      .getByRole('menu', { name: 'Actions for Standing' })
      .getByRole('menuitem', { name: 'Edit' })
      .click();
    dialog = page.getByRole('dialog', { name: 'Edit ticket' });
    // Prices are read as typed, in euros: a cent too fine, or above the largest price, says so.
    await dialog.getByLabel('Price').fill('27.505');
    await dialog.getByRole('button', { name: 'Save ticket' }).click();
    await dialog.getByText('Enter an amount such as 25.00.').waitFor();
    await dialog.getByLabel('Price').fill('1000000.01');
    await dialog.getByRole('button', { name: 'Save ticket' }).click();
    await dialog.getByText('At most €1,000,000.00.').waitFor();
    await dialog.getByLabel('Price').fill('27.50');
    await dialog.getByLabel('Minimum per order').fill('5');
    await dialog.getByLabel('Maximum per order').fill('2');
    await dialog.getByRole('button', { name: 'Save ticket' }).click();
    await dialog.getByText('The maximum cannot be lower than the minimum.').waitFor();
    await expect.poll(() => dialog.getByLabel('Maximum per order').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'form-invalid');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Pause sales from the row.
    await page.getByRole('button', { name: 'Actions for Supporter' }).click();
    await page
      .getByRole('menu', { name: 'Actions for Supporter' })
      .getByRole('menuitem', { name: 'Pause sales' })
      .click();
    await row(page, 'Supporter').getByText('Paused').waitFor();

    // Delete, after asking.
    await page.getByRole('button', { name: 'Actions for Community pass' }).click();
    await page
      .getByRole('menu', { name: 'Actions for Community pass' })
      .getByRole('menuitem', { name: 'Delete' })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete Community pass?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row(page, 'Community pass').waitFor({ state: 'detached' });
    expect(await sortedIds(session)).toEqual(['Festival pass', 'Standing', 'Supporter']);

    expect(errors).toEqual([]);
    await session.context.close();
  });
});
