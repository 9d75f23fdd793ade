import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import jsQR from 'jsqr';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTicketCode } from '../common/ticket-code';
import { pdfQrCodes, pdfText } from '../server/test/pdf';
import { accessibilityCheckAtWidths, launchBrowser, openPage } from './browser';
import { expectCount } from './expect';
import { type ReceivedMail, readMailbox } from './mailbox';
import { apiCall, organizerSession } from './session';

// The buyer's printable pages: the ticket with a QR code that a phone camera can read (decoded
// here from a screenshot), its print version, the order with every ticket, and the states of a
// ticket that does not let anyone in.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Attendee {
  short_id: string;
  first_name: string;
  ticket_code: string;
}

const expectAccessible = accessibilityCheckAtWidths('ticket-pages');

/** Places and completes an order through the public checkout API. */
async function placeOrder(eventId: number, ticketId: number, names: string[], offline = false) {
  const base = `/api/public/events/${eventId}/orders`;
  const order = await apiCall<{ short_id: string }>('POST', base, {
    tickets: [{ ticket_id: ticketId, quantity: names.length }],
  });
  await apiCall('PUT', `${base}/${order.short_id}`, {
    first_name: 'Lena',
    last_name: 'Buyer',
    email: 'lena@example.com',
    attendees: names.map((name) => ({
      ticket_id: ticketId,
      first_name: name,
      last_name: 'Moreau',
      email: `${name.toLowerCase()}@example.com`,
    })),
  });
  const done = await apiCall<{ short_id: string; reference: string; attendees: Attendee[] }>(
    'POST',
    `${base}/${order.short_id}/complete`,
    offline ? { payment_provider: 'OFFLINE' } : {},
  );
  return done;
}

describe('order and ticket pages', () => {
  it('show a ticket whose QR code reads back as its signed code, printable with the whole order', async () => {
    const session = await organizerSession(browser, {
      confirmEmail: true,
      eventTitle: `Fado Night ${Date.now()}`,
      eventSettings: { offline_payments_enabled: true, ticket_page_message: 'Doors open at 20:30.' },
    });
    const { api, eventId } = session;
    const free = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'Standing',
      type: 'FREE',
    });
    const paid = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'Seated',
      type: 'PAID',
      price: 2500,
      tax_and_fee_ids: [],
    });
    await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
    await session.context.close();

    const order = await placeOrder(eventId, free.id, ['Ana', 'Rui']);
    const [ana, rui] = order.attendees;
    if (!ana || !rui) throw new Error('attendees missing');
    expect(parseTicketCode(ana.ticket_code)).toMatchObject({ attendeeShortId: ana.short_id, eventId });

    const { context, page, errors } = await openPage(browser);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/ticket/${eventId}/${ana.short_id}`);
    const card = page.getByTestId('ticket-card');
    await card.getByText('Ana Moreau').waitFor();
    await card.getByText(order.reference).waitFor();
    await page.getByText('Doors open at 20:30.').waitFor();
    const qr = page.getByRole('img', { name: 'QR code of the ticket of Ana Moreau' });
    await qr.waitFor();
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('img.order-page-qr');
      return Boolean(image?.complete && image.naturalWidth > 0);
    });

    // What a phone camera would see: a screenshot, decoded.
    const shot = await qr.screenshot();
    const { data, info } = await sharp(shot).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(ana.ticket_code);
    await expectAccessible(page, 'ticket');

    // Add to calendar: an .ics file with the event.
    await page.setViewportSize({ width: 1280, height: 900 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Add to calendar' }).click(),
    ]);
    const ics = await readFile((await download.path()) ?? '', 'utf8');
    const vevent = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent');
    expect(String(vevent?.getFirstPropertyValue('summary'))).toContain('Fado Night');

    // One ticket as a PDF, from its own page.
    const [ticketPdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download PDF' }).click(),
    ]);
    const single = await readFile((await ticketPdf.path()) ?? '');
    expect(await pdfQrCodes(single)).toEqual([ana.ticket_code]);

    // The print version, reached by keyboard.
    await page.getByRole('link', { name: 'Print' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/ticket/${eventId}/${ana.short_id}/print`);
    await page.getByRole('button', { name: 'Print' }).waitFor();
    await page.getByTestId('ticket-card').getByText('Ana Moreau').waitFor();
    await expectAccessible(page, 'ticket-print');

    // The whole order: reference, status, lines, one ticket per attendee.
    await page.goto(`/order/${eventId}/${order.short_id}/print`);
    await page.getByRole('heading', { name: `Order ${order.reference}` }).waitFor();
    await page.getByText('Completed', { exact: true }).waitFor();
    await expectCount(page.getByTestId('ticket-card')).toBe(2);
    await page.getByRole('img', { name: 'QR code of the ticket of Rui Moreau' }).waitFor();
    await expectAccessible(page, 'order-print');

    // An order awaiting an offline payment: its ticket is not valid yet and shows no code.
    const owing = await placeOrder(eventId, paid.id, ['Eva'], true);
    const [eva] = owing.attendees;
    if (!eva) throw new Error('attendee missing');
    await page.goto(`/ticket/${eventId}/${eva.short_id}`);
    await page.getByText('Not valid yet').waitFor();
    await expectCount(page.getByRole('img', { name: /QR code/ })).toBe(0);

    // A link that leads nowhere.
    await page.goto(`/ticket/${eventId}/${'x'.repeat(22)}`);
    await page.getByRole('heading', { name: 'This ticket no longer exists' }).waitFor();
    await page.goto(`/order/${eventId}/${'x'.repeat(22)}/print`);
    await page.getByRole('heading', { name: 'This order no longer exists' }).waitFor();
    await expectAccessible(page, 'order-gone');

    // The order page offers the tickets as one PDF, a page and a scannable QR code per ticket,
    // and the event for the buyer's calendar.
    await page.goto(`/checkout/${eventId}/${order.short_id}/summary`);
    const [pdfDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download tickets (PDF)' }).click(),
    ]);
    expect(pdfDownload.suggestedFilename()).toBe(`tickets-${order.reference}.pdf`);
    const pdf = await readFile((await pdfDownload.path()) ?? '');
    const pages = await pdfText(pdf);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Ana Moreau');
    expect(pages[1]).toContain('Rui Moreau');
    expect(pages[0]).toContain('Doors open at 20:30.');
    expect(await pdfQrCodes(pdf)).toEqual([ana.ticket_code, rui.ticket_code]);
    const google = new URL(
      (await page.getByRole('link', { name: 'Google Calendar' }).getAttribute('href')) ?? '',
    );
    expect(google.searchParams.get('text')).toContain('Fado Night');
    expect(google.searchParams.get('details')).toContain(`/checkout/${eventId}/${order.short_id}/summary`);
    const outlook = await page.getByRole('link', { name: 'Outlook' }).getAttribute('href');
    expect(outlook).toMatch(/^https:\/\/outlook\.live\.com\/calendar\//);
    await expectAccessible(page, 'summary-downloads');

    // The confirmation mail, as the local SMTP server received it, carries both files.
    const confirmationOf = async () =>
      (await readMailbox()).find((m) => m.to === 'lena@example.com' && m.text.includes(order.reference));
    await expect.poll(confirmationOf, { timeout: 15_000 }).toBeDefined();
    const confirmation = (await confirmationOf()) as ReceivedMail;
    expect(confirmation.attachments.map((a) => [a.filename, a.mimeType]).sort()).toEqual([
      ['event.ics', 'text/calendar'],
      [`tickets-${order.reference}.pdf`, 'application/pdf'],
    ]);

    // Only the two expected 404s were logged.
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    await context.close();
  });
});
