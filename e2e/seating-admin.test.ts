import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutSeats, type SeatingPlanInput } from '../common/seating-plan';
import { accessibilityCheck, launchBrowser, openPage, screenshot, waitForToastsToClose } from './browser';
import { expectCount, expectText } from './expect';
import { apiCall, organizerSession } from './session';

// Reserved seating for the organizer (issue 42): a plan of the account goes on an event, its two
// price categories sold by two tickets; two seats are blocked on the plan; a bought seat shows
// its holder, who is moved to another seat; the seat shows on the order and at the door.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheck('seating-admin');

/** Stalls and Balcony, three rows (A to C) of eight seats each; keys `{st|ba}-{row}-{n}`. */
function hall(): SeatingPlanInput {
  const section = (key: 'st' | 'ba', name: string, top: number) => ({
    key,
    name,
    rows: ['A', 'B', 'C'].map((label, r) => {
      const layout = {
        x: 60,
        y: top + r * 30,
        count: 8,
        spacing: 26,
        angle: 0,
        curve: 0,
        numbering: 'ltr' as const,
        start: 1,
        step: 1,
        prefix: '',
        category: key,
      };
      return {
        key: `${key}-${label}`,
        label,
        layout,
        seats: layoutSeats(layout, (i) => `${key}-${label}-${i + 1}`),
      };
    }),
  });
  return {
    format: 'tessera.seating-plan',
    version: 1,
    name: 'Riverside Hall',
    width: 320,
    height: 320,
    categories: [
      { key: 'st', name: 'Stalls', color: '#1c5d99' },
      { key: 'ba', name: 'Balcony', color: '#f59f00' },
    ],
    sections: [section('st', 'Stalls', 90), section('ba', 'Balcony', 220)],
    shapes: [{ kind: 'stage', label: 'Stage', x: 60, y: 10, width: 200, height: 40 }],
  };
}

/** A seat bought through the public checkout by Marta Costa. */
async function buySeat(eventId: number, ticketId: number, seat: string) {
  const base = `/api/public/events/${eventId}/orders`;
  const order = await apiCall<{ short_id: string }>('POST', base, {
    tickets: [{ ticket_id: ticketId, quantity: 1, seats: [seat] }],
  });
  const person = { first_name: 'Marta', last_name: 'Costa', email: 'marta.costa@example.com' };
  await apiCall('PUT', `${base}/${order.short_id}`, {
    ...person,
    attendees: [{ ticket_id: ticketId, ...person }],
  });
  return apiCall<{ reference: string }>('POST', `${base}/${order.short_id}/complete`, {});
}

const seatOnMap = (page: Page, key: string) => page.locator(`[data-seat="${key}"]`);

