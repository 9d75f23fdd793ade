import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityCheckAtWidths, baseUrl, launchBrowser, openPage, screenshot } from './browser';
import { expectEventually } from './expect';
import { apiCall, organizerSession } from './session';

// The event's logo, uploaded in the settings, where buyers meet the event (decision 037): the
// public page (in the HTML the server sends, sized so that nothing moves when it loads), the
// widget, and the order and ticket pages.

let browser: Browser;
let eventId: number;
let eventPath: string;
let order: { short_id: string; attendees: { short_id: string }[] };
const title = `Harbour Lights ${Date.now()}`;

/** A wide logo: a lighthouse beam over the name, on a transparent ground, 1200 × 300. */
const logoImage = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="300">
      <rect x="10" y="10" width="1180" height="280" rx="60" fill="#0b4f6c"/>
      <polygon points="120,240 170,60 220,240" fill="#f4d35e"/>
      <rect x="260" y="110" width="860" height="80" rx="20" fill="#f4d35e"/>
    </svg>`),
  )
    .png()
    .toBuffer();

beforeAll(async () => {
  browser = await launchBrowser();
  const session = await organizerSession(browser, {
    confirmEmail: true,
    eventTitle: title,
    eventSettings: { offline_payments_enabled: true },
  });
  const { api } = session;
  eventId = session.eventId;
  const ticket = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
    title: 'Deck',
    type: 'FREE',
  });
  const form = new FormData();
  form.append('type', 'EVENT_LOGO');
  form.append('image', new Blob([new Uint8Array(await logoImage())], { type: 'image/png' }), 'logo.png');
  const upload = await fetch(new URL(`/api/events/${eventId}/images`, baseUrl()), {
    method: 'POST',
    headers: { Authorization: `Bearer ${session.token}` },
    body: form,
  });
  expect(upload.status, await upload.clone().text()).toBe(201);
  await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
  const event = await api<{ slug: string }>('GET', `/api/events/${eventId}`);
  eventPath = `/e/${eventId}/${event.slug}`;
  await session.context.close();

  const base = `/api/public/events/${eventId}/orders`;
  const reserved = await apiCall<{ short_id: string }>('POST', base, {
    tickets: [{ ticket_id: ticket.id, quantity: 1 }],
  });
  const person = { first_name: 'Ana', last_name: 'Faria', email: 'ana.faria@example.com' };
  await apiCall('PUT', `${base}/${reserved.short_id}`, {
    ...person,
    attendees: [{ ticket_id: ticket.id, ...person }],
  });
  order = await apiCall('POST', `${base}/${reserved.short_id}/complete`, {});
}, 90_000);
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheckAtWidths('event-logo', { backToWide: true });

/** The logo on the page once loaded: its alt text, its box and whether the image decoded. */
async function shownLogo(page: Page) {
  const logo = page.getByTestId('event-logo').first();
  await logo.waitFor();
  await expectEventually(() =>
    logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
  ).toBe(true);
  return logo.evaluate((img: HTMLImageElement) => ({
    alt: img.alt,
    width: Math.round(img.getBoundingClientRect().width),
    height: Math.round(img.getBoundingClientRect().height),
  }));
}

describe('the event logo', () => {
  it('is in the event page the server sends, sized, and nothing moves when it arrives', async () => {
    const html = await (await fetch(new URL(eventPath, baseUrl()))).text();
    const tag = html.match(/<img[^>]*data-testid="event-logo"[^>]*>/)?.[0] ?? '';
    expect(tag).toContain(`alt="Logo of ${title}"`);
    expect(tag).toContain('width="240"');
    expect(tag).toContain('height="60"');

    // The logo's files are held back: the title must already stand where it stays.
    const { context, page, errors } = await openPage(browser);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/uploads\/.*\.webp$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(eventPath, { waitUntil: 'domcontentloaded' });
    const heading = page.getByRole('heading', { level: 1, name: title });
    await heading.waitFor();
    const before = await heading.boundingBox();
    release();
    expect(await shownLogo(page)).toEqual({ alt: `Logo of ${title}`, width: 240, height: 60 });
    expect(await heading.boundingBox()).toEqual(before);
    await expectAccessible(page, 'event-page');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('heads the widget, the order page and the ticket page', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto(`/widget/${eventId}`);
    expect(await shownLogo(page)).toEqual({ alt: `Logo of ${title}`, width: 200, height: 50 });
    await screenshot(page, 'event-logo-widget');

    await page.goto(`/order/${eventId}/${order.short_id}/print`);
    // On the order and on its ticket.
    await expectEventually(() => page.getByTestId('event-logo').count()).toBe(2);
    expect(await shownLogo(page)).toEqual({ alt: `Logo of ${title}`, width: 200, height: 50 });
    const src = await page.getByTestId('event-logo').first().getAttribute('src');
    expect(src).toMatch(new RegExp(`^/api/public/events/${eventId}/logo\\.png\\?v=\\d+$`));
    await expectAccessible(page, 'order-page');

    await page.goto(`/ticket/${eventId}/${order.attendees[0]?.short_id}`);
    expect(await shownLogo(page)).toEqual({ alt: `Logo of ${title}`, width: 200, height: 50 });
    await expectAccessible(page, 'ticket-page');
    expect(errors).toEqual([]);
    await context.close();
  });
});
