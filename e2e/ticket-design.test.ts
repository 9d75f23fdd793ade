import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../server/test/pdf';
import { accessibilityCheckAtWidths, launchBrowser, openPage } from './browser';
import { apiCall, organizerSession } from './session';

// The ticket design (decision 059): the organizer changes accent, free text and price in the
// event's "Ticket design" screen and sees the PDF preview follow; a buyer's ticket PDF, downloaded
// from the ticket page, carries the free text and no price, and the page shows the text too.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheckAtWidths('ticket-design');

describe('the ticket design', () => {
  it('is changed with a live preview and printed on the buyer’s ticket', async () => {
    const session = await organizerSession(browser, {
      confirmEmail: true,
      eventTitle: `Lantern Night ${Date.now()}`,
    });
    const { api, eventId, page } = session;
    const ticket = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'Riverside pass',
      type: 'FREE',
    });
    await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/manage/event/${eventId}/ticket-design`);
    await page.getByRole('heading', { name: 'Ticket design' }).waitFor();
    const preview = page.getByTestId('ticket-preview');
    await preview.waitFor();
    const first = await preview.getAttribute('src');

    await page.getByLabel('Accent colour').fill('#0b6e4f');
    await page.getByLabel('Free text').fill('Bring a lantern; the river path is dark.');
    await page.getByLabel('Show the price').uncheck({ force: true });
    await page.keyboard.press('Tab');
    // The preview is made again from the unsaved design.
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="ticket-preview"]')?.getAttribute('src') !== before,
      first,
    );
    await page.waitForTimeout(1500);
    await page.screenshot({ path: 'test-results/ticket-design-preview.png' });
    await expectAccessible(page, 'settings');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The ticket design has been saved.').waitFor();
    const saved = await api<{ settings: { ticket_design: { free_text: string; show_price: boolean } } }>(
      'GET',
      `/api/events/${eventId}`,
    );
    expect(saved.settings.ticket_design).toMatchObject({
      free_text: 'Bring a lantern; the river path is dark.',
      show_price: false,
      accent_color: '#0b6e4f',
    });
    await session.context.close();

    const base = `/api/public/events/${eventId}/orders`;
    const order = await apiCall<{ short_id: string }>('POST', base, {
      tickets: [{ ticket_id: ticket.id, quantity: 1 }],
    });
    const person = { first_name: 'Tomás', last_name: 'Moreau', email: 'tomas@example.com' };
    await apiCall('PUT', `${base}/${order.short_id}`, {
      ...person,
      attendees: [{ ticket_id: ticket.id, ...person }],
    });
    const done = await apiCall<{ attendees: { short_id: string }[] }>(
      'POST',
      `${base}/${order.short_id}/complete`,
      {},
    );

    const buyer = await openPage(browser);
    await buyer.page.setViewportSize({ width: 1280, height: 900 });
    await buyer.page.goto(`/ticket/${eventId}/${done.attendees[0]?.short_id}`);
    await buyer.page.getByTestId('ticket-free-text').getByText('Bring a lantern').waitFor();
    await buyer.page.screenshot({ path: 'test-results/ticket-design-ticket-page.png', fullPage: true });
    await expectAccessible(buyer.page, 'ticket');
    await buyer.page.setViewportSize({ width: 1280, height: 900 });
    const [download] = await Promise.all([
      buyer.page.waitForEvent('download'),
      buyer.page.getByRole('link', { name: 'Download PDF' }).click(),
    ]);
    const [text] = await pdfText(await readFile((await download.path()) ?? ''));
    expect(text).toContain('Bring a lantern; the river path is dark.');
    expect(text).toContain('Tomás Moreau');
    expect(text).not.toContain('PRICE');
    expect(text).not.toContain('Free');
    expect(buyer.errors).toEqual([]);
    await buyer.context.close();
  });
});
