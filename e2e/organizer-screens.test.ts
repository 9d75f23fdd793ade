import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityCheckAtWidths, baseUrl, launchBrowser, openPage, screenshot } from './browser';
import { expectAttribute, expectEventually, expectInnerText, expectText, expectValue } from './expect';
import { cutControls, lineBreaks } from './layout';
import { apiCall, type OrganizerSession, organizerSession } from './session';

// The organizer's screens as a new organizer found them (issue #33): sales on the event cards,
// check-ins and long e-mail addresses in the attendee list, German that fits its buttons and
// selects, a wrong colour kept with its error, times in the account's zone, and the continue
// button's text in the buyer's language.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheckAtWidths('organizer-screens', { backToWide: true });

/** A free ticket, and the event made live. */
async function publishWithFreeTicket(session: OrganizerSession): Promise<number> {
  const ticket = await session.api<{ id: number }>('POST', `/api/events/${session.eventId}/tickets`, {
    title: 'Standing',
    type: 'FREE',
  });
  await session.api('PUT', `/api/events/${session.eventId}/status`, { status: 'LIVE' });
  return ticket.id;
}

/** A free order placed as a buyer would, through the public API; its one attendee. */
async function buy(
  eventId: number,
  ticketId: number,
  person: { first_name: string; last_name: string; email: string },
): Promise<{ ticket_code: string }> {
  const base = `/api/public/events/${eventId}/orders`;
  const order = await apiCall<{ short_id: string }>('POST', base, {
    tickets: [{ ticket_id: ticketId, quantity: 1 }],
  });
  await apiCall('PUT', `${base}/${order.short_id}`, {
    ...person,
    attendees: [{ ticket_id: ticketId, ...person }],
  });
  const done = await apiCall<{ status: string; attendees: { ticket_code: string }[] }>(
    'POST',
    `${base}/${order.short_id}/complete`,
    {},
  );
  expect(done.status).toBe('COMPLETED');
  const [attendee] = done.attendees;
  if (!attendee) throw new Error('the order has no attendee');
  return attendee;
}

