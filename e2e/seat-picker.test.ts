import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutSeats, type RowLayout, SEATING_PLAN_FORMAT } from '../common/seating-plan';
import { accessibilityCheck, launchBrowser, openPage, screenshot } from './browser';
import { publish } from './checkout-steps';
import { expectAttribute, expectCount, expectEventually, expectInnerText } from './expect';
import { apiCall, organizerSession } from './session';

// Issue 42, the buyer's seat picker: an event with a plan of two sections (the stalls with a
// straight and a curved row and a wheelchair place, the balcony), each sold by its own ticket.
// A buyer on a desktop picks two seats side by side with the mouse and completes the order; a
// buyer on a phone picks one seat with the keyboard in the list view; another buyer's page shows
// those seats taken, and a seat taken after it loaded turns taken and leaves that buyer's choice.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheck('seat-picker');

const row = (key: string, label: string, layout: RowLayout) => ({
  key,
  label,
  kind: 'row' as const,
  layout,
  seats: layoutSeats(layout, (i) => `${key}-${i + 1}`).map((seat, i) => ({
    ...seat,
    wheelchair: key === 'A-1' && i === 0,
  })),
});
const line = (x: number, y: number, category: string, curve = 0): RowLayout => ({
  x,
  y,
  count: 8,
  spacing: 28,
  angle: 0,
  curve,
  numbering: 'ltr',
  start: 1,
  step: 1,
  prefix: '',
  category,
});

const plan = {
  format: SEATING_PLAN_FORMAT,
  version: 1,
  name: 'Harbour Hall',
  width: 400,
  height: 360,
  categories: [
    { key: 'stalls', name: 'Stalls', color: '#1c5d99' },
    { key: 'balcony', name: 'Balcony', color: '#ffd43b' },
  ],
  sections: [
    {
      key: 'A',
      name: 'Stalls',
      rows: [row('A-1', '1', line(102, 110, 'stalls')), row('A-2', '2', line(102, 170, 'stalls', -0.12))],
    },
    { key: 'B', name: 'Balcony', rows: [row('B-1', '1', line(102, 290, 'balcony'))] },
  ],
  shapes: [{ kind: 'stage', label: 'Stage', x: 100, y: 20, width: 200, height: 40 }],
};

const seat = (page: Page, key: string) => page.locator(`[data-seat="${key}"]`).first();

async function nameAttendees(page: Page, count: number) {
  const forms = page.getByTestId('attendee-form');
  await expectCount(forms).toBe(count);
  await page.getByLabel('First name').first().fill('Ana');
  await page.getByLabel('Last name').first().fill('Lima');
  await page.getByLabel('E-mail').first().fill(`ana.${Date.now()}@example.com`);
  for (let i = 0; i < count; i += 1) {
    const form = forms.nth(i);
    await form.getByLabel('First name').fill(`Guest${i + 1}`);
    await form.getByLabel('Last name').fill('Lima');
    await form.getByLabel('E-mail').fill(`guest${i + 1}.${Date.now()}@example.com`);
  }
}

