import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityCheck, launchBrowser, screenshot } from './browser';
import { placeByApi } from './checkout-steps';
import { expectCount } from './expect';
import { organizerSession } from './session';

// The organizer opens the event's sales by day: the figures of two paid orders, the chart of the
// trend with the table as its text, the CSV download with the same totals; then another report
// of the event, and the account's revenue per month.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheck('reports');

describe('reports', () => {
  it('show the event’s sales by day as a chart and a table, and download them as CSV', async () => {
    const session = await organizerSession(browser, {
      confirmEmail: true,
      eventTitle: 'Harbour Reports Night',
      eventSettings: { offline_payments_enabled: true },
    });
    const { api, eventId, page } = session;
    const ticket = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'Balcony',
      type: 'PAID',
      price: 2500,
    });
    await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
    // Two orders paid: one of one ticket, one of two; and one left unpaid, which is no sale.
    for (const [buyer, count] of [
      ['Rita', 1],
      ['Vasco', 2],
    ] as const) {
      const email = await placeByApi({ eventId, ticketId: ticket.id, buyer, count, offline: true });
      const found = await api<{ data: { id: number }[] }>(
        'GET',
        `/api/events/${eventId}/orders?query=${encodeURIComponent(email)}`,
      );
      await api('POST', `/api/events/${eventId}/orders/${found.data[0]?.id}/mark-paid`);
    }
    await placeByApi({ eventId, ticketId: ticket.id, buyer: 'Zara', count: 4, offline: true });

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/manage/event/${eventId}`);
    await page
      .getByRole('navigation', { name: 'Event pages' })
      .getByRole('link', { name: 'Reports' })
      .click();
    const table = page.getByTestId('report-table');
    await table.waitFor();
    await expect(page.getByRole('combobox', { name: 'Report' }).inputValue()).resolves.toBe('sales-by-day');
    // The last 30 days, today last; its totals: 2 orders, 3 tickets, €75.00 paid.
    await expectCount(table.locator('tbody tr')).toBe(30);
    const total = table.getByTestId('report-total');
    await total.getByText('€75.00').first().waitFor();
    const today = table.locator('tbody tr').last();
    await expect(today.locator('td').first().textContent()).resolves.toBe('2');
    // The chart is drawn, and is an image whose text is the table.
    const chart = page.getByTestId('report-chart');
    await chart.locator('svg.recharts-surface').first().waitFor();
    await expect(chart.getAttribute('role')).resolves.toBe('img');
    await expectAccessible(page, 'sales-by-day');

    const from = await page.getByLabel('From', { exact: true }).inputValue();
    const to = await page.getByLabel('To', { exact: true }).inputValue();
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`sales-by-day-${eventId}-${from}-${to}.csv`);
    const lines = (await readFile(await download.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Day,Orders,Tickets,Gross,Discounts,Fees,Taxes,Total paid,Refunds,Net');
    expect(lines).toHaveLength(32);
    expect(lines[30]).toBe(`${to},2,3,75.00,0.00,0.00,0.00,75.00,0.00,75.00`);
    expect(lines[31]).toBe('Total,2,3,75.00,0.00,0.00,0.00,75.00,0.00,75.00');

    // Another report: per ticket and product, no trend, so no chart.
    await page.getByRole('combobox', { name: 'Report' }).selectOption('sales-by-item');
    await page.getByRole('heading', { name: 'Sales per ticket and product' }).waitFor();
    await table.getByRole('rowheader', { name: 'Balcony' }).waitFor();
    await expectCount(page.getByTestId('report-chart')).toBe(0);
    // A range that ends before it starts is refused on the form.
    await page.getByLabel('From', { exact: true }).fill('2031-05-10');
    await page.getByLabel('To', { exact: true }).fill('2031-05-01');
    await page.getByText('The last day comes before the first.').waitFor();
    await expectAccessible(page, 'sales-by-item');

    // The account's revenue per month, in the account's time zone.
    await page.goto('/account/reports');
    await page.getByRole('heading', { name: 'Revenue per month' }).waitFor();
    await page.getByTestId('report-total').getByText('€75.00').first().waitFor();
    // One bar for the month, drawn from the same figures.
    await page.getByTestId('report-chart').locator('svg.recharts-surface').first().waitFor();
    await screenshot(page, 'reports-account');
    await expectAccessible(page, 'revenue-by-month');
    expect(session.errors).toEqual([]);
  });
});
