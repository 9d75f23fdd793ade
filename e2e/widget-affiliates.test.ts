import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, FrameLocator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AffiliateResponse } from '../common/affiliates';
import { baseUrl, launchBrowser, openPage } from './browser';
import { expectAttribute } from './expect';
import { organizerSession } from './session';

// Affiliates through the embeddable widget (decisions 021 and 022): the organizer's site, on
// another origin, embeds the widget; an `?aff=` link to that site's page, or the tag's own
// `data-affiliate-code`, reaches the order bought inside the frame, also when the browser
// refuses the framed page its storage.

let browser: Browser;
let host: Server;
let hostOrigin: string;
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

const sitePage = (tag: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tickets</title></head>
<body><main><h1>Riverside Music</h1>${tag}</main></body></html>`;

/** Buys one free "Standing" ticket inside the widget's frame. */
async function buyInWidget(widget: FrameLocator): Promise<void> {
  await widget.getByRole('button', { name: 'More Standing' }).click();
  await widget.getByRole('button', { name: 'Check out (1)' }).click();
  await widget.getByLabel('First name').first().fill('Ana');
  await widget.getByLabel('Last name').first().fill('Lima');
  await widget.getByLabel('E-mail').first().fill('ana.lima@example.com');
  await widget.getByRole('button', { name: 'Copy my details' }).click();
  await widget.getByRole('button', { name: 'Complete order' }).click();
  await widget.getByTestId('order-status').getByText('Completed').waitFor();
}

describe('affiliates through the widget', () => {
  it("credits the host page's ?aff= link and the tag's data-affiliate-code, even without storage", async () => {
    const session = await organizerSession(browser, { confirmEmail: true });
    const { api, eventId } = session;
    await api('POST', `/api/events/${eventId}/tickets`, { title: 'Standing', type: 'FREE' });
    await api('POST', `/api/events/${eventId}/affiliates`, { name: 'Radio Harbour', code: 'RADIO-FM' });
    await api('POST', `/api/events/${eventId}/affiliates`, { name: 'Partner site', code: 'PARTNER' });
    await api('POST', `/api/events/${eventId}/affiliates`, { name: 'Bystander', code: 'OTHER' });
    await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
    const script = `<script src="${baseUrl()}/widget.js" data-event-id="${eventId}" async></script>`;
    hostPages.set('/tickets.html', sitePage(script));
    hostPages.set(
      '/partner.html',
      sitePage(script.replace(' async>', ' data-affiliate-code="partner" async>')),
    );
    const orders = async () => {
      const list = await api<{ data: AffiliateResponse[] }>('GET', `/api/events/${eventId}/affiliates`);
      return Object.fromEntries(list.data.map((a) => [a.code, a.orders]));
    };

    // An affiliate link to the organizer's page with the widget: the script hands the code on.
    const buyer = await openPage(browser);
    await buyer.page.goto(`${hostOrigin}/tickets.html?utm_source=radio&aff=radio-fm`);
    const frame = buyer.page.locator('iframe[data-tessera-widget]');
    await expectAttribute(frame, 'src').toBe(`${baseUrl()}/widget/${eventId}?aff=radio-fm`);
    await buyInWidget(buyer.page.frameLocator('iframe[data-tessera-widget]'));
    expect(buyer.errors).toEqual([]);
    await buyer.context.close();
    expect(await orders()).toEqual({ 'RADIO-FM': 1, PARTNER: 0, OTHER: 0 });

    // The partner's embed names its code, which wins over a link's. This Chromium already
    // refuses localStorage to another site's frame (third-party cookies blocked); here the
    // refusal is made certain, whatever the browser's settings, and checked.
    const blocked = await openPage(browser);
    await blocked.context.addInitScript(() => {
      if (window.top === window) return;
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('Storage is disabled for framed pages.', 'SecurityError');
        },
      });
    });
    await blocked.page.goto(`${hostOrigin}/partner.html?aff=OTHER`);
    const partnerFrame = blocked.page.locator('iframe[data-tessera-widget]');
    await expectAttribute(partnerFrame, 'src').toBe(`${baseUrl()}/widget/${eventId}?aff=partner`);
    const widget = blocked.page.frameLocator('iframe[data-tessera-widget]');
    await widget.getByRole('button', { name: 'More Standing' }).waitFor();
    // The event page opens in a new tab, whose storage is not the frame's: the link carries the code.
    await expectAttribute(widget.getByRole('link', { name: 'More about the event' }), 'href').toMatch(
      new RegExp(`^/e/${eventId}/[^?]+\\?aff=PARTNER$`),
    );
    const framed = blocked.page.frames().find((f) => f.url().startsWith(`${baseUrl()}/widget/`));
    expect(await framed?.evaluate(() => typeof window.localStorage).catch((e: Error) => e.message)).toContain(
      'Storage is disabled',
    );
    await buyInWidget(widget);
    expect(blocked.errors).toEqual([]);
    await blocked.context.close();
    expect(await orders()).toEqual({ 'RADIO-FM': 1, PARTNER: 1, OTHER: 0 });
    await session.context.close();
  }, 90_000);
});