describe('seating for the organizer', () => {
  it('puts a plan on an event, blocks seats, moves an attendee, and shows the seat on the order and at the door', async () => {
    const session = await organizerSession(browser, { confirmEmail: true, eventTitle: `Gala ${Date.now()}` });
    const { api, eventId, page, errors } = session;
    await page.setViewportSize({ width: 1280, height: 1000 });
    const stalls = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'Stalls seat',
      type: 'FREE',
    });
    await api('POST', `/api/events/${eventId}/tickets`, { title: 'Balcony seat', type: 'FREE' });
    await api('POST', '/api/seating-plans', { plan: hall() });

    // No plan yet: choose the account's plan and the ticket of each price category.
    await page.goto(`/manage/event/${eventId}`);
    await page
      .getByRole('navigation', { name: 'Event pages' })
      .getByRole('link', { name: 'Seating' })
      .click();
    await page.getByText('This event sells places, not seats.').waitFor();
    await page.getByTestId('seating-plan-select').click();
    await page.getByRole('option', { name: 'Riverside Hall (48 seats)' }).click();
    const rows = page.getByTestId('category-row');
    await expectCount(rows).toBe(2);
    await page.getByRole('button', { name: 'Save seating' }).click();
    // A category left without a ticket is said under its field.
    await rows.first().getByText('Choose the ticket sold for the seats of this price category.').waitFor();
    await rows.first().getByRole('combobox', { name: 'Stalls' }).click();
    await page.getByRole('option', { name: 'Stalls seat' }).click();
    await rows.nth(1).getByRole('combobox', { name: 'Balcony' }).click();
    await page.getByRole('option', { name: 'Balcony seat' }).click();
    await expectAccessible(page, 'form');
    await screenshot(page, 'seating-admin-form');
    await page.getByRole('button', { name: 'Save seating' }).click();
    const summary = page.getByTestId('seating-summary');
    await summary.getByRole('heading', { name: 'Riverside Hall' }).waitFor();
    await expectText(summary).toContain('48 seats');
    await expectText(summary.getByTestId('category-ticket').first()).toBe('Stalls sold as Stalls seat');
    await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
    const order = await buySeat(eventId, stalls.id, 'st-A-3');

    // The plan with its statuses: one sold; two seats blocked by Shift-click.
    await page.reload();
    const legend = page.getByTestId('seat-legend');
    await expectText(legend.locator('[data-status="SOLD"]')).toBe('Sold 1');
    await seatOnMap(page, 'st-C-1').click({ modifiers: ['Shift'] });
    await seatOnMap(page, 'st-C-2').click({ modifiers: ['Shift'] });
    const bar = page.getByTestId('selection-bar');
    await expectText(bar).toContain('2 seats selected');
    await bar.getByRole('button', { name: 'Block' }).click();
    await page.getByText('2 seats blocked.').waitFor();
    await expectText(legend.locator('[data-status="BLOCKED"]')).toBe('Blocked 2');
    await expectText(legend.locator('[data-status="AVAILABLE"]')).toBe('Available 45');
    await waitForToastsToClose(page);

    // The sold seat's details name its holder and order; the attendee moves to seat 5.
    await seatOnMap(page, 'st-A-3').click();
    const details = page.getByTestId('seat-details');
    await details.getByRole('heading', { name: 'Stalls, row A, seat 3' }).waitFor();
    await expectText(details.getByTestId('seat-status')).toBe('Sold');
    await expectText(details.getByTestId('seat-attendee')).toBe('Marta Costa');
    await expectText(details.getByTestId('seat-order-link')).toBe(order.reference);
    await expectAccessible(page, 'seat-details');
    await screenshot(page, 'seating-admin-plan');
    await details.getByRole('button', { name: 'Move to another seat' }).click();
    const move = page.getByTestId('move-panel');
    // Only the free seats of the same ticket can be picked: a balcony seat is not one of them.
    await seatOnMap(page, 'ba-A-1').click();
    await expectCount(move.getByRole('button', { name: 'Move here', disabled: true })).toBe(1);
    await move.getByRole('combobox', { name: 'New seat' }).fill('st-A-5');
    await page.getByRole('option', { name: 'Stalls, row A, seat 5 (st-A-5)' }).click();
    await screenshot(page, 'seating-admin-move');
    await move.getByRole('button', { name: 'Move here' }).click();
    await page.getByText('Marta Costa now sits in Stalls, row A, seat 5.').waitFor();
    await details.getByRole('heading', { name: 'Stalls, row A, seat 5' }).waitFor();
    await expectText(details.getByTestId('seat-attendee')).toBe('Marta Costa');
    await waitForToastsToClose(page);

    // The same seats as a list, by keyboard: the blocked ones, then released again.
    await page.getByText('List', { exact: true }).click();
    const table = page.getByTestId('seats-table');
    await table.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Blocked' }).click();
    await expectCount(table.locator('tbody tr')).toBe(2);
    await table.getByRole('checkbox', { name: 'Select Stalls, row C, seat 1' }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expectText(bar).toContain('2 seats selected');
    await expectAccessible(page, 'list');
    await screenshot(page, 'seating-admin-list');
    await bar.getByRole('button', { name: 'Release' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('2 seats released.').waitFor();
    await expectText(legend.locator('[data-status="BLOCKED"]')).toBe('Blocked 0');
    await waitForToastsToClose(page);

    // The order lists the seat on its line and beside its attendee.
    await page.getByText('List', { exact: true }).click();
    await table.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Sold' }).click();
    await table.getByRole('button', { name: 'Details Stalls, row A, seat 5' }).click();
    await details.getByTestId('seat-order-link').click();
    const drawer = page.getByRole('dialog');
    await expectText(drawer.getByTestId('order-line-seats')).toBe(
      'Seats of Stalls seat: Stalls, row A, seat 5',
    );
    await expectText(drawer.getByTestId('order-attendee')).toContain(
      'Marta Costa · Stalls seat · Stalls, row A, seat 5',
    );
    await expectAccessible(page, 'order');
    await screenshot(page, 'seating-admin-order');

    // The attendee's page says where they sit, and links to the seat on the plan.
    await page.goto(`/manage/event/${eventId}/attendees`);
    await page.getByRole('link', { name: 'Marta Costa' }).click();
    const attendee = page.getByRole('dialog', { name: 'Attendee', exact: true });
    await expectText(attendee.getByTestId('attendee-seat')).toBe('Stalls, row A, seat 5');
    await attendee.getByRole('link', { name: 'See it on the plan' }).click();
    await details.getByRole('heading', { name: 'Stalls, row A, seat 5' }).waitFor();

    // At the door: the list and the check-in say where Marta sits.
    const list = await api<{ short_id: string }>('POST', `/api/events/${eventId}/check-in-lists`, {
      name: 'Main door',
      ticket_ids: [stalls.id],
    });
    const { context, page: door } = await openPage(browser);
    await door.setViewportSize({ width: 390, height: 844 });
    await door.goto(`/check-in/${list.short_id}`);
    await door.getByLabel('Find by name, order reference or e-mail').fill('marta');
    const person = door.getByTestId('staff-attendee');
    await expectText(person.getByTestId('staff-attendee-seat')).toBe('Stalls, row A, seat 5');
    await person.getByRole('button', { name: 'Check in Marta Costa' }).click();
    await expectText(door.getByTestId('outcome-seat')).toBe('Stalls, row A, seat 5');
    await expectAccessible(door, 'door');
    await screenshot(door, 'seating-admin-door-390');
    await context.close();
    expect(errors).toEqual([]);
  }, 180_000);
});
