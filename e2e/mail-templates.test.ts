import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityCheck, baseUrl, launchBrowser, screenshot } from './browser';
import { expectText, focusIn } from './expect';
import { waitForMail } from './mailbox';
import { organizerSession } from './session';

// The organizer words the order confirmation in German with placeholders (decision 055),
// previews it with sample values, saves it; a buyer who orders in German gets that mail.

const expectAccessible = accessibilityCheck('mail-templates');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A free order of one ticket placed in German (the buyer's language decides the mail's). */
async function placeInGerman(eventId: number, ticketId: number, firstName: string): Promise<string> {
  const email = `${firstName.toLowerCase()}.${Date.now()}@example.com`;
  const call = async (method: string, path: string, body: unknown) => {
    const response = await fetch(new URL(path, baseUrl()), {
      method,
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'de-DE,de;q=0.9' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text || '{}') as { short_id: string };
  };
  const base = `/api/public/events/${eventId}/orders`;
  const order = await call('POST', base, { tickets: [{ ticket_id: ticketId, quantity: 1 }] });
  const person = { first_name: firstName, last_name: 'Vogel', email };
  await call('PUT', `${base}/${order.short_id}`, {
    ...person,
    attendees: [{ ticket_id: ticketId, ...person }],
  });
  await call('POST', `${base}/${order.short_id}/complete`, {});
  return email;
}

describe('e-mail templates', () => {
  it('the organizer customises the German confirmation, previews it, and a German buyer gets it', async () => {
    const title = `Hafenkonzert ${Date.now()}`;
    const session = await organizerSession(browser, { eventTitle: title, confirmEmail: true });
    const { api, eventId, page } = session;
    await api('PUT', `/api/events/${eventId}`, { timezone: 'Europe/Berlin' });
    const event = await api<{ start_date: string }>('GET', `/api/events/${eventId}`);
    const ticket = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'Stehplatz',
      type: 'FREE',
      quantity_available: 10,
    });
    await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
    const start = new Intl.DateTimeFormat('de', {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: 'Europe/Berlin',
    }).format(new Date(event.start_date));

    await page.goto(`/manage/event/${eventId}/mail-templates`);
    await page.getByRole('heading', { name: 'E-mail templates' }).waitFor();
    await page.getByTestId('message-body').waitFor();
    await expectAccessible(page, 'event-default');

    const language = page.getByRole('combobox', { name: 'Language' });
    await language
      .or(page.getByRole('textbox', { name: 'Language' }))
      .first()
      .click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    const subject = page.getByRole('textbox', { name: 'Subject' });
    // Tessera's German wording is where the editor starts.
    await expect.poll(() => subject.inputValue()).toBe('Ihre Bestellung für {{ event.title }}');
    await subject.fill('Ihre Karten für {{ event.title }}');
    const body = page.getByTestId('message-body');
    await body.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await page.keyboard.type('Hallo ');
    await page.getByRole('button', { name: "Buyer's first name" }).click();
    await focusIn(body);
    await page.keyboard.type(', wir sehen uns am ');
    await page.getByRole('button', { name: 'Event start' }).click();
    await focusIn(body);
    await page.keyboard.type('.');
    await expectText(body).toBe('Hallo {{ buyer.first_name }}, wir sehen uns am {{ event.start }}.');

    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByTestId('mail-template-preview-body');
    await expectText(preview).toBe(`Hallo Ada, wir sehen uns am ${start}.`);
    await expectText(page.getByTestId('mail-template-preview-subject')).toBe(`Ihre Karten für ${title}`);
    await expectAccessible(page, 'preview');

    await page.getByRole('button', { name: 'Save' }).click();
    await expectText(page.getByTestId('template-source')).toBe("This event's own template");
    await screenshot(page, 'mail-templates-saved');

    // A refused template says where and why, under the editor.
    await body.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(' {{ order.secret }}');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectText(page.getByText(/Line 1: there is no placeholder/)).toContain('order.secret');
    await screenshot(page, 'mail-templates-refused');

    const email = await placeInGerman(eventId, ticket.id, 'Greta');
    const mail = await waitForMail({ to: email, subject: /Ihre Karten für/, timeoutMs: 30_000 });
    expect(mail.subject).toBe(`Ihre Karten für ${title}`);
    expect(mail.html).toContain(`Hallo Greta, wir sehen uns am ${start}.`);
    expect(mail.text).toContain(`Hallo Greta, wir sehen uns am ${start}.`);
    // The structured parts stay: the calendar file is attached, the order's button is there.
    expect(mail.attachments.some((file) => file.filename === 'event.ics')).toBe(true);
    expect(mail.links.some((link) => link.includes('/summary'))).toBe(true);
    await page.setContent(mail.html);
    await screenshot(page, 'mail-templates-received-mail');
  });
});
