import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityCheckAtWidths, launchBrowser } from './browser';
import { expectCount, expectText } from './expect';
import { apiCall, organizerSession } from './session';

// The organizer's attendees of an event that happens twice (issue 36): a Date filter and a Date
// column appear once the event has a second date; choosing a date narrows the list, keeps the
// choice in the address through a reload, and the screen has no serious accessibility finding.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheckAtWidths('event-dates-organizer', { backToWide: true });

/** A free order on one date, placed as a buyer would through the public API. */
async function buyOn(
  eventId: number,
  order: { dateId: number; ticketId: number; name: string; stamp: number },
) {
  const base = `/api/public/events/${eventId}/orders`;
  const created = await apiCall<{ short_id: string }>('POST', base, {
    date_id: order.dateId,
    tickets: [{ ticket_id: order.ticketId, quantity: 1 }],
  });
  const person = {
    first_name: order.name,
    last_name: 'Lima',
    email: `${order.name.toLowerCase()}.${order.stamp}@example.com`,
  };
  await apiCall('PUT', `${base}/${created.short_id}`, {
    ...person,
    attendees: [{ ticket_id: order.ticketId, ...person }],
  });
  const done = await apiCall<{ status: string }>('POST', `${base}/${created.short_id}/complete`, {});
  expect(done.status).toBe('COMPLETED');
}

const rows = (page: Page): Locator =>
  page.getByRole('table', { name: 'Attendees of this event' }).locator('tbody tr');

const dateSelect = (page: Page): Locator =>
  page
    .getByRole('textbox', { name: 'Date' })
    .or(page.getByRole('combobox', { name: 'Date' }))
    .first();

describe('attendees of an event with two dates', () => {
  it('filters the list by a date, shown in the event’s time zone', async () => {
    const stamp = Date.now();
    const session = await organizerSession(browser, {
      confirmEmail: true,
      eventTitle: `Two Nights ${stamp}`,
    });
    const { api, eventId, page, errors } = session;
    const ticket = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'General admission',
      type: 'FREE',
    });
    const [first] = (
      await api<{ data: { id: number; starts_at: string }[] }>('GET', `/api/events/${eventId}/dates`)
    ).data;
    if (!first) throw new Error('the event has no date');

    // With one date, the list looks as it always did: no Date filter, no Date column.
    await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
    await buyOn(eventId, { dateId: first.id, ticketId: ticket.id, name: 'Ana', stamp });
    await page.goto(`/manage/event/${eventId}/attendees`);
    await expectCount(rows(page)).toBe(1);
    await expectCount(page.getByRole('columnheader', { name: 'Date' })).toBe(0);
    await expectCount(dateSelect(page)).toBe(0);

    // A second date, a week later, with a label; Rui comes to that one.
    const later = new Date(Date.parse(first.starts_at) + 7 * 24 * 3600 * 1000).toISOString();
    const second = await api<{ id: number }>('POST', `/api/events/${eventId}/dates`, {
      starts_at: later,
      label: 'Matinee',
    });
    await buyOn(eventId, { dateId: second.id, ticketId: ticket.id, name: 'Rui', stamp });

    await page.reload();
    await expectCount(rows(page)).toBe(2);
    await page.getByRole('columnheader', { name: 'Date' }).waitFor();
    await expectText(rows(page).first()).toContain('Matinee');
    await expectAccessible(page, 'list');

    await dateSelect(page).click();
    await page.getByRole('option', { name: /Matinee/ }).click();
    await page.waitForURL((url) => url.searchParams.get('date') === String(second.id));
    await expectCount(rows(page)).toBe(1);
    await expectText(rows(page).first()).toContain('Rui Lima');
    await expectAccessible(page, 'filtered');

    await page.reload();
    await expectCount(rows(page)).toBe(1);
    await expectText(rows(page).first()).toContain('Rui Lima');

    // Back to every date.
    await dateSelect(page).click();
    await page.getByRole('option', { name: 'All dates' }).click();
    await page.waitForURL((url) => !url.searchParams.has('date'));
    await expectCount(rows(page)).toBe(2);
    expect(errors).toEqual([]);
    await session.context.close();
  });
});
