import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../server/test/pdf';
import { accessibilityCheck, launchBrowser, openPage, screenshot } from './browser';
import { expectChecked, expectCount, expectEventually, expectInnerText, expectText, focusIn } from './expect';
import { writeQrVideo } from './fake-camera';
import { waitForMail } from './mailbox';
import { apiCall, organizerSession } from './session';

// Issue 37, the buyer's side of add-ons (decision 052): a Conference ticket, a T-shirt in four
// sizes and a redeemable Meal offered only as an add-on of the Conference ticket, one at most per
// attendee. The buyer picks two Conference tickets, a meal for the first attendee only and a
// T-shirt in M, names the attendees, and finds the meal "for" the first one in the order and
// the mail; at the door the meal's voucher is scanned once. Then a pay-what-you-want add-on:
// each attendee gives what they want, at least its minimum, within its limits per order.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheck('addons-buyer');

describe('add-ons on the buyer’s side', () => {
  it('offers them per attendee, not on their own, and names whom each is for', async () => {
    const session = await organizerSession(browser, {
      confirmEmail: true,
      eventTitle: `Harbour Summit ${Date.now()}`,
      eventSettings: { offline_payments_enabled: true },
    });
    const { api, eventId } = session;
    const conference = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'Conference',
      type: 'PAID',
      price: 10000,
      tax_and_fee_ids: [],
    });
    await api('POST', `/api/events/${eventId}/tickets`, {
      kind: 'PRODUCT',
      title: 'T-shirt',
      type: 'TIERED',
      prices: ['S', 'M', 'L', 'XL'].map((label) => ({ label, price: 2000, quantity_available: 20 })),
      tax_and_fee_ids: [],
    });
    const meal = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      kind: 'PRODUCT',
      redeemable: true,
      title: 'Meal',
      type: 'PAID',
      price: 1500,
      addon: { ticket_ids: [conference.id], max_per_ticket: 1 },
      tax_and_fee_ids: [],
    });
    await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
    const event = await api<{ slug: string }>('GET', `/api/events/${eventId}`);

    const buyer = await openPage(browser);
    const { page } = buyer;
    await page.goto(`/e/${eventId}/${event.slug}`);
    const section = page.getByRole('region', { name: 'Tickets' });
    await section.getByRole('heading', { level: 3, name: 'T-shirt' }).waitFor();
    // The meal is no item of its own: only the ticket and the T-shirt are listed.
    await expectCount(section.getByTestId('public-ticket')).toBe(2);
    await expectCount(section.getByRole('heading', { name: 'Meal' })).toBe(0);
    await expectCount(section.getByTestId('addon-seats')).toBe(0);

    // Picked with the keyboard, as any other line.
    const press = async (name: string, times = 1) => {
      const more = section.getByRole('button', { name: `More ${name}`, exact: true });
      await more.focus();
      await focusIn(more);
      for (let n = 0; n < times; n += 1) await page.keyboard.press('Enter');
    };
    await press('Conference', 2);
    // Each attendee picked gets the meal to tick, in a group named after them.
    const seats = section.getByTestId('addon-seat');
    await expectCount(seats).toBe(2);
    const first = section.getByRole('group', { name: 'Attendee 1 (Conference)' });
    const second = section.getByRole('group', { name: 'Attendee 2 (Conference)' });
    const firstMeal = first.getByRole('checkbox', { name: /^Meal/ });
    await expectInnerText(first.getByTestId('addon-choice')).toBe('Meal · €15.00');
    await firstMeal.focus();
    await page.keyboard.press('Space');
    await expectChecked(firstMeal).toBe(true);
    await expectChecked(second.getByRole('checkbox', { name: /^Meal/ })).toBe(false);
    await press('T-shirt – M');
    await expectInnerText(page.getByTestId('checkout-button')).toBe('Check out (4)');
    await expectAccessible(page, 'event-page');
    await screenshot(page, 'addons-buyer-picked');

    // Lowering the quantity drops the second attendee's add-ons; the first keeps the meal.
    await section.getByRole('button', { name: 'Fewer Conference', exact: true }).click();
    await expectCount(seats).toBe(1);
    await press('Conference');
    await expectCount(seats).toBe(2);
    await expectChecked(firstMeal).toBe(true);
    await expectChecked(second.getByRole('checkbox', { name: /^Meal/ })).toBe(false);

    await page.getByTestId('checkout-button').click();
    await page.waitForURL('**/details');

    // Two attendees to name; the first one's form says the meal is theirs.
    const forms = page.getByTestId('attendee-form');
    await expectCount(forms).toBe(2);
    await expectInnerText(forms.first().getByTestId('attendee-addons')).toBe('With: Meal');
    await expectCount(forms.nth(1).getByTestId('attendee-addons')).toBe(0);
    const sidebar = page.getByRole('complementary', { name: 'Order summary' });
    const labels = sidebar.getByTestId('breakdown-label');
    await expectCount(labels).toBe(3);
    const lines = ['1 × Meal', '1 × T-shirt – M', '2 × Conference'];
    expect((await labels.allInnerTexts()).sort()).toEqual(lines);
    const mealRow = sidebar.getByTestId('breakdown-row').filter({ hasText: 'Meal' });
    await expectInnerText(mealRow.getByTestId('breakdown-detail')).toBe('for attendee 1');
    await expect(sidebar.getByTestId('order-total').innerText()).resolves.toContain('€235.00');
    await expectAccessible(page, 'details');
    await screenshot(page, 'addons-buyer-details');

    const email = `addons.${Date.now()}@example.com`;
    await page.getByLabel('First name').first().fill('Rita');
    await page.getByLabel('Last name').first().fill('Lima');
    await page.getByLabel('E-mail').first().fill(email);
    await page.getByRole('button', { name: 'Copy my details' }).click();
    await forms.nth(1).getByLabel('First name').fill('Bruno');
    await forms.nth(1).getByLabel('Last name').fill('Lima');
    await forms.nth(1).getByLabel('E-mail').fill(`bruno.${email}`);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL('**/payment');
    await page.getByTestId('place-order').click();
    await page.waitForURL('**/summary');
    const shortId = new URL(page.url()).pathname.split('/')[3] ?? '';
    await page.getByTestId('order-status').getByText('Awaiting payment').waitFor();

    // Once named, the meal is for Rita.
    await expectInnerText(mealRow.getByTestId('breakdown-detail')).toBe('for Rita Lima');
    await expectAccessible(page, 'summary');
    const reference = await page.getByTestId('order-reference').innerText();

    // The order page: every line, the meal for Rita.
    await page.getByRole('link', { name: 'Print order' }).click();
    await page.getByRole('heading', { level: 1, name: `Order ${reference}` }).waitFor();
    const main = page.locator('main');
    expect((await main.getByTestId('breakdown-label').allInnerTexts()).sort()).toEqual(lines);
    await expectInnerText(
      main.getByTestId('breakdown-row').filter({ hasText: 'Meal' }).getByTestId('breakdown-detail'),
    ).toBe('for Rita Lima');
    // Rita's ticket lists her meal; Bruno's lists nothing more.
    await expectInnerText(main.getByTestId('ticket-addons')).toBe('ADD-ONS\n\nMeal');
    await expectAccessible(page, 'print');
    await screenshot(page, 'addons-buyer-order');

    // The confirmation e-mail lists the meal and the T-shirt.
    const mail = await waitForMail({ to: email, subject: /^Your order/ });
    expect(mail.text).toContain('1 × T-shirt – M: €20.00');
    expect(mail.text).toContain('1 × Meal');

    // The organizer marks it paid and sees M's stock down by one on the products screen.
    const [rita] = (
      await api<{ data: { id: number; order_id: number }[] }>(
        'GET',
        `/api/events/${eventId}/attendees?query=${encodeURIComponent(email)}`,
      )
    ).data;
    await api('POST', `/api/events/${eventId}/orders/${rita?.order_id}/mark-paid`);
    await session.page.goto(`/manage/event/${eventId}/products`);
    const shirtRow = session.page.getByTestId('ticket-row').filter({ hasText: 'T-shirt' });
    await shirtRow.getByText('M: €20.00, 19 left').waitFor();
    await shirtRow.getByText('S: €20.00, 20 left').waitFor();
    // The dashboard sells by item: the meal and the T-shirt beside the tickets.
    await session.page.goto(`/manage/event/${eventId}/dashboard`);
    const sales = session.page.getByTestId('item-sales-row');
    // Two people: the meal's voucher is no attendee of its own.
    await session.page
      .getByText('Attendees', { exact: true })
      .locator('..')
      .getByText('2', { exact: true })
      .waitFor();
    await expectCount(sales).toBe(3);
    expect((await sales.allInnerTexts()).map((row) => row.replace(/\s+/g, ' '))).toEqual([
      'Conference 2 €200.00',
      'T-shirt PRODUCT 1 €20.00',
      'Meal PRODUCT 1 €15.00',
    ]);
    await expectAccessible(session.page, 'dashboard');
    await screenshot(session.page, 'addons-buyer-dashboard');

    // The PDF prints the meal on Rita's ticket, and the meal's voucher in her name.
    const pdf = await page.request.get(`/api/public/events/${eventId}/orders/${shortId}/tickets.pdf`);
    expect(pdf.status()).toBe(200);
    const pages = await pdfText(await pdf.body());
    expect(pages).toHaveLength(3);
    expect(pages.filter((text) => /ADD-ONS\s+Meal/.test(text) && text.includes('Rita Lima'))).toHaveLength(1);
    expect(pages.filter((text) => text.includes('Bruno Lima'))[0]).not.toContain('ADD-ONS');

    // At the lunch hall, the staff open the list's shared link on a phone whose camera sees
    // Rita's meal voucher: let in once, then refused as already used (the code stays in view).
    const placed = await apiCall<{
      attendees: { ticket_id: number; ticket_code: string; first_name: string }[];
    }>('GET', `/api/public/events/${eventId}/orders/${shortId}`);
    const voucher = placed.attendees.find((a) => a.ticket_id === meal.id);
    expect(voucher?.first_name).toBe('Rita');
    await api('POST', `/api/events/${eventId}/check-in-lists`, { name: 'Lunch hall', ticket_ids: [meal.id] });
    await session.page.goto(`/manage/event/${eventId}/check-in`);
    const card = session.page.getByTestId('check-in-list').filter({ hasText: 'Lunch hall' });
    await card.getByRole('button', { name: 'Staff link' }).click();
    const link = await session.page.getByTestId('staff-link').textContent();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tessera-camera-'));
    const video = path.join(dir, 'voucher.y4m');
    await writeQrVideo(video, voucher?.ticket_code ?? '');
    const phone = await launchBrowser([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ]);
    try {
      const door = await openPage(phone);
      await door.context.grantPermissions(['camera']);
      await door.page.setViewportSize({ width: 390, height: 844 });
      await door.page.goto(new URL(link ?? '').pathname);
      const outcome = door.page.locator('[data-outcome]');
      await door.page.locator('[data-outcome="CHECKED_IN"]').waitFor({ timeout: 20_000 });
      await expectText(outcome).toContain('Rita Lima · Meal');
      await door.page.getByTestId('checked-in-count').getByText('1 / 1').waitFor();
      await door.page.locator('[data-outcome="ALREADY_CHECKED_IN"]').waitFor({ timeout: 20_000 });
      await expectText(outcome).toContain('Ticket already scanned at');
      await expectAccessible(door.page, 'voucher-scanned-twice');
      await screenshot(door.page, 'addons-buyer-voucher-scanned-twice');
      expect(door.errors).toEqual([]);
      await door.context.close();
    } finally {
      await phone.close();
    }
    expect(buyer.errors).toEqual([]);
    await buyer.context.close();
    await session.context.close();
  }, 120_000);

  it('lets each attendee pay what they want for an add-on, within its limits per order', async () => {
    const session = await organizerSession(browser, {
      confirmEmail: true,
      eventTitle: `Forest Days ${Date.now()}`,
      eventSettings: { offline_payments_enabled: true },
    });
    const { api, eventId } = session;
    const workshop = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'Workshop',
      type: 'PAID',
      price: 4000,
      tax_and_fee_ids: [],
    });
    // At least €5.00 a tree, two at most per attendee, three per order.
    await api('POST', `/api/events/${eventId}/tickets`, {
      kind: 'PRODUCT',
      title: 'Tree planting',
      type: 'DONATION',
      price: 500,
      max_per_order: 3,
      addon: { ticket_ids: [workshop.id], max_per_ticket: 2 },
      tax_and_fee_ids: [],
    });
    await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
    const event = await api<{ slug: string }>('GET', `/api/events/${eventId}`);
    await session.context.close();

    const buyer = await openPage(browser);
    const { page } = buyer;
    await page.goto(`/e/${eventId}/${event.slug}`);
    const section = page.getByRole('region', { name: 'Tickets' });
    const more = (name: string) => section.getByRole('button', { name: `More ${name}`, exact: true });
    await more('Workshop').click();
    await more('Workshop').click();
    const first = section.getByRole('group', { name: 'Attendee 1 (Workshop)' });
    const second = section.getByRole('group', { name: 'Attendee 2 (Workshop)' });
    await expectText(first.getByTestId('addon-choice')).toContain('Pay what you want, at least €5.00');
    await expectText(first.getByTestId('addon-choice')).toContain('Up to 2 per attendee · Up to 3 per order');
    await more('Tree planting for attendee 1').click();
    await more('Tree planting for attendee 1').click();
    await more('Tree planting for attendee 2').click();
    // Three in the order: the second attendee may have no more, though two per attendee are allowed.
    await expectEventually(() => more('Tree planting for attendee 2').isDisabled()).toBe(true);
    await expectInnerText(page.getByTestId('checkout-button')).toBe('Check out (5)');

    // Each attendee's amount: none typed is refused before anything is reserved, less than €5.00 too.
    const amount = (group: typeof first) => group.getByLabel('Tree planting: your amount per item (EUR)');
    await page.getByTestId('checkout-button').click();
    await first.getByText('Enter an amount.').waitFor();
    await second.getByText('Enter an amount.').waitFor();
    await amount(first).fill('3');
    await first.getByText('At least €5.00.').waitFor();
    await expectAccessible(page, 'donation-addon-errors');
    await amount(first).fill('12.50');
    await amount(second).fill('5');
    await expectCount(section.getByText(/^(Enter an amount|At least €5\.00)\.$/)).toBe(0);
    await screenshot(page, 'addons-buyer-donation');
    await page.getByTestId('checkout-button').click();
    await page.waitForURL('**/details');

    // €80.00 of workshops, two trees at €12.50 for the first attendee and one at €5.00 for the second.
    const sidebar = page.getByRole('complementary', { name: 'Order summary' });
    const rows = sidebar.getByTestId('breakdown-row').filter({ hasText: 'Tree planting' });
    await expectCount(rows).toBe(2);
    expect((await sidebar.getByTestId('breakdown-label').allInnerTexts()).sort()).toEqual([
      '1 × Tree planting',
      '2 × Tree planting',
      '2 × Workshop',
    ]);
    await expectText(rows.filter({ hasText: '2 × Tree planting' })).toContain('€25.00');
    await expectText(rows.filter({ hasText: '1 × Tree planting' })).toContain('€5.00');
    await expect(sidebar.getByTestId('order-total').innerText()).resolves.toContain('€110.00');
    expect(buyer.errors).toEqual([]);
    await buyer.context.close();
  }, 120_000);
});
