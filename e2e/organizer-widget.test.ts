import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, baseUrl, launchBrowser, openPage, screenshot } from './browser';
import { expectAttribute, expectEventually, expectVisible } from './expect';
import { organizerSession } from './session';

// The organizer's events widget (decision 062): set up in the organizer settings, its code
// pasted into the organizer's own site (served here from another origin, `localhost` on another
// port), it shows the live event in a frame that follows its height, and the event's link opens
// the event page in a new tab.

let browser: Browser;
let host: Server;
let hostOrigin: string;
let hostPage = '';

beforeAll(async () => {
  browser = await launchBrowser();
  host = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (path === '/favicon.ico') {
      response.writeHead(204).end();
      return;
    }
    const found = path === '/events.html';
    response.writeHead(found ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(found ? hostPage : 'Not found');
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://localhost:${(host.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => host?.close(resolve));
});

const boxHeight = (locator: Locator) => locator.evaluate((el) => el.getBoundingClientRect().height);

/** Whether the frame on the site is as tall as the widget's document. */
async function frameFitsContent(page: Page): Promise<boolean> {
  const frame = page.locator('iframe[data-tessera-widget]');
  const content = page.frameLocator('iframe[data-tessera-widget]').locator('html');
  return Math.abs((await boxHeight(frame)) - (await boxHeight(content))) <= 1;
}

describe("the organizer's events widget", () => {
  it('is copied from the settings, shows the live event on another site and opens its page in a new tab', async () => {
    const stamp = Date.now();
    const title = `Lantern Walk ${stamp}`;
    const session = await organizerSession(browser, { eventTitle: title, confirmEmail: true });
    await session.api('POST', `/api/events/${session.eventId}/tickets`, { title: 'Walker', type: 'FREE' });
    await session.api('PUT', `/api/events/${session.eventId}/status`, { status: 'LIVE' });
    const organizers = await session.api<{ data: { id: number }[] }>('GET', '/api/organizers');
    const organizerId = organizers.data[0]?.id ?? 0;
    const slug = `lanterns-${stamp}`;
    await session.api('PUT', `/api/organizers/${organizerId}`, { slug });

    // The settings screen: the card, its options and the code to copy.
    const { page } = session;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/manage/organizer/${organizerId}/settings`);
    await expectVisible(page.getByRole('heading', { name: 'Widget for your website' })).toBe(true);
    await page.getByRole('combobox', { name: 'Layout' }).click();
    await page.getByRole('option', { name: 'Compact list' }).click();
    await page.getByLabel('Show past events too').check();
    const code = page.getByTestId('organizer-embed-code');
    await expectEventually(() => code.inputValue()).toBe(
      `<script src="${baseUrl()}/widget.js" data-organizer="${slug}" data-past="true" data-layout="compact" async></script>`,
    );
    await expectVisible(page.getByRole('button', { name: 'Copy code' })).toBe(true);
    const preview = page.frameLocator('[data-testid="organizer-widget-preview"]');
    await expectVisible(preview.getByRole('link', { name: new RegExp(title) })).toBe(true);
    await screenshot(page, 'organizer-widget-settings');
    expect(await axeViolations(page)).toEqual([]);
    await session.context.close();

    // The organizer's site, with the default code (cards).
    hostPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Lantern club</title></head>
<body style="font-family: Georgia, serif; margin: 0; background: #faf7f2; color: #222">
<header style="padding: 24px; background: #1a3e5e; color: #fff"><p style="margin: 0; font-size: 24px">Lantern club</p></header>
<main style="max-width: 960px; margin: 0 auto; padding: 16px"><h1>Our walks</h1>
<script src="${baseUrl()}/widget.js" data-organizer="${slug}" data-primary-color="#1a3e5e" async></script>
<p>See you there!</p></main></body></html>`;
    const visitor = await openPage(browser);
    const site = visitor.page;
    await site.setViewportSize({ width: 1280, height: 900 });
    await site.goto(`${hostOrigin}/events.html`);
    const frame = site.locator('iframe[data-tessera-widget]');
    await expectAttribute(frame, 'src').toBe(`${baseUrl()}/widget/organizer/${slug}?primary_color=%231a3e5e`);
    const widget = site.frameLocator('iframe[data-tessera-widget]');
    const link = widget.getByRole('link', { name: new RegExp(title) });
    await expectVisible(link).toBe(true);
    await expectVisible(widget.getByText('Free')).toBe(true);
    await expectVisible(widget.getByText('On sale')).toBe(true);
    await expectAttribute(link, 'target').toBe('_blank');

    // The frame follows the widget's height, at each width; axe inside the frame too.
    for (const [size, viewport] of [
      ['wide', { width: 1280, height: 900 }],
      ['narrow', { width: 390, height: 844 }],
    ] as const) {
      await site.setViewportSize(viewport);
      await expectEventually(() => frameFitsContent(site)).toBe(true);
      expect(await boxHeight(frame)).not.toBe(480);
      await screenshot(site, `organizer-widget-${size}`);
      expect(await axeViolations(site), size).toEqual([]);
    }
    await site.setViewportSize({ width: 1280, height: 900 });

    // The event's link opens the event page in a tab of its own; the site stays.
    const [tab] = await Promise.all([visitor.context.waitForEvent('page'), link.click()]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).origin).toBe(baseUrl());
    expect(new URL(tab.url()).pathname).toMatch(new RegExp(`^/e/${session.eventId}/`));
    await expectVisible(tab.getByRole('heading', { name: title, level: 1 })).toBe(true);
    expect(site.url()).toBe(`${hostOrigin}/events.html`);
    await tab.close();

    // The widget's document opened alone (the compact layout): nothing serious. Its landmarks
    // are the framing page's (no `main` of its own), which axe misses only outside a frame.
    const alone = await openPage(browser);
    await alone.page.goto(`/widget/organizer/${slug}?layout=compact`);
    const serious = (await axeViolations(alone.page)).filter((v) => /\((serious|critical)\)/.test(v));
    expect(serious).toEqual([]);
    await screenshot(alone.page, 'organizer-widget-compact-alone');
    expect(alone.errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
    await alone.context.close();
    await visitor.context.close();
  });
});
