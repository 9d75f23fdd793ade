import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, baseUrl, launchBrowser, screenshot } from './browser';
import { expectAttribute, expectCount, expectEventually } from './expect';
import { organizerSession } from './session';

// The widget's frame cannot be walked into the rest of the app (decision 038). The framing
// page is on another origin of the same site as Tessera (127.0.0.1 on another port), where the
// browser gives the frame the organizer's stored login: the organizer app inside such a frame
// could be operated by clicks the framing page tricks the organizer into.

let browser: Browser;
let host: Server;
let hostOrigin: string;
let hostPage = '';

beforeAll(async () => {
  browser = await launchBrowser();
  host = createServer((request, response) => {
    if (request.url === '/favicon.ico') {
      response.writeHead(204).end();
      return;
    }
    const found = (request.url ?? '/').startsWith('/shop.html');
    response.writeHead(found ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(found ? hostPage : 'Not found');
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => host?.close(resolve));
});

/** The framed document whose address starts with `prefix`. */
async function frameAt(page: Page, prefix: string): Promise<Frame> {
  let found: Frame | undefined;
  await expectEventually(async () => {
    found = page.frames().find((f) => f.url().startsWith(prefix));
    return Boolean(found);
  }).toBe(true);
  return found as Frame;
}

/** Moves the frame's app to `path` as its own links would, without asking the server. */
const moveFrameTo = (frame: Frame, path: string) =>
  frame.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);

describe("the widget's frame", () => {
  it('never shows a page that is not the widget, even to the logged-in organizer, on a site next door', async () => {
    const title = `Harbour Lights ${Date.now()}`;
    // The organizer's browser: logged in to Tessera.
    const session = await organizerSession(browser, { confirmEmail: true, eventTitle: title });
    const { eventId, page, context, errors } = session;
    await session.api('POST', `/api/events/${eventId}/tickets`, { title: 'Pier place', type: 'FREE' });
    await session.api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
    const widgetUrl = `${baseUrl()}/widget/${eventId}`;
    hostPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbour shop</title></head>
<body><main><h1>Harbour shop</h1>
<iframe id="widget" title="Tickets" src="${widgetUrl}" style="width: 100%; height: 520px; border: 0"></iframe>
<iframe id="made-up" title="Made up" src="${widgetUrl}/anything"></iframe>
</main></body></html>`;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${hostOrigin}/shop.html`);
    const widget = page.frameLocator('#widget');
    await widget.getByRole('heading', { name: title }).waitFor();

    // A made-up address below the widget is no page of the widget: the server refuses the frame.
    await expectEventually(async () =>
      page
        .frames()
        .find((f) => f !== page.mainFrame() && !f.url().startsWith(widgetUrl))
        ?.url(),
    ).toMatch(/^chrome-error:/);

    // The frame has the organizer's login, as the browser shares storage within a site.
    const frame = await frameAt(page, widgetUrl);
    expect(await frame.evaluate(() => localStorage.getItem('tessera_token'))).toBe(session.token);

    // Reached inside the frame, the not-found page's link home opens a tab of its own.
    await moveFrameTo(frame, `/widget/${eventId}/anything`);
    await widget.getByRole('heading', { name: 'Page not found' }).waitFor();
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      widget.getByRole('link', { name: 'Go back to the home page' }).click(),
    ]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).origin).toBe(baseUrl());
    await tab.close();
    expect(new URL(frame.url()).pathname).toBe(`/widget/${eventId}/anything`);
    await widget.getByRole('heading', { name: 'Page not found' }).waitFor();

    // Any other page of the app, however the frame gets there, is refused inside the frame.
    for (const path of ['/', '/manage/events', `/manage/event/${eventId}/settings`, `/e/${eventId}`]) {
      await moveFrameTo(frame, path);
      await widget.getByRole('heading', { name: 'This page opens outside the ticket widget' }).waitFor();
      await expectCount(widget.getByRole('heading')).toBe(1);
      await expectCount(widget.getByRole('navigation')).toBe(0);
    }
    const open = widget.getByRole('link', { name: 'Open the page in a new tab' });
    await expectAttribute(open, 'target').toBe('_blank');
    await expectAttribute(open, 'href').toBe(`/e/${eventId}`);
    await screenshot(page, 'widget-frame-outside');
    expect(await axeViolations(page)).toEqual([]);

    // The way back leads to the widget's tickets, inside the frame.
    await widget.getByRole('link', { name: 'Back to the tickets' }).click();
    await widget.getByRole('heading', { name: title }).waitFor();
    expect(new URL(frame.url()).pathname).toBe(`/widget/${eventId}`);
    expect(page.url()).toBe(`${hostOrigin}/shop.html`);
    // Chromium says why it refused the made-up address (and the session's login script finds
    // no storage in its error page); nothing else went wrong.
    const expected = (e: string) => e.includes("frame-ancestors 'self'") || e.includes("'localStorage'");
    expect(errors.filter((e) => !expected(e))).toEqual([]);
    await context.close();
  });
});
