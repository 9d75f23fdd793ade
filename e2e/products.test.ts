import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryResponse } from '../common/categories';
import type { ImageResponse } from '../common/images';
import type { TicketResponse } from '../common/tickets';
import { accessibilityCheck, launchBrowser, openPage, screenshot } from './browser';
import { expectEventually, expectInnerText, expectValue } from './expect';
import { plainPngFile } from './pictures';
import { organizerSession } from './session';

// The organizer's products screen (/manage/event/{id}/products, decision 051): categories made
// and ordered by keyboard, a T-shirt in four sizes listed under its heading with its stock, a
// variant's stock changed and a picture uploaded, the product duplicated and the copy deleted; the tickets screen
// shows tickets only; the screen in German.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheck('products');

const row = (page: Page, title: string) =>
  page
    .getByTestId('ticket-row')
    .filter({ has: page.getByTestId('ticket-title').getByText(title, { exact: true }) });

async function addCategory(dialog: Locator, name: string): Promise<void> {
  await dialog.getByRole('button', { name: 'Add a category' }).click();
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByRole('button', { name: 'Add category' }).click();
  await dialog.getByTestId('category-row').filter({ hasText: name }).waitFor();
}

async function openActions(page: Page, title: string, item: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${title}`, exact: true }).click();
  // The menu of this row: another row's may still be closing.
  await page
    .getByRole('menu', { name: `Actions for ${title}` })
    .getByRole('menuitem', { name: item })
    .click();
}

describe('products', () => {
  it('creates a category and a T-shirt in four sizes, edits, duplicates and deletes', async () => {
    const session = await organizerSession(browser);
    const { page, errors } = session;
    const base = `/manage/event/${session.eventId}`;
    const items = async () =>
      (await session.api<{ data: TicketResponse[] }>('GET', `/api/events/${session.eventId}/tickets`)).data;
    await session.api('POST', `/api/events/${session.eventId}/tickets`, {
      title: 'General admission',
      type: 'FREE',
    });

    // The side navigation leads to the products, right after the tickets; none yet.
    await page.goto(`${base}/tickets`);
    await row(page, 'General admission').waitFor();
    const links = await page
      .getByRole('navigation', { name: 'Event pages' })
      .getByRole('link')
      .allInnerTexts();
    expect(links.indexOf('Products')).toBe(links.indexOf('Tickets') + 1);
    await page.getByRole('link', { name: 'Products' }).click();
    await page.waitForURL(`**${base}/products`);
    await page.getByRole('heading', { name: 'No products yet' }).waitFor();
    await expectAccessible(page, 'empty');

    // Categories: two added, the second moved up by keyboard, the order saved.
    await page.getByRole('button', { name: 'Categories' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByText('No categories yet').waitFor();
    await addCategory(dialog, 'Food');
    await addCategory(dialog, 'Merchandise');
    await expectAccessible(page, 'categories');
    const sorted = page.waitForResponse((r) => r.url().endsWith('/categories/sort') && r.ok());
    await dialog.getByRole('button', { name: 'Move Merchandise up' }).focus();
    await page.keyboard.press('Enter');
    await sorted;
    await expectEventually(() => dialog.getByTestId('category-row').allInnerTexts()).toEqual([
      expect.stringContaining('Merchandise'),
      expect.stringContaining('Food'),
    ]);
    const categories = await session.api<{ data: CategoryResponse[] }>(
      'GET',
      `/api/events/${session.eventId}/categories`,
    );
    expect(categories.data.map((c) => c.name)).toEqual(['Merchandise', 'Food']);
    const merchandise = categories.data[0];
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // A T-shirt with four sizes, 10 of each; a new variant starts at the product's price.
    await page.getByRole('button', { name: 'Create a product' }).first().click();
    dialog = page.getByRole('dialog', { name: 'Create a product' });
    await dialog.getByRole('radio', { name: /^Variants/ }).click();
    await dialog.getByLabel('Title').fill('T-shirt');
    await dialog
      .getByRole('textbox', { name: 'Category', exact: true })
      .or(dialog.getByRole('combobox', { name: 'Category', exact: true }))
      .first()
      .click();
    await page.getByRole('option', { name: 'Merchandise' }).click();
    await dialog.getByLabel('Price of new variants').fill('20');
    const sizes = ['S', 'M', 'L', 'XL'];
    for (const [index, size] of sizes.entries()) {
      const group = dialog.getByRole('group', { name: `Variant ${index + 1}` });
      if (index > 0) {
        await dialog.getByRole('button', { name: 'Add a variant' }).click();
        await expectValue(group.getByLabel('Price')).toBe('20');
      } else {
        await group.getByLabel('Price').fill('20');
      }
      await group.getByLabel(/^Name/).fill(size);
      await group.getByLabel('Stock').fill('10');
    }
    await dialog.getByLabel('Redeemable: each unit gets a code scanned once at the door').check();
    await expectAccessible(page, 'form');
    await dialog.getByRole('button', { name: 'Create product' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Listed under its heading, with its price, stock left and sold.
    const section = page.getByRole('region', { name: 'Merchandise' });
    const tshirt = section.getByTestId('ticket-row').filter({ hasText: 'T-shirt' });
    await tshirt.waitFor();
    await expectEventually(() => page.getByTestId('category-heading').allInnerTexts()).toEqual([
      'Merchandise',
      'Food',
    ]);
    await expectInnerText(tshirt.getByTestId('ticket-price')).toBe('€20.00');
    await expectInnerText(tshirt.getByTestId('ticket-left')).toBe('40 left');
    await tshirt.getByText('0 sold').waitFor();
    await expectInnerText(tshirt.getByTestId('ticket-tiers')).toBe(
      'S: €20.00, 10 left · M: €20.00, 10 left · L: €20.00, 10 left · XL: €20.00, 10 left',
    );
    let product = (await items()).find((item) => item.title === 'T-shirt');
    expect(product).toMatchObject({
      kind: 'PRODUCT',
      type: 'TIERED',
      category_id: merchandise?.id,
      redeemable: true,
    });
    expect(product?.prices.map((v) => [v.label, v.price, v.quantity_available])).toEqual(
      sizes.map((size) => [size, 2000, 10]),
    );
    await expectAccessible(page, 'list');

    // The tickets screen shows the ticket only.
    await page.getByRole('link', { name: 'Tickets' }).click();
    await row(page, 'General admission').waitFor();
    expect(await page.getByTestId('ticket-title').allInnerTexts()).toEqual(['General admission']);
    await page.getByRole('link', { name: 'Products' }).click();
    await tshirt.waitFor();

    // M's stock changed to 5.
    await openActions(page, 'T-shirt', 'Edit');
    dialog = page.getByRole('dialog', { name: 'Edit product' });
    // Its picture, uploaded from the form at once.
    const picturePath = await plainPngFile({ width: 600, height: 600, colour: '#2f6f4f' });
    await dialog.getByLabel('Picture of T-shirt', { exact: true }).setInputFiles(picturePath);
    await dialog.getByTestId('product-picture-preview').waitFor();
    await expectAccessible(page, 'product-picture');
    await dialog.getByRole('group', { name: 'Variant 2' }).getByLabel('Stock').fill('5');
    await dialog.getByRole('button', { name: 'Save product' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectInnerText(tshirt.getByTestId('ticket-left')).toBe('35 left');
    product = (await items()).find((item) => item.title === 'T-shirt');
    expect(product?.prices.map((v) => v.quantity_available)).toEqual([10, 5, 10, 10]);
    const images = await session.api<{ data: ImageResponse[] }>(
      'GET',
      `/api/events/${session.eventId}/images`,
    );
    expect(images.data.map((image) => [image.type, image.ticket_id, image.width])).toEqual([
      ['PRODUCT', product?.id, 600],
    ]);

    // Duplicated: same fields, new variants, "(copy)".
    await openActions(page, 'T-shirt', 'Duplicate');
    const copy = section.getByTestId('ticket-row').filter({ hasText: 'T-shirt (copy)' });
    await copy.waitFor();
    const copied = (await items()).find((item) => item.title === 'T-shirt (copy)');
    expect(copied).toMatchObject({ kind: 'PRODUCT', category_id: merchandise?.id, redeemable: true });
    expect(copied?.prices.map((v) => [v.label, v.quantity_available])).toEqual([
      ['S', 10],
      ['M', 5],
      ['L', 10],
      ['XL', 10],
    ]);
    expect(copied?.prices.map((v) => v.id)).not.toEqual(product?.prices.map((v) => v.id));

    // The copy moved above the original by keyboard; the ticket keeps its place in the order.
    const moved = page.waitForResponse((r) => r.url().endsWith('/tickets/sort') && r.ok());
    await page.getByRole('button', { name: 'Move T-shirt (copy) up' }).focus();
    await page.keyboard.press('Enter');
    await moved;
    await expectEventually(async () => (await items()).map((item) => item.title)).toEqual([
      'General admission',
      'T-shirt (copy)',
      'T-shirt',
    ]);

    // The copy deleted, after asking.
    await openActions(page, 'T-shirt (copy)', 'Delete');
    const confirm = page.getByRole('dialog', { name: 'Delete T-shirt (copy)?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'detached' });
    await copy.waitFor({ state: 'detached' });
    expect((await items()).map((item) => item.title)).toEqual(['General admission', 'T-shirt']);
    await screenshot(page, 'products-final');
    expect(errors).toEqual([]);

    // The same screen in German.
    const german = await openPage(browser, { locale: 'de-DE' });
    await german.context.addInitScript((value) => {
      localStorage.setItem('tessera_token', value);
    }, session.token);
    await german.page.goto(`${base}/products`);
    await german.page.getByRole('heading', { name: 'Produkte', level: 2 }).waitFor();
    await german.page.getByRole('button', { name: 'Produkt erstellen' }).waitFor();
    await expectInnerText(german.page.getByTestId('ticket-left')).toBe('35 übrig');
    await expectAccessible(german.page, 'german');
    expect(german.errors).toEqual([]);
    await german.context.close();
    await session.context.close();
  });
});