describe('the seat picker', () => {
  it('sells seats picked on the plan by mouse and by keyboard, and shows others’ seats taken', async () => {
    const session = await organizerSession(browser, {
      confirmEmail: true,
      eventTitle: `Harbour Hall ${Date.now()}`,
    });
    const { api, eventId } = session;
    const stalls = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'Stalls',
      type: 'FREE',
      tax_and_fee_ids: [],
    });
    const balcony = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'Balcony',
      type: 'FREE',
      tax_and_fee_ids: [],
    });
    const saved = await api<{ id: number }>('POST', '/api/seating-plans', { plan });
    await api('PUT', `/api/events/${eventId}/seating`, {
      plan_id: saved.id,
      categories: [
        { category: 'stalls', ticket_id: stalls.id },
        { category: 'balcony', ticket_id: balcony.id },
      ],
    });
    const address = await publish(session);

    // Desktop, by mouse: two seats side by side in the first row of the stalls.
    const desktop = await openPage(browser);
    const { page } = desktop;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(address);
    const picker = page.getByTestId('seat-picker');
    await picker.waitFor();
    await expectCount(picker.getByTestId('seat-category')).toBe(2);
    // A seated ticket is bought by its seats: no quantity stepper.
    await expectCount(page.getByRole('button', { name: 'More Stalls', exact: true })).toBe(0);
    await expectAccessible(page, 'event-desktop');
    await seat(page, 'A-1-4').click();
    await seat(page, 'A-1-5').click();
    await expectAttribute(seat(page, 'A-1-4'), 'data-state').toBe('selected');
    await expectCount(picker.getByTestId('chosen-seat')).toBe(2);
    await expectInnerText(picker.getByTestId('chosen-seats')).toContain('Stalls, row 1, seat 4');
    await expectInnerText(page.getByTestId('checkout-button')).toBe('Check out (2)');
    await screenshot(page, 'seat-picker-desktop-picked');
    await page.getByTestId('checkout-button').click();
    await page.waitForURL('**/details');
    const seats = page.getByTestId('attendee-seat');
    await expectCount(seats).toBe(2);
    expect((await seats.allInnerTexts()).sort()).toEqual(['Stalls, row 1, seat 4', 'Stalls, row 1, seat 5']);
    await expectCount(page.getByTestId('order-seat')).toBe(2);
    await expectAccessible(page, 'details-desktop');
    await nameAttendees(page, 2);
    await page
      .getByRole('button', { name: /complete|continue|place/i })
      .last()
      .click();
    await page.waitForURL('**/summary');
    await expectCount(page.getByTestId('summary-seat')).toBe(2);
    await expectAccessible(page, 'summary-desktop');
    // The ticket page says where its holder sits.
    await page
      .getByRole('link', { name: /View ticket/ })
      .first()
      .click();
    await page.waitForURL('**/ticket/**');
    await expectInnerText(page.getByTestId('ticket-seat')).toContain('Stalls, row 1, seat');
    await expectAccessible(page, 'ticket-desktop');

    // A phone, by keyboard only: the list view, a section opened, a seat ticked, checkout.
    const phone = await openPage(browser);
    const mobile = phone.page;
    await mobile.setViewportSize({ width: 390, height: 844 });
    await mobile.goto(address);
    await mobile.getByTestId('seat-picker').waitFor();
    await expectAttribute(seat(mobile, 'A-1-4'), 'data-state').toBe('taken');
    await expectAccessible(mobile, 'event-phone');
    const toggle = mobile.getByTestId('seat-list-toggle');
    await toggle.focus();
    await mobile.keyboard.press('Enter');
    await expectAttribute(toggle, 'aria-pressed').toBe('true');
    await mobile.keyboard.press('Tab');
    await mobile.keyboard.press('Enter');
    const options = mobile.getByTestId('seat-option');
    // Eight and eight seats, less the two sold.
    await expectCount(options).toBe(14);
    await mobile.keyboard.press('Tab');
    await mobile.keyboard.press('Tab');
    await mobile.keyboard.press('Space');
    await expectCount(mobile.getByTestId('chosen-seat')).toBe(1);
    await expectInnerText(mobile.getByTestId('chosen-seats')).toContain('Stalls, row 1, seat 2');
    await expectInnerText(mobile.getByTestId('seat-message')).toBe('Stalls, row 1, seat 2 added.');
    await expectAccessible(mobile, 'event-phone-list');
    await mobile.getByTestId('checkout-button').focus();
    await mobile.keyboard.press('Enter');
    await mobile.waitForURL('**/details');
    await expectInnerText(mobile.getByTestId('attendee-seat')).toBe('Stalls, row 1, seat 2');
    await expectAccessible(mobile, 'details-phone');
    await nameAttendees(mobile, 1);
    await mobile
      .getByRole('button', { name: /complete|continue|place/i })
      .last()
      .press('Enter');
    await mobile.waitForURL('**/summary');
    await expectInnerText(mobile.getByTestId('summary-seat')).toBe('Stalls, row 1, seat 2');
    await expectAccessible(mobile, 'summary-phone');

    // Another buyer: the seats sold show taken; one taken after the page loaded turns taken
    // within the next refresh and leaves this buyer's choice, with a message.
    const other = await openPage(browser);
    const third = other.page;
    await third.setViewportSize({ width: 1280, height: 900 });
    await third.goto(address);
    await third.getByTestId('seat-picker').waitFor();
    for (const key of ['A-1-2', 'A-1-4', 'A-1-5'])
      await expectAttribute(seat(third, key), 'data-state').toBe('taken');
    await seat(third, 'A-1-4').click();
    await expectInnerText(third.getByTestId('seat-message')).toBe(
      'Stalls, row 1, seat 4 is taken. Please choose another seat.',
    );
    await seat(third, 'B-1-3').click();
    await expectAttribute(seat(third, 'B-1-3'), 'data-state').toBe('selected');
    await apiCall('POST', `/api/public/events/${eventId}/orders`, {
      tickets: [{ ticket_id: balcony.id, quantity: 1, seats: ['B-1-3'] }],
    });
    await expectEventually(() => seat(third, 'B-1-3').getAttribute('data-state'), { timeout: 20_000 }).toBe(
      'taken',
    );
    await expectCount(third.getByTestId('chosen-seat')).toBe(0);
    await expectInnerText(third.getByTestId('seat-message')).toContain(
      'Someone else just took Balcony, row 1, seat 3',
    );
    await expectAccessible(third, 'event-taken');
    for (const watched of [desktop, phone, other]) expect(watched.errors).toEqual([]);
  }, 180_000);
});