/** Nothing cut at desktop and phone width. */
async function expectNothingCut(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectEventually(() => cutControls(page)).toEqual([]);
    await screenshot(page, `organizer-screens-${name}-fit-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('the organizer’s screens', () => {
  it('lists attendees with the time of their check-in, and wraps long e-mails only between their parts', async () => {
    const session = await organizerSession(browser, { confirmEmail: true });
    const { page, errors, eventId } = session;
    const ticketId = await publishWithFreeTicket(session);
    const longEmail = 'mariafernandaalbuquerquesantos@festivalinternacionaldorio.example.com';
    const maria = await buy(eventId, ticketId, {
      first_name: 'Maria',
      last_name: 'Albuquerque',
      email: longEmail,
    });
    await buy(eventId, ticketId, { first_name: 'Rui', last_name: 'Lopes', email: 'rui.lopes@example.com' });
    const list = await session.api<{ short_id: string }>('POST', `/api/events/${eventId}/check-in-lists`, {
      name: 'Main door',
      ticket_ids: [ticketId],
    });
    const scan = await apiCall<{ check_in: { checked_in_at: string } }>(
      'POST',
      `/api/public/check-in-lists/${list.short_id}/check-ins`,
      { ticket_code: maria.ticket_code },
    );
    const event = await session.api<{ timezone: string }>('GET', `/api/events/${eventId}`);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/manage/event/${eventId}/attendees`);
    const table = page.getByRole('table', { name: 'Attendees of this event' });
    await table.getByRole('columnheader', { name: 'Checked in' }).waitFor();
    const row = (name: string) => table.locator('tbody tr', { hasText: name });
    const at = new Date(scan.check_in.checked_in_at);
    const date = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: event.timezone }).format(at);
    const time = new Intl.DateTimeFormat('en', { timeStyle: 'short', timeZone: event.timezone }).format(at);
    const words = (text: string) => text.replace(/\s+/g, ' ').trim();
    await expectEventually(async () =>
      words(await row('Maria').getByTestId('attendee-checked-in').innerText()),
    ).toBe(words(`${date} ${time}`));
    await expectText(row('Rui').getByTestId('attendee-checked-in')).toBe('Not checked in');

    // At 1280 px the whole table fits, without scrolling sideways.
    const scroller = table.locator('xpath=..');
    await expectEventually(() => scroller.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // The address may wrap, but only before its "@", a dot or a hyphen, never inside a word.
    const email = row('Maria').locator('td').nth(1);
    await expectText(email).toBe(longEmail);
    for (const place of await lineBreaks(email)) expect(place).toMatch(/\|[@.-]/);
    await expectAccessible(page, 'attendees');
    expect(errors).toEqual([]);
    await session.context.close();
  });

  it('reads in German: sales and status on the event cards, an order filter and a designer that fit', async () => {
    const session = await organizerSession(browser, { confirmEmail: true, locale: 'de-DE' });
    const { page, errors, eventId } = session;
    const ticketId = await publishWithFreeTicket(session);
    for (const name of ['Ana', 'Rui']) {
      await buy(eventId, ticketId, { first_name: name, last_name: 'Costa', email: `${name}@example.com` });
    }

    // The event card: German status, and its sales as the dashboard counts them.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/manage/events');
    const card = page.getByTestId('event-row').first();
    await expectText(card.getByTestId('event-status')).toBe('Veröffentlicht');
    const stats = await session.api<{ tickets_sold: number }>('GET', `/api/events/${eventId}/stats`);
    expect(stats.tickets_sold).toBe(2);
    await expectInnerText(card.getByTestId('event-sales')).toMatch(
      /Verkaufte Tickets 2\s+Bruttoumsatz 0,00\s€/,
    );
    await expectAccessible(page, 'events-de');
    await expectNothingCut(page, 'events-de');

    // The order filter shows its longest status whole.
    await page.goto(`/manage/event/${eventId}/orders`);
    const status = page
      .getByRole('textbox', { name: 'Status' })
      .or(page.getByRole('combobox', { name: 'Status' }));
    await expectValue(status).toBe('Aufgegeben und im Bestellvorgang');
    await status.click();
    const labels = await page.getByRole('option').allInnerTexts();
    const longest = labels.reduce((a, b) => (b.length > a.length ? b : a));
    await page.getByRole('option', { name: longest, exact: true }).click();
    await expectValue(status).toBe(longest);
    await expectAccessible(page, 'orders-de');
    await expectNothingCut(page, 'orders-de');
    expect(errors).toEqual([]);
    await session.context.close();
  });

  it('keeps a wrong colour with its error until it is fixed, and previews the button’s text in the organizer’s language', async () => {
    const session = await organizerSession(browser, { confirmEmail: true, locale: 'de-DE' });
    const { page, errors, eventId } = session;
    await publishWithFreeTicket(session);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/manage/event/${eventId}/homepage-designer`);
    const previewButton = page.getByTestId('design-preview').getByTestId('checkout-button');
    await expectInnerText(previewButton).toBe('Tickets holen');

    // A text for German buyers shows in the German preview; one for English buyers does not.
    await page.getByLabel('Text der Weiter-Schaltfläche', { exact: true }).fill('Book a seat');
    await expectInnerText(previewButton).toBe('Book a seat');
    await page.getByLabel('Deutsch', { exact: true }).fill('Platz buchen');
    await page.getByLabel('English', { exact: true }).fill('Save my seat');
    await expectInnerText(previewButton).toBe('Platz buchen');

    // A colour that is not a hex code stays as typed, with the error in German beside it.
    const primary = page.getByLabel('Hauptfarbe', { exact: true });
    await primary.fill('blau');
    await page.keyboard.press('Tab');
    await expectValue(primary).toBe('blau');
    await expectAttribute(primary, 'aria-invalid').toBe('true');
    const error = 'Geben Sie eine Farbe als Hex-Code wie #ffffff ein.';
    await page.getByText(error).waitFor();
    await page.getByTestId('save-design').click();
    await expectValue(primary).toBe('blau');
    await page.getByText(error).waitFor();
    await expectAccessible(page, 'designer-colour-error-de');
    await expectNothingCut(page, 'designer-de');
    const unsaved = await session.api<{ settings: { homepage_primary_color: string } }>(
      'GET',
      `/api/events/${eventId}`,
    );
    expect(unsaved.settings.homepage_primary_color).toBe('#3b3fb6');

    // Fixed, the error goes and the design saves with the texts per language.
    await primary.fill('#1a5e20');
    await page.keyboard.press('Tab');
    await expectAttribute(primary, 'aria-invalid').toBe(null);
    await page.getByTestId('save-design').click();
    await page.getByText('Die Gestaltung wurde gespeichert.').waitFor();
    const saved = await session.api<{ settings: Record<string, unknown> }>('GET', `/api/events/${eventId}`);
    expect(saved.settings).toMatchObject({
      homepage_primary_color: '#1a5e20',
      continue_button_text: 'Book a seat',
      continue_button_texts: { de: 'Platz buchen', en: 'Save my seat' },
    });
    await expectAccessible(page, 'designer-de');
    expect(errors).toEqual([]);
    await session.context.close();
  });

  it('shows the continue button in the buyer’s language, on the server’s page, after hydration and in the widget', async () => {
    const session = await organizerSession(browser, { confirmEmail: true });
    const { eventId } = session;
    await publishWithFreeTicket(session);
    await session.api('PUT', `/api/events/${eventId}`, {
      settings: {
        continue_button_text: 'Book now',
        continue_button_texts: { de: 'Jetzt buchen', 'zh-CN': '立即预订' },
      },
    });
    const path = `/e/${eventId}`;
    const cases = [
      ['de-DE', 'de', 'Jetzt buchen'],
      ['zh-CN', 'zh-CN', '立即预订'],
      // No text of its own: the default.
      ['fr-FR', 'fr', 'Book now'],
    ] as const;
    for (const [browserLocale, locale, text] of cases) {
      // The server's HTML already says it, before any script runs.
      const served = await fetch(`${baseUrl()}${path}`, { headers: { cookie: `tessera_locale=${locale}` } });
      expect(await served.text()).toContain(text);

      // Hydrated by React, the button the server sent keeps its text: the browser picks the same.
      const buyer = await openPage(browser, { locale: browserLocale });
      await buyer.page.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState === 'interactive')
            (window as { servedButton?: Element | null }).servedButton = document.querySelector(
              '[data-testid="checkout-button"]',
            );
        });
      });
      await buyer.page.goto(path);
      await buyer.page.waitForFunction(() => {
        const button = (window as { servedButton?: Element | null }).servedButton;
        return button ? Object.keys(button).some((key) => key.startsWith('__reactFiber$')) : false;
      });
      const hydrated = await buyer.page.evaluate(() => {
        const button = (window as { servedButton?: HTMLElement | null }).servedButton;
        return { connected: button?.isConnected, text: button?.innerText };
      });
      expect(hydrated).toEqual({ connected: true, text });

      await buyer.page.goto(`/widget/${eventId}?locale=${locale}`);
      await expectInnerText(buyer.page.getByTestId('checkout-button')).toBe(text);
      expect(buyer.errors).toEqual([]);
      await buyer.context.close();
    }
    await session.context.close();
  });

  it('shows the integrations screen’s times in the account’s time zone, not the browser’s', async () => {
    const session = await organizerSession(browser, { timezoneId: 'America/New_York' });
    const { page, errors } = session;
    // The user has no zone of their own (the profile's "empty: the account's"), so the account's counts.
    await session.api('PUT', '/api/users/me', { timezone: null });
    await session.api('PUT', '/api/accounts/current', { timezone: 'Asia/Tokyo' });
    const key = await session.api<{ created_at: string }>('POST', '/api/api-keys', {
      name: 'Box office sync',
      role: 'ORGANIZER',
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/account/integrations');
    const row = page.getByTestId('api-key-row');
    const at = (timeZone: string) =>
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
        new Date(key.created_at),
      );
    expect(at('Asia/Tokyo')).not.toBe(at('America/New_York'));
    await expectInnerText(row).toContain(`Created ${at('Asia/Tokyo')} by`);
    await expectAccessible(page, 'integrations');
    expect(errors).toEqual([]);
    await session.context.close();
  });
});
