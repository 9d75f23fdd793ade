import type { Browser, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, baseUrl, launchBrowser, openPage, screenshot } from './browser';
import { expectEventually } from './expect';
import { apiCall, organizerSession } from './session';

// What a buyer's browser fetches (decision 024): the event page in a handful of scripts and
// style sheets, every one compressed, nothing of the checkout until the buyer shows intent,
// then the checkout's code before any click.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Fetched {
  path: string;
  encoding: string | undefined;
  cacheControl: string | undefined;
}

/** From the headers Playwright has at hand (no await: the page may be closed before a late answer). */
function describeResponse(response: Response): Fetched {
  const headers = response.headers();
  return {
    path: new URL(response.url()).pathname,
    encoding: headers['content-encoding'],
    cacheControl: headers['cache-control'],
  };
}

const isCode = (path: string) => /^\/assets\/.+\.(js|css)$/.test(path);

describe('what the event page downloads', () => {
  it('sends its scripts and styles compressed, few of them, and the checkout only on intent', async () => {
    const session = await organizerSession(browser, {
      confirmEmail: true,
      eventTitle: `Quiet Harbour ${Date.now()}`,
    });
    const { api, eventId } = session;
    await api('POST', `/api/events/${eventId}/tickets`, { title: 'Deck place', type: 'FREE' });
    const event = await api<{ slug: string }>('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
    await session.context.close();

    const { context, page, errors } = await openPage(browser);
    const fetched: Fetched[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).origin === new URL(baseUrl()).origin)
        fetched.push(describeResponse(response));
    });
    const html = await page.goto(`/e/${eventId}/${event.slug}`);
    const htmlHeaders = (await html?.allHeaders()) ?? {};
    expect(['br', 'gzip']).toContain(htmlHeaders['content-encoding']);
    expect(htmlHeaders.vary).toContain('accept-encoding');
    // The page's chunk and the visitor's catalog are asked for beside the entry, not after it.
    const shell = (await html?.text()) ?? '';
    expect(shell).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/event-[\w-]+\.js">/);
    expect(shell).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/buyer-[\w-]+\.js">/);
    expect(htmlHeaders['cache-control']).toBe('no-cache');
    await page.getByRole('heading', { name: /Quiet Harbour/ }).waitFor();
    await page.waitForLoadState('networkidle');

    const firstVisit = fetched.filter((f) => isCode(f.path));
    // Entry script and styles, the event page's chunk and styles, the buyer's message catalog.
    expect(firstVisit.length, firstVisit.map((f) => f.path).join(' ')).toBeLessThanOrEqual(6);
    for (const file of firstVisit) {
      expect(['br', 'gzip'], file.path).toContain(file.encoding);
      expect(file.cacheControl, file.path).toBe('public, max-age=31536000, immutable');
    }
    const checkoutChunk = (f: Fetched) =>
      /\/assets\/(routes|DetailsStep|CheckoutLayout)-[\w-]+\.js$/.test(f.path);
    expect(firstVisit.filter(checkoutChunk)).toEqual([]);

    // The "Get tickets" button carries data-prefetch="checkout": the pointer reaching it is
    // enough for the checkout's code to arrive, before any press.
    const before = fetched.length;
    await page.getByTestId('checkout-button').hover();
    await expectEventually(async () => fetched.slice(before).filter(checkoutChunk).length).toBeGreaterThan(0);
    const afterIntent = fetched.slice(before).filter((f) => isCode(f.path));
    for (const file of afterIntent) expect(['br', 'gzip'], file.path).toContain(file.encoding);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("loads the checkout's cancel dialog on demand, and it still cancels", async () => {
    const session = await organizerSession(browser, { confirmEmail: true });
    const { api, eventId } = session;
    const ticket = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'Deck place',
      type: 'FREE',
    });
    await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
    await session.context.close();
    const order = await apiCall<{ short_id: string }>('POST', `/api/public/events/${eventId}/orders`, {
      tickets: [{ ticket_id: ticket.id, quantity: 2 }],
    });

    const { context, page, errors } = await openPage(browser);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`/checkout/${eventId}/${order.short_id}/details`);
    await page.getByLabel('First name').first().waitFor();
    await page.waitForLoadState('networkidle');
    const dialogChunk = (path: string) => /\/assets\/CancelOrderModal-/.test(path);
    expect(scripts.filter(dialogChunk)).toEqual([]);

    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
    await dialog.waitFor();
    expect(scripts.filter(dialogChunk)).toHaveLength(1);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'checkout-cancel-dialog-narrow');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Keep my order' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await page.waitForURL(new RegExp(`/e/${eventId}`));
    await page.getByText('Your order was cancelled and its tickets released.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
