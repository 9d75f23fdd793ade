import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, baseUrl, launchBrowser, openPage, screenshot } from './browser';
import { expectEventually, expectVisible } from './expect';
import { type OrganizerSession, organizerSession } from './session';

// Issue 17's storefront: the public event page an organizer shares (cover, description, place,
// three kinds of tickets with one sold out and one not on sale yet), in English and Chinese, on a
// phone and a desktop; and the homepage designer, whose preview follows the form before saving
// and whose saved colours the public page then wears.

let browser: Browser;
let session: OrganizerSession;
let eventPath: string;

const DEFAULT_PRIMARY = 'rgb(59, 63, 182)';
const NEW_PRIMARY = 'rgb(180, 35, 42)';

/** A cover made here: an evening sky over a river, as an SVG turned into a PNG. */
function coverImage(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="800">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#241b5e"/><stop offset="0.55" stop-color="#c2456b"/><stop offset="1" stop-color="#f6a65a"/>
      </linearGradient>
      <linearGradient id="river" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#3b3fb6"/><stop offset="1" stop-color="#141634"/>
      </linearGradient>
    </defs>
    <rect width="1600" height="800" fill="url(#sky)"/>
    <circle cx="1180" cy="470" r="120" fill="#ffd27a" opacity="0.9"/>
    <path d="M0 520 L180 430 L330 500 L520 380 L700 490 L900 410 L1100 500 L1300 420 L1600 510 L1600 800 L0 800 Z" fill="#1d1847"/>
    <rect y="560" width="1600" height="240" fill="url(#river)"/>
    <g stroke="#ffd27a" stroke-width="6" opacity="0.5">
      <line x1="1080" y1="600" x2="1280" y2="600"/><line x1="1110" y1="640" x2="1250" y2="640"/><line x1="1140" y1="680" x2="1220" y2="680"/>
    </g>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

beforeAll(async () => {
  browser = await launchBrowser();
  session = await organizerSession(browser, {
    confirmEmail: true,
    eventTitle: `Fado by the River ${Date.now()}`,
    eventSettings: { offline_payments_enabled: true, contact_email: 'hello@riverside.example' },
  });
  const { api, eventId } = session;
  const { organizer_id } = await api<{ organizer_id: number }>('GET', `/api/events/${eventId}`);
  await api('PUT', `/api/organizers/${organizer_id}`, {
    description: 'Fado nights by the river since 2009.\nSmall stages, big voices.',
  });
  await api('PUT', `/api/events/${eventId}`, {
    description:
      '<p>An evening of <strong>fado</strong> on the terrace, as the sun goes down over the Tagus.</p>' +
      '<p>Three singers, two guitars, and the river. Doors open at 19:00; the first set starts at 19:30.</p>' +
      '<ul><li>Seated and standing places</li><li>Bar open all evening</li></ul>',
    location: {
      venue_name: 'Terraço do Rio',
      address_line_1: 'Rua da Ribeira 12',
      city: 'Lisboa',
      zip_or_postal_code: '1200-109',
      country: 'Portugal',
    },
  });
  const ticket = (body: Record<string, unknown>) =>
    api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, body);
  const early = await ticket({
    title: 'Early bird',
    description: '<p>The first twenty seats, at a gentler price.</p>',
    type: 'PAID',
    price: 1800,
    quantity_available: 1,
  });
  await ticket({
    title: 'Festival pass',
    type: 'TIERED',
    prices: [
      { label: 'Standing', price: 2500 },
      { label: 'Seated, front rows', price: 4000 },
    ],
  });
  await ticket({ title: 'Pay what you can', type: 'DONATION', price: 500 });
  await ticket({ title: 'Neighbours', description: '<p>For the people of the street.</p>', type: 'FREE' });
  await ticket({
    title: 'Late entry',
    type: 'PAID',
    price: 1200,
    sale_start_date: new Date(Date.now() + 20 * 24 * 3600 * 1000).toISOString(),
  });

  const form = new FormData();
  form.append('type', 'EVENT_COVER');
  form.append('image', new Blob([new Uint8Array(await coverImage())], { type: 'image/png' }), 'cover.png');
  const upload = await fetch(new URL(`/api/events/${eventId}/images`, baseUrl()), {
    method: 'POST',
    headers: { Authorization: `Bearer ${session.token}` },
    body: form,
  });
  expect(upload.status, await upload.clone().text()).toBe(201);

  await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
  // The only early-bird seat is held by someone else's checkout: sold out for now.
  await api('POST', `/api/public/events/${eventId}/orders`, {
    tickets: [{ ticket_id: early.id, quantity: 1 }],
  });
  const event = await api<{ slug: string }>('GET', `/api/events/${eventId}`);
  eventPath = `/e/${eventId}/${event.slug}`;
});
afterAll(async () => {
  await session?.context.close();
  await browser?.close();
});

