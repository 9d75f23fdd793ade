import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../server/test/pdf';
import { accessibilityCheckAtWidths, launchBrowser, openPage } from './browser';
import { apiCall, organizerSession } from './session';

// The ticket design (decision 059): the organizer changes accent, free text and price and picks
// the answers to print (by keyboard, in the order chosen) in the event's "Ticket design" screen,
// and the PDF in the preview follows before saving; a buyer's ticket PDF, downloaded from the
// ticket page, carries the free text and the answers and no price, and the page shows the text.

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
    const ask = (title: string) =>
      api<{ id: number }>('POST', `/api/events/${eventId}/questions`, {
        title,
        type: 'SINGLE_LINE',
        scope: 'PER_ATTENDEE',
        required: false,
        ticket_ids: [],
      });
    const diet = await ask('Dietary needs');
    const table = await ask('Table');
    await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/manage/event/${eventId}/ticket-design`);
    await page.getByRole('heading', { name: 'Ticket design' }).waitFor();
    // Each preview the page is sent passes through here: the last one is what its frame shows.
    const previews: Buffer[] = [];
    await page.route('**/ticket-design/preview', async (route) => {
      const response = await route.fetch();
      const body = await response.body();
      if (response.ok()) previews.push(body);
      await route.fulfill({ response, body });
    });
    const preview = page.getByTestId('ticket-preview');
    await preview.waitFor();
    const first = await preview.getAttribute('src');

    await page.getByLabel('Accent colour').fill('#0b6e4f');
    await page.getByLabel('Free text').fill('Bring a lantern; the river path is dark.');
    await page.getByLabel('Show the price').uncheck({ force: true });
    // The answers to print, picked and ordered by keyboard: Table first, then Dietary needs.
    const picker = page.getByRole('combobox', { name: 'Add a question' });
    for (const title of ['Dietary needs', 'Table']) {
      await picker.focus();
      await page.keyboard.type(title);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
    }
    await page.getByRole('button', { name: 'Move “Table” up' }).focus();
    await page.keyboard.press('Enter');
    // The moved row keeps the focus, on the button that can still move it.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Move “Table” down',
    );
    const printed = page.getByRole('list', { name: 'Answers printed on the ticket' }).getByRole('listitem');
    expect((await printed.allTextContents()).map((row) => row.replace(/[↑↓×]/g, ''))).toEqual([
      '1. Table',
      '2. Dietary needs',
    ]);
    await page.keyboard.press('Tab');
    // The preview is made again from the unsaved design.
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="ticket-preview"]')?.getAttribute('src') !== before,
      first,
    );
    // What the frame shows is the PDF the page fetched last for the unsaved design: read back.
    const shown = async () => {
      const last = previews.at(-1);
      return last ? ((await pdfText(last))[0] ?? '') : '';
    };
    await expect.poll(shown, { timeout: 15_000 }).toMatch(/TABLE[\s\S]*DIETARY NEEDS/);
    const sample = await shown();
    expect(sample).toContain('Bring a lantern; the river path is dark.');
    expect(sample).not.toContain('PRICE');
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
      question_ids: [table.id, diet.id],
    });
    await session.context.close();

    const base = `/api/public/events/${eventId}/orders`;
    const order = await apiCall<{ short_id: string }>('POST', base, {
      tickets: [{ ticket_id: ticket.id, quantity: 1 }],
    });
    const person = { first_name: 'Tomás', last_name: 'Moreau', email: 'tomas@example.com' };
    await apiCall('PUT', `${base}/${order.short_id}`, {
      ...person,
      attendees: [
        {
          ticket_id: ticket.id,
          ...person,
          answers: [
            { question_id: diet.id, answer: 'Vegetarian' },
            { question_id: table.id, answer: 'Seven' },
          ],
        },
      ],
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
    expect(text).toMatch(/Seven[\s\S]*Vegetarian/);
    expect(text).not.toContain('PRICE');
    expect(text).not.toContain('Free');
    expect(buyer.errors).toEqual([]);
    await buyer.context.close();
  });
});
