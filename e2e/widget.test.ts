import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, FrameLocator, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, baseUrl, launchBrowser, openPage, screenshot } from './browser';
import { expectAttribute, expectEventually, expectText, expectValue } from './expect';
import { type OrganizerSession, organizerSession } from './session';

// The embeddable widget (decision 022): an organizer's own site, served here from another
// origin (`localhost` on another port, another site than Tessera's 127.0.0.1), pastes the
// script tag; the buyer picks and buys inside the frame, which follows its content's height.

let browser: Browser;
let host: Server;
let hostOrigin: string;
/** The pages of the organizer's site, by path. */
const hostPages = new Map<string, string>();

beforeAll(async () => {
  browser = await launchBrowser();
  host = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (path === '/favicon.ico') {
      response.writeHead(204).end();
      return;
    }
    const page = hostPages.get(path);
    response.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page ?? 'Not found');
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://localhost:${(host.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => host?.close(resolve));
});

/** A plain page of the organizer's site with some text around what is given. */
function sitePage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
  <body style="font-family: Georgia, serif; margin: 0; background: #faf7f2; color: #222">
    <header style="padding: 24px; background: #1a5e20; color: #fff"><p style="margin: 0; font-size: 24px">Riverside Music</p></header>
    <main style="max-width: 720px; margin: 0 auto; padding: 16px">
      <h1>${title}</h1>
      <p>Three nights of music by the river. Get your tickets below.</p>
      ${body}
      <p>See you there!</p>
    </main>
  </body>