/** A visitor's browser: not logged in, in a time zone other than the event's (Lisbon). */
const visitor = (language?: string) =>
  openPage(browser, {
    locale: language === 'zh-CN' ? 'zh-CN' : 'en-US',
    timezoneId: 'America/New_York',
    ...(language ? { cookies: { tessera_locale: language } } : {}),
  });

const background = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).backgroundColor);

async function checkAccessible(page: Page, name: string) {
  for (const [size, viewport] of [
    ['1280', { width: 1280, height: 900 }],
    ['390', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.mouse.move(0, 0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `storefront-${name}-${size}`);
    expect(await axeViolations(page), `${name} at ${size}px`).toEqual([]);
  }
}

describe('public event page', () => {
  it('shows cover, when, where, organizer, sharing and each ticket’s state, in English and Chinese', async () => {
    for (const language of ['en', 'zh-CN']) {
      const { context, page, errors } = await visitor(language);
      await page.goto(eventPath);
      const tickets = page.getByRole('region', { name: language === 'en' ? 'Tickets' : '门票' });
      await tickets.getByRole('listitem').filter({ hasText: 'Early bird' }).waitFor();
      await page.getByTestId('event-cover').waitFor();
      await expectEventually(() =>
        page.getByTestId('event-cover').evaluate((img) => (img as HTMLImageElement).complete),
      ).toBe(true);
      const item = (title: string) => tickets.getByRole('listitem').filter({ hasText: title }).first();
      if (language === 'en') {
        await expect(item('Early bird').innerText()).resolves.toContain('Sold out');
        await expect(item('Late entry').innerText()).resolves.toContain('On sale from');
        await expect(item('Neighbours').innerText()).resolves.toContain('Free');
        await expect(item('Pay what you can').innerText()).resolves.toContain(
          'Pay what you want, at least €5.00',
        );
        await expect(item('Festival pass').innerText()).resolves.toContain('Seated, front rows');
        await expect(page.getByTestId('event-local-date').innerText()).resolves.toMatch(/^Your time: /);
        await expect(page.getByTestId('event-location').innerText()).resolves.toContain('Terraço do Rio');
        const organizer = page.getByTestId('organizer-card');
        await expect(organizer.innerText()).resolves.toContain('Riverside Music');
        // The organizer's own words, plain text with its line break kept.
        await expect(organizer.getByTestId('organizer-description').innerText()).resolves.toBe(
          'Fado nights by the river since 2009.\nSmall stages, big voices.',
        );
        await expect(
          organizer.getByRole('link', { name: 'hello@riverside.example' }).getAttribute('href'),
        ).resolves.toBe('mailto:hello@riverside.example');
        const map = page.getByRole('region', { name: 'Where' }).getByRole('link', { name: 'Open the map' });
        await expect(map.getAttribute('href')).resolves.toContain('Terra%C3%A7o%20do%20Rio');
        // Sharing: the link to copy, the e-mail, and the calendar file.
        const share = page.getByTestId('share-buttons');
        await expect(share.getByRole('link', { name: 'E-mail' }).getAttribute('href')).resolves.toMatch(
          /^mailto:\?subject=Fado%20by%20the%20River/,
        );
        const ics = await share.getByRole('link', { name: 'Add to calendar' }).getAttribute('href');
        const calendar = await fetch(new URL(ics ?? '', baseUrl()));
        expect(calendar.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
        await expect(calendar.text()).resolves.toContain('LOCATION:Terraço do Rio\\, Rua da Ribeira 12');
        await context.grantPermissions(['clipboard-read', 'clipboard-write']);
        await share.getByRole('button', { name: 'Copy link' }).click();
        await share.getByRole('button', { name: 'Link copied' }).waitFor();
        await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(
          `${baseUrl()}${eventPath}`,
        );
      } else {
        await expect(item('Early bird').innerText()).resolves.toContain('售罄');
        await expect(page.getByRole('heading', { level: 2, name: '门票' }).count()).resolves.toBe(1);
      }
      // On a phone the "Get tickets" bar waits at the bottom and leads to the tickets.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.evaluate(() => window.scrollTo(0, 0));
      const bar = page.getByTestId('sticky-tickets-bar');
      if (language === 'en') {
        await expectVisible(bar).toBe(true);
        await bar.getByRole('button', { name: 'Get tickets' }).click();
        await expectVisible(bar).toBe(false);
        await expectEventually(() => page.evaluate(() => document.activeElement?.id)).toBe('tickets-heading');
      }
      await checkAccessible(page, `event-${language}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe('the first HTML', () => {
  it('carries the page before any script runs, and React hydrates it in place, then runs checkout, with no error', async () => {
    // No JavaScript at all: what the server sent is the page.
    const bare = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false, locale: 'en-US' });
    const still = await bare.newPage();
    await still.goto(eventPath);
    await still.getByRole('heading', { level: 1, name: /Fado by the River/ }).waitFor();
    const tickets = still.getByRole('region', { name: 'Tickets' });
    await expect(
      tickets.getByRole('listitem').filter({ hasText: 'Early bird' }).innerText(),
    ).resolves.toContain('Sold out');
    await expect(still.getByText('Three singers, two guitars, and the river.').count()).resolves.toBe(1);
    await expect(still.getByTestId('event-cover').count()).resolves.toBe(1);
    await bare.close();

    // React's server renderer writes every boundary in place: no inline script (the page's
    // security policy would block it) and no part sent apart to be moved in later.
    const html = await (
      await fetch(`${baseUrl()}${eventPath}`, { headers: { 'accept-language': 'en' } })
    ).text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.filter((tag) => !/\bsrc=|type="application\/(?:json|ld\+json)"/.test(tag))).toEqual([]);
    expect(html).not.toContain('<template');
    expect(html).toContain('<!--$-->');

    // With it: the same page comes alive in place. The elements the server sent are noted
    // before any script runs; once the page responds, every one of them is still on the page
    // (hydrated by React itself, not rendered anew: decision 034).
    const { context, page, errors } = await visitor('en');
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive')
          (window as { served?: Element[] }).served = [...document.querySelectorAll('#root *')];
      });
    });
    await page.goto(eventPath);
    const neighbours = page
      .getByRole('region', { name: 'Tickets' })
      .getByRole('listitem')
      .filter({ hasText: 'Neighbours' });
    await neighbours.getByRole('button', { name: 'More Neighbours' }).click();
    await expectEventually(() => neighbours.locator('output').innerText()).toBe('1');
    await expect(page.getByTestId('event-local-date').innerText()).resolves.toMatch(/^Your time: /);
    const served = await page.evaluate(() => {
      const elements = (window as { served?: Element[] }).served ?? [];
      const root = document.getElementById('root') ?? {};
      return {
        count: elements.length,
        replaced: elements.filter((e) => !e.isConnected).length,
        react: Object.keys(root).some((key) => key.startsWith('__reactContainer$')),
      };
    });
    expect(served.count).toBeGreaterThan(100);
    expect(served.replaced).toBe(0);
    expect(served.react).toBe(true);

    // On to checkout, in the same page: the details step renders and checks the form.
    await page.getByTestId('checkout-button').click();
    await page.waitForURL(/\/details$/);
    await page.getByRole('heading', { name: 'Your details' }).waitFor();
    await page.getByTestId('details-submit').click();
    await expectEventually(() => page.locator('[aria-invalid="true"]').count()).toBeGreaterThan(0);
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).resolves.toBe(
      'true',
    );
    expect(warnings.filter((w) => w.includes('server-rendered page'))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('homepage designer', () => {
  it('previews unsaved colours, warns on poor contrast, resets, saves by keyboard, and themes the public page', async () => {
    const { page, errors } = session;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/manage/event/${session.eventId}/homepage-designer`);
    const preview = page.getByTestId('design-preview');
    const previewButton = preview.getByTestId('checkout-button');
    await previewButton.waitFor();
    await expect(background(previewButton)).resolves.toBe(DEFAULT_PRIMARY);
    await expect(preview.innerText()).resolves.toContain('Festival pass');

    // A visitor sees the saved design meanwhile.
    const buyer = await visitor();
    await buyer.page.goto(eventPath);
    const buyerButton = buyer.page.getByTestId('checkout-button');
    await buyerButton.waitFor();
    await expect(background(buyerButton)).resolves.toBe(DEFAULT_PRIMARY);

    // Pale text is flagged, and "Reset to defaults" takes it back.
    const textColour = page.getByLabel('Text colour', { exact: true });
    await textColour.fill('#cccccc');
    const warning = page.getByTestId('contrast-warning');
    await warning.waitFor();
    await expect(warning.innerText()).resolves.toContain('Text on the content background');
    // (The preview then fails the contrast rule on purpose: axe runs once the design is sound.)
    await screenshot(page, 'storefront-designer-warning-1280');
    await page.getByRole('button', { name: 'Reset to defaults' }).click();
    await expectVisible(warning).toBe(false);

    // By keyboard: from the page background, Tab to the primary colour and type a new one.
    await page.getByLabel('Page background', { exact: true }).focus();
    const primary = page.getByLabel('Primary colour', { exact: true });
    for (let i = 0; i < 10 && !(await primary.evaluate((el) => el === document.activeElement)); i += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(primary.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('#b4232a');
    await page.keyboard.press('Escape');
    // The preview follows before anything is saved; the public page does not.
    await expectEventually(() => background(previewButton)).toBe(NEW_PRIMARY);
    await page.getByTestId('unsaved').waitFor();
    await buyer.page.reload();
    await buyerButton.waitFor();
    await expect(background(buyerButton)).resolves.toBe(DEFAULT_PRIMARY);

    // The continue-button label is part of the design too.
    await page.getByLabel('Continue button text').fill('Book a seat');
    await expectEventually(() => previewButton.innerText()).toBe('Book a seat');

    // Tab on to "Save design" and press Enter.
    const save = page.getByTestId('save-design');
    for (let i = 0; i < 40 && !(await save.evaluate((el) => el === document.activeElement)); i += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(save.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await page.getByText('The design has been saved.').waitFor();
    await expectVisible(page.getByTestId('unsaved')).toBe(false);
    await checkAccessible(page, 'designer');

    // The buyer's page now wears it.
    await buyer.page.reload();
    await buyerButton.waitFor();
    await expectEventually(() => background(buyerButton)).toBe(NEW_PRIMARY);
    await expect(buyerButton.innerText()).resolves.toBe('Book a seat');
    const saved = await session.api<{ settings: Record<string, unknown> }>(
      'GET',
      `/api/events/${session.eventId}`,
    );
    expect(saved.settings).toMatchObject({
      homepage_primary_color: '#b4232a',
      continue_button_text: 'Book a seat',
      contact_email: 'hello@riverside.example',
      offline_payments_enabled: true,
    });
    await buyer.page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(buyer.page, 'storefront-event-redesigned-1280');
    // Checkout wears the design too.
    await buyer.page.getByRole('button', { name: 'More Neighbours' }).click();
    await buyerButton.click();
    const details = buyer.page.getByTestId('details-submit');
    await details.waitFor();
    await expectEventually(() => background(details)).toBe(NEW_PRIMARY);
    await expect(
      buyer.page
        .locator('[data-event-design]')
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor),
    ).resolves.toBe('rgb(241, 242, 247)');
    // And so do its dialogs: the dialog opens inside the themed element, not after it.
    await buyer.page.getByTestId('reservation-bar').getByRole('button', { name: 'Cancel order' }).click();
    const dialog = buyer.page.getByRole('dialog', { name: 'Cancel this order?' });
    await dialog.waitFor();
    await expect(dialog.evaluate((el) => el.closest('[data-event-design]') !== null)).resolves.toBe(true);
    // The destructive button keeps the design's error red rather than the event's primary colour.
    const confirmCancel = dialog.getByRole('button', { name: 'Cancel order' });
    const ownRed = await dialog.evaluate((el) => {
      const probe = document.createElement('span');
      probe.style.backgroundColor = 'var(--ui-error)';
      el.appendChild(probe);
      const colour = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return colour;
    });
    expect(ownRed).not.toBe(NEW_PRIMARY);
    await expectEventually(() => background(confirmCancel)).toBe(ownRed);
    await checkAccessible(buyer.page, 'checkout-cancel-dialog');
    await dialog.getByRole('button', { name: 'Keep my order' }).click();
    await expectVisible(dialog).toBe(false);
    expect(buyer.errors).toEqual([]);
    expect(errors).toEqual([]);
    await buyer.context.close();
  });
});
