import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityCheck, baseUrl, launchBrowser, openPage, screenshot } from './browser';
import { expectCount, expectInnerText, focusIn } from './expect';
import { waitForMail } from './mailbox';
import { plainPng } from './pictures';
import { organizerSession } from './session';

// Issue 37, the buyer's side of products (decision 051): a ticket, a category "Merchandise"
// holding a T-shirt in four sizes (with its picture) and a redeemable drink voucher. The buyer
// picks two day passes, a T-shirt in M and a voucher, names only the two ticket holders, pays
// offline, and finds the T-shirt's size in the order and the mail, and the voucher as a ticket
// card of its own.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheck('products-buyer');

describe('products on the buyer’s side', () => {
  it('lists them under their category, asks holders for tickets only, and names the variant after purchase', async () => {
    const session = await organizerSession(browser, {
      confirmEmail: true,
      eventTitle: `Harbour Fest ${Date.now()}`,
      eventSettings: { offline_payments_enabled: true },
    });
    const { api, eventId } = session;
    await api('POST', `/api/events/${eventId}/tickets`, {
      title: 'Day pass',
      type: 'PAID',
      price: 3000,
      tax_and_fee_ids: [],
    });
    const merch = await api<{ id: number }>('POST', `/api/events/${eventId}/categories`, {
      name: 'Merchandise',
      description: 'Collect it at the merch stand.',
    });
    const tshirt = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      kind: 'PRODUCT',
      category_id: merch.id,
      title: 'T-shirt',
      type: 'TIERED',
      prices: ['S', 'M', 'L', 'XL'].map((label) => ({ label, price: 2000, quantity_available: 20 })),
      tax_and_fee_ids: [],
    });
    await api('POST', `/api/events/${eventId}/tickets`, {
      kind: 'PRODUCT',
      category_id: merch.id,
      redeemable: true,
      title: 'Drink voucher',
      type: 'PAID',
      price: 500,
      tax_and_fee_ids: [],
    });
    // The T-shirt's picture, uploaded as the product form uploads it.
    const picture = new FormData();
    picture.append('type', 'PRODUCT');
    picture.append('ticket_id', String(tshirt.id));
    const png = await plainPng({ width: 480, height: 600, colour: '#1d4e89' });
    picture.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'shirt.png');
    const uploaded = await fetch(new URL(`/api/events/${eventId}/images`, baseUrl()), {
      method: 'POST',
      headers: { Authorization: `Bearer ${session.token}` },
      body: picture,
    });
    expect(uploaded.status).toBe(201);
    await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
    const event = await api<{ slug: string }>('GET', `/api/events/${eventId}`);

    const buyer = await openPage(browser);
    const { page } = buyer;
    await page.goto(`/e/${eventId}/${event.slug}`);
    const section = page.getByRole('region', { name: 'Tickets' });
    const category = section.getByRole('region', { name: 'Merchandise' });
    await category.getByRole('heading', { level: 3, name: 'Merchandise' }).waitFor();
    await category.getByText('Collect it at the merch stand.').waitFor();
    // The day pass comes before the heading; the products are under it, their titles one level down.
    await expectCount(category.getByTestId('public-ticket')).toBe(2);
    await category.getByRole('heading', { level: 4, name: 'T-shirt' }).waitFor();
    await expectCount(section.getByRole('heading', { level: 3, name: 'Day pass' })).toBe(1);
    const shirt = category.getByTestId('public-ticket').filter({ hasText: 'T-shirt' });
    for (const size of ['S', 'M', 'L', 'XL'])
      await shirt.getByRole('group', { name: `Quantity of T-shirt – ${size}` }).waitFor();
    // The T-shirt shows its picture, loaded; the voucher has none.
    const shown = shirt.getByTestId('product-picture');
    await shown.scrollIntoViewIfNeeded();
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expectCount(category.getByTestId('product-picture')).toBe(1);
    await expectAccessible(page, 'event-page');

    // Picked with the keyboard: each "More" button is reached and pressed like any other.
    const press = async (name: string, times = 1) => {
      const more = section.getByRole('button', { name: `More ${name}`, exact: true });
      await more.focus();
      await focusIn(more);
      for (let n = 0; n < times; n += 1) await page.keyboard.press('Enter');
    };
    await press('Day pass', 2);
    await press('T-shirt – M');
    await press('Drink voucher');
    await expectInnerText(page.getByTestId('checkout-button')).toBe('Check out (4)');
    await screenshot(page, 'products-buyer-picked');
    await page.getByTestId('checkout-button').click();
    await page.waitForURL('**/details');

    // Two holders to name, for the two day passes; none for the products.
    await expectCount(page.getByTestId('attendee-form')).toBe(2);
    await expectInnerText(page.getByTestId('attendee-form').first().getByRole('heading')).toBe(
      'Ticket 1: Day pass',
    );
    const sidebar = page.getByRole('complementary', { name: 'Order summary' });
    const labels = sidebar.getByTestId('breakdown-label');
    await expectInnerText(labels.nth(1)).toBe('1 × T-shirt – M');
    expect(await labels.allInnerTexts()).toEqual(['2 × Day pass', '1 × T-shirt – M', '1 × Drink voucher']);
    await expectAccessible(page, 'details');
    const email = `products.${Date.now()}@example.com`;
    await page.getByLabel('First name').first().fill('Rita');
    await page.getByLabel('Last name').first().fill('Lima');
    await page.getByLabel('E-mail').first().fill(email);
    await page.getByRole('button', { name: 'Copy my details' }).click();
    const second = page.getByTestId('attendee-form').nth(1);
    await second.getByLabel('First name').fill('Bruno');
    await second.getByLabel('Last name').fill('Lima');
    await second.getByLabel('E-mail').fill(`bruno.${email}`);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL('**/payment');
    await page.getByTestId('place-order').click();
    await page.waitForURL('**/summary');
    await page.getByTestId('order-status').getByText('Awaiting payment').waitFor();

    // The order page: the T-shirt's line with its size; the voucher in the buyer's name.
    await expectInnerText(sidebar.getByTestId('breakdown-label').nth(1)).toBe('1 × T-shirt – M');
    const held = page.getByTestId('summary-ticket');
    await expectCount(held).toBe(3);
    expect(await held.allInnerTexts()).toEqual([
      expect.stringContaining('Rita Lima'),
      expect.stringContaining('Bruno Lima'),
      expect.stringMatching(/Rita Lima[\s\S]*Drink voucher/),
    ]);
    await expectAccessible(page, 'summary');
    const reference = await page.getByTestId('order-reference').innerText();

    // The print page: a ticket card per day pass and one for the voucher, none for the T-shirt.
    await page.getByRole('link', { name: 'Print order' }).click();
    await page.getByRole('heading', { level: 1, name: `Order ${reference}` }).waitFor();
    const main = page.locator('main');
    await expectInnerText(main.getByTestId('breakdown-label').nth(1)).toBe('1 × T-shirt – M');
    const cards = main.getByTestId('ticket-card');
    await expectCount(cards).toBe(3);
    await expect(cards.nth(2).innerText()).resolves.toMatch(/Drink voucher/);
    expect(await cards.filter({ hasText: 'T-shirt' }).count()).toBe(0);
    await expectAccessible(page, 'print');

    // The confirmation e-mail names the T-shirt and its size.
    const mail = await waitForMail({ to: email, subject: /^Your order/ });
    expect(mail.text).toContain('1 × T-shirt – M: €20.00');
    expect(mail.text).toContain('1 × Drink voucher: €5.00');
    expect(buyer.errors).toEqual([]);
    await buyer.context.close();
    await session.context.close();
  }, 120_000);
});