</html>`;
}

const boxHeight = (locator: Locator) => locator.evaluate((el) => el.getBoundingClientRect().height);

/** Whether the widget's frame on the organizer's page is as tall as the widget's content. */
async function frameFitsContent(page: Page): Promise<boolean> {
  const frame = page.locator('iframe[data-tessera-widget]');
  const content = page.frameLocator('iframe[data-tessera-widget]').locator('[data-tessera-widget]');
  return Math.abs((await boxHeight(frame)) - (await boxHeight(content))) <= 1;
}

/** Screenshots and axe (the widget's frame included) at desktop and phone width. */
async function expectAccessible(
  page: Page,
  name: string,
  options: { embedded?: boolean } = {},
): Promise<void> {
  for (const [size, viewport] of [
    ['wide', { width: 1280, height: 900 }],
    ['narrow', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    // The frame follows the new width's height before it is photographed.
    if (options.embedded) await expectEventually(() => frameFitsContent(page)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `widget-${name}-${size}`);
    expect(await axeViolations(page), `${name} (${size})`).toEqual([]);
  }
  // Back to desktop width. Setting the viewport again also lets Chromium route clicks into the
  // other site's frame correctly after the full-page screenshots resized the page.
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Makes the event live and closes the organizer's page. */
async function publish(session: OrganizerSession): Promise<void> {
  await session.api('PUT', `/api/events/${session.eventId}/status`, { status: 'LIVE' });
  await session.context.close();
}

async function fillBuyer(widget: FrameLocator) {
  await widget.getByLabel('First name').first().fill('Ana');
  await widget.getByLabel('Last name').first().fill('Lima');
  await widget.getByLabel('E-mail').first().fill('ana.lima@example.com');
  await widget.getByRole('button', { name: 'Copy my details' }).click();
}

describe('the embeddable widget', () => {
  it('sells a free ticket inside a frame on another site, following its content height', async () => {
    const title = `River Nights ${Date.now()}`;
    const session = await organizerSession(browser, { confirmEmail: true, eventTitle: title });
    const { eventId } = session;
    await session.api('POST', `/api/events/${eventId}/tickets`, { title: 'Community ticket', type: 'FREE' });
    await session.api('POST', `/api/events/${eventId}/tickets`, {
      title: 'Friends of the river',
      type: 'FREE',
    });
    await publish(session);
    hostPages.set(
      '/tickets.html',
      sitePage(
        'Tickets',
        `<script src="${baseUrl()}/widget.js" data-event-id="${eventId}" data-primary-color="#1a5e20" data-button-text="Book now" async></script>`,
      ),
    );
    // A page of Tessera other than the widget refuses to be framed there.
    hostPages.set(
      '/framed.html',
      sitePage('Framed', `<iframe title="Event" src="${baseUrl()}/e/${eventId}"></iframe>`),
    );

    const { context, page, errors } = await openPage(browser);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${hostOrigin}/tickets.html`);
    const frame = page.locator('iframe[data-tessera-widget]');
    const widget = page.frameLocator('iframe[data-tessera-widget]');
    await expectAttribute(frame, 'src').toBe(
      `${baseUrl()}/widget/${eventId}?primary_color=%231a5e20&button_text=Book+now`,
    );
    await widget.getByRole('heading', { name: title }).waitFor();

    // The frame takes the height of what it shows, and follows it as it changes.
    const fitsContent = () => frameFitsContent(page);
    await expectEventually(fitsContent).toBe(true);
    const listHeight = await boxHeight(frame);
    expect(listHeight).not.toBe(480);

    // The embed options: the organizer's colour (with white text on it) and button text.
    const button = widget.getByTestId('checkout-button');
    await expectText(button).toBe('Book now');
    await expectEventually(() => button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgb(26, 94, 32)',
    );
    expect(await button.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)');
    await expectAccessible(page, 'embedded-tickets', { embedded: true });

    await widget.getByRole('button', { name: 'More Community ticket' }).click();
    await expectText(button).toBe('Book now (1)');
    await button.click();

    // Details: a taller step, still inside the frame on the organizer's page.
    await widget.getByTestId('details-submit').waitFor();
    await expectEventually(() => boxHeight(frame)).toBeGreaterThan(listHeight + 100);
    await expectEventually(fitsContent).toBe(true);
    expect(page.url()).toBe(`${hostOrigin}/tickets.html`);
    await fillBuyer(widget);
    await expectAccessible(page, 'embedded-details', { embedded: true });
    const detailsHeight = await boxHeight(frame);
    await widget.getByRole('button', { name: 'Complete order' }).click();

    await widget.getByTestId('order-status').getByText('Completed').waitFor();
    await widget.getByText('Thank you! Your order is confirmed').waitFor();
    await expectEventually(fitsContent).toBe(true);
    expect(await boxHeight(frame)).not.toBe(detailsHeight);
    const frameUrl = await frame
      .evaluate((el) => (el as HTMLIFrameElement).contentWindow?.location.href ?? '')
      .catch(() => 'cross-origin');
    // The frame's document is Tessera's, which the organizer's page cannot read.
    expect(frameUrl).toBe('cross-origin');
    await expectAccessible(page, 'embedded-summary', { embedded: true });

    // Leaving the widget (a ticket's page) opens a new tab instead of framing that page.
    const [ticketTab] = await Promise.all([
      context.waitForEvent('page'),
      widget.getByRole('link', { name: /View ticket/ }).click(),
    ]);
    await ticketTab.waitForURL(new RegExp(`^${baseUrl()}/ticket/${eventId}/`));
    await ticketTab.close();
    expect(page.url()).toBe(`${hostOrigin}/tickets.html`);

    await page.goto(`${hostOrigin}/framed.html`);
    await expectEventually(async () =>
      page
        .frames()
        .find((f) => f !== page.mainFrame())
        ?.url(),
    ).toMatch(/^chrome-error:/);
    // Chromium says why in the console; nothing else went wrong.
    expect(errors.filter((e) => !e.includes("frame-ancestors 'self'"))).toEqual([]);
    await context.close();
  });

  it('takes card payments in a tab of their own and moves on once paid', async () => {
    const session = await organizerSession(browser, { confirmEmail: true });
    const { url } = await session.api<{ url: string }>('POST', '/api/accounts/payment/stripe/connect');
    await session.page.goto(url);
    await session.page.waitForURL('**/account/payment?stripe=return');
    await session.page.getByText('Connected', { exact: true }).waitFor();
    await session.api('POST', `/api/events/${session.eventId}/tickets`, {
      title: 'Concert',
      type: 'PAID',
      price: 3000,
    });
    const eventId = session.eventId;
    await publish(session);
    hostPages.set(
      '/paid.html',
      sitePage('Concert', `<script src="${baseUrl()}/widget.js" data-event-id="${eventId}" async></script>`),
    );

    const { context, page, errors } = await openPage(browser);
    await page.goto(`${hostOrigin}/paid.html`);
    const widget = page.frameLocator('iframe[data-tessera-widget]');
    await widget.getByRole('button', { name: 'More Concert' }).click();
    await widget.getByRole('button', { name: 'Check out (1)' }).click();
    await fillBuyer(widget);
    await widget.getByRole('button', { name: 'Continue to payment' }).click();

    // The payment step, inside the frame: card payment hands over to Tessera's own page.
    const handOver = widget.getByTestId('card-in-new-tab');
    await handOver.waitFor();
    await expectAccessible(page, 'embedded-payment', { embedded: true });
    const [payTab] = await Promise.all([
      context.waitForEvent('page'),
      handOver.getByRole('link', { name: 'Pay by card in a new tab' }).click(),
    ]);
    await payTab.waitForURL(new RegExp(`^${baseUrl()}/checkout/${eventId}/[\\w-]{22}/payment$`));
    await widget.getByText('Waiting for your payment.', { exact: false }).waitFor();
    await payTab.getByTestId('test-card-form').waitFor();
    await payTab.getByLabel('Visa 4242 – payment succeeds').check();
    await payTab.getByTestId('pay-button').click();
    await payTab.waitForURL('**/summary', { timeout: 20_000 });
    await payTab.close();

    // The widget noticed by itself.
    await widget.getByTestId('order-status').getByText('Completed').waitFor({ timeout: 15_000 });
    expect(page.url()).toBe(`${hostOrigin}/paid.html`);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('gives the organizer the embed code with options, a copy button and a live preview', async () => {
    const title = `Harbour Lights ${Date.now()}`;
    const session = await organizerSession(browser, { confirmEmail: true, eventTitle: title });
    const { page, context, errors, eventId } = session;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await session.api('POST', `/api/events/${eventId}/tickets`, { title: 'Deck ticket', type: 'FREE' });

    await page.goto(`/manage/event/${eventId}`);
    await page.getByRole('navigation', { name: 'Event pages' }).getByRole('link', { name: 'Widget' }).click();
    await page.waitForURL(`**/manage/event/${eventId}/widget`);
    await page.getByRole('heading', { name: 'Widget', level: 2 }).waitFor();
    // Still a draft: the preview says the event is not available, and the screen says why.
    await page.getByTestId('widget-not-live').waitFor();
    const preview = page.frameLocator('[data-testid="widget-preview"]');
    await preview.getByRole('heading', { name: 'This event is not available' }).waitFor();

    const code = page.getByTestId('embed-code');
    await expectValue(code).toBe(
      `<script src="${baseUrl()}/widget.js" data-event-id="${eventId}" async></script>`,
    );
    await session.api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
    await page.reload();
    await preview.getByRole('heading', { name: title }).waitFor();

    // A colour that is not a hex code is refused and left out of the code.
    const colour = page.getByRole('textbox', { name: 'Primary colour' });
    await colour.fill('#12345z');
    await page.getByText('Enter a colour as a hex code such as #ffffff.').waitFor();
    await expectValue(code).not.toContain('data-primary-color');
    await colour.fill('#c2255c');
    await page.getByRole('textbox', { name: 'Button text' }).fill('Reserve a seat');
    await page.getByRole('switch', { name: 'Fit the height to the content' }).uncheck();
    await expectValue(code).toBe(
      `<script src="${baseUrl()}/widget.js" data-event-id="${eventId}" data-primary-color="#c2255c"` +
        ` data-button-text="Reserve a seat" data-auto-resize="false" async></script>`,
    );
    // An affiliate's code for a partner's embed: checked as the affiliates screen checks codes.
    const affiliate = page.getByRole('textbox', { name: 'Affiliate code' });
    await affiliate.fill('radio fm');
    await page.getByText('Use letters, digits, dashes and underscores only.').waitFor();
    await expectValue(code).not.toContain('data-affiliate-code');
    await affiliate.fill('radio-fm');
    await expectValue(code).toContain(' data-auto-resize="false" data-affiliate-code="RADIO-FM" async>');
    await affiliate.fill('');

    // The preview is the real widget with those options.
    const previewButton = preview.getByTestId('checkout-button');
    await expectText(previewButton).toBe('Reserve a seat');
    await expectEventually(() => previewButton.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgb(194, 37, 92)',
    );
    expect(await boxHeight(page.getByTestId('widget-preview'))).toBe(640);
    await page.getByRole('switch', { name: 'Fit the height to the content' }).check();
    await expectEventually(() => boxHeight(page.getByTestId('widget-preview'))).not.toBe(640);

    // By keyboard, as by mouse.
    await page.getByRole('button', { name: 'Copy code' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await code.inputValue());
    await expectAccessible(page, 'screen');
    // While the event was a draft, the preview's request for the public event answered 404.
    expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
    await context.close();
  });

  it('shows the widget page itself in the language and colours of its address', async () => {
    const title = `Quay Sessions ${Date.now()}`;
    const session = await organizerSession(browser, { confirmEmail: true, eventTitle: title });
    await session.api('POST', `/api/events/${session.eventId}/tickets`, { title: 'Standing', type: 'FREE' });
    const eventId = session.eventId;
    await publish(session);
    const { context, page, errors } = await openPage(browser);
    // A light colour gets black text on its buttons; an invalid button text is ignored.
    await page.goto(`/widget/${eventId}?primary_color=%23ffd43b&button_text=${'x'.repeat(51)}&locale=de`);
    await page.getByRole('heading', { name: title }).waitFor();
    const button = page.getByTestId('checkout-button');
    await expectText(button).toBe('Tickets holen');
    expect(await button.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(0, 0, 0)');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await expectAccessible(page, 'page-de');

    // The language was the embed's, not remembered for the buyer; a button text is only text.
    const text = '<img src=x onerror=alert(1)>Buy';
    await page.goto(`/widget/${eventId}?button_text=${encodeURIComponent(text)}`);
    await page.getByRole('button', { name: 'Have a promo code?' }).waitFor();
    await expectText(button).toBe(text);
    expect(await page.locator('img[src="x"]').count()).toBe(0);

    // Embedded without a colour of its own, the widget wears the event's designed one.
    await session.api('PUT', `/api/events/${eventId}`, { settings: { homepage_primary_color: '#1a5e20' } });
    await page.goto(`/widget/${eventId}`);
    await page.getByRole('button', { name: 'Have a promo code?' }).waitFor();
    await expectEventually(() => button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgb(26, 94, 32)',
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
