import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketResponse } from '../common/tickets';
import { accessibilityCheck, launchBrowser, openPage, screenshot } from './browser';
import { expectChecked, expectEventually, expectInnerText, expectValue } from './expect';
import { organizerSession } from './session';

// The organizer's side of add-ons (issue 37): a lunch offered only with the Conference ticket,
// at most one per attendee, made in the product form; the list badges it and names the ticket;
// the form loads the rule again; pausing and duplicating keep it; a minimum above the maximum
// is refused on its field, in English and in German; with its tickets deleted, the list warns
// that it cannot be sold.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheck('addons-organizer');

const row = (page: Page, title: string) =>
  page
    .getByTestId('ticket-row')
    .filter({ has: page.getByTestId('ticket-title').getByText(title, { exact: true }) });

async function openActions(page: Page, title: string, item: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${title}`, exact: true }).click();
  // The menu of this row: another row's may still be closing.
  await page
    .getByRole('menu', { name: `Actions for ${title}` })
    .getByRole('menuitem', { name: item })
    .click();
}

/** A MultiSelect or Select by its label, whichever role this Mantine gives its input. */
const combobox = (dialog: Locator, name: string) =>
  dialog.getByRole('textbox', { name }).or(dialog.getByRole('combobox', { name })).first();

describe('add-ons, organizer side', () => {
  it('makes a lunch an add-on of one ticket, lists it, loads it again and keeps it', async () => {
    const session = await organizerSession(browser);
    const { page, errors } = session;
    const base = `/manage/event/${session.eventId}`;
    const items = async () =>
      (await session.api<{ data: TicketResponse[] }>('GET', `/api/events/${session.eventId}/tickets`)).data;
    const conference = await session.api<TicketResponse>('POST', `/api/events/${session.eventId}/tickets`, {
      title: 'Conference',
      type: 'FREE',
    });
    await session.api('POST', `/api/events/${session.eventId}/tickets`, { title: 'Workshop', type: 'FREE' });
    await session.api('POST', `/api/events/${session.eventId}/tickets`, {
      title: 'Tote bag',
      kind: 'PRODUCT',
      type: 'PAID',
      price: 800,
    });

    await page.goto(`${base}/products`);
    await row(page, 'Tote bag').waitFor();
    // A product sold on its own has no add-on line.
    expect(await row(page, 'Tote bag').getByTestId('ticket-addon').count()).toBe(0);

    // The lunch: the section is off at first, its fields appear with the switch.
    await page.getByRole('button', { name: 'Create a product' }).first().click();
    let dialog = page.getByRole('dialog', { name: 'Create a product' });
    await dialog.getByLabel('Title').fill('Lunch');
    await dialog.getByLabel(/^Price\s*\*?$/).fill('15');
    await dialog.getByRole('heading', { name: 'Sold as an add-on' }).waitFor();
    const addonSwitch = dialog.getByRole('switch', { name: 'Offer only as an add-on of tickets' });
    await expectChecked(addonSwitch).toBe(false);
    expect(await dialog.getByText('Minimum per ticket').count()).toBe(0);
    await addonSwitch.check();
    await dialog.getByText('It is not sold on its own.', { exact: false }).waitFor();

    // Saved without a ticket: the field says what is missing.
    await dialog.getByRole('button', { name: 'Create product' }).click();
    await dialog.getByText('Select at least one ticket.').waitFor();

    // The choices are the event's tickets, not its products.
    await combobox(dialog, 'Offered with').click();
    await page.getByRole('option', { name: 'Conference' }).waitFor();
    expect(await page.getByRole('option').allInnerTexts()).toEqual(['Conference', 'Workshop']);
    await page.getByRole('option', { name: 'Conference' }).click();
    await expectEventually(() => dialog.getByText('Select at least one ticket.').count()).toBe(0);

    // A minimum above the maximum is refused on the maximum.
    await dialog.getByLabel('Minimum per ticket').fill('3');
    await dialog.getByLabel('Maximum per ticket').fill('1');
    await dialog.getByRole('button', { name: 'Create product' }).click();
    await dialog.getByText('The maximum cannot be lower than the minimum.').waitFor();
    await expect
      .poll(() => dialog.getByLabel('Maximum per ticket').getAttribute('aria-invalid'))
      .toBe('true');
    await expectAccessible(page, 'form-error');

    // At most one lunch per Conference ticket, none required.
    await dialog.getByLabel('Minimum per ticket').fill('0');
    await expectAccessible(page, 'form');
    await dialog.getByRole('button', { name: 'Create product' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Listed with its badge and the ticket it goes with.
    const lunch = row(page, 'Lunch');
    await lunch.waitFor();
    await lunch.getByText('Add-on', { exact: true }).waitFor();
    await expectInnerText(lunch.getByTestId('ticket-addon')).toBe(
      'Add-on of Conference · Up to 1 per ticket',
    );
    let product = (await items()).find((item) => item.title === 'Lunch');
    expect(product).toMatchObject({
      kind: 'PRODUCT',
      addon: { ticket_ids: [conference.id], min_per_ticket: 0, max_per_ticket: 1 },
    });
    await expectAccessible(page, 'list');

    // The form loads the rule again; one more ticket, up to two each.
    await openActions(page, 'Lunch', 'Edit');
    dialog = page.getByRole('dialog', { name: 'Edit product' });
    await expectChecked(dialog.getByRole('switch', { name: 'Offer only as an add-on of tickets' })).toBe(
      true,
    );
    await dialog.getByText('Conference', { exact: true }).waitFor();
    await expectValue(dialog.getByLabel('Minimum per ticket')).toBe('0');
    await expectValue(dialog.getByLabel('Maximum per ticket')).toBe('1');
    await combobox(dialog, 'Offered with').click();
    await page.getByRole('option', { name: 'Workshop' }).click();
    await dialog.getByLabel('Maximum per ticket').fill('2');
    await dialog.getByRole('button', { name: 'Save product' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectInnerText(lunch.getByTestId('ticket-addon')).toBe(
      'Add-on of Conference and Workshop · Up to 2 per ticket',
    );

    // Pausing sends the whole product: the rule stays. A duplicate has it too.
    await openActions(page, 'Lunch', 'Pause sales');
    await lunch.getByText('Paused').waitFor();
    product = (await items()).find((item) => item.title === 'Lunch');
    expect(product?.addon).toEqual({
      ticket_ids: expect.arrayContaining([conference.id, expect.any(Number)]),
      min_per_ticket: 0,
      max_per_ticket: 2,
    });
    await openActions(page, 'Lunch', 'Duplicate');
    const copy = row(page, 'Lunch (copy)');
    await copy.waitFor();
    await copy.getByText('Add-on', { exact: true }).waitFor();
    const copied = (await items()).find((item) => item.title === 'Lunch (copy)');
    expect(copied?.addon).toEqual(product?.addon);
    await screenshot(page, 'addons-organizer-list');
    expect(errors).toEqual([]);

    // In German: the badge, the line, and the field error of a minimum above the maximum.
    const german = await openPage(browser, { locale: 'de-DE' });
    await german.context.addInitScript((value) => {
      localStorage.setItem('tessera_token', value);
    }, session.token);
    await german.page.goto(`${base}/products`);
    const germanLunch = row(german.page, 'Lunch');
    await germanLunch.waitFor();
    await germanLunch.getByText('Extra', { exact: true }).waitFor();
    await expectInnerText(germanLunch.getByTestId('ticket-addon')).toBe(
      'Extra zu Conference und Workshop · Bis zu 2 pro Ticket',
    );
    await german.page.getByRole('button', { name: 'Aktionen für Lunch', exact: true }).click();
    await german.page.getByRole('menuitem', { name: 'Bearbeiten' }).click();
    dialog = german.page.getByRole('dialog', { name: 'Produkt bearbeiten' });
    await dialog.getByRole('heading', { name: 'Als Extra verkauft' }).waitFor();
    await dialog.getByLabel('Mindestens pro Ticket').fill('3');
    await dialog.getByRole('button', { name: 'Produkt speichern' }).click();
    await dialog.getByText('Das Maximum darf nicht kleiner als das Minimum sein.').waitFor();
    await expectAccessible(german.page, 'german-form-error');
    expect(german.errors).toEqual([]);
    await german.context.close();

    // Its tickets deleted, the add-on cannot be sold: the list says so.
    for (const ticket of (await items()).filter((item) => item.kind === 'TICKET'))
      await session.api('DELETE', `/api/events/${session.eventId}/tickets/${ticket.id}`);
    await page.reload();
    await expectInnerText(row(page, 'Lunch').getByTestId('ticket-addon')).toBe(
      'Add-on of no ticket any more: buyers cannot get it. Edit it to choose its tickets.',
    );
    await expectAccessible(page, 'orphan');
    await session.context.close();
  });
});
