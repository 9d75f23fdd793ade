import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testConfig } from '../test/app';

// The embeddable widget (decision 022): only its pages may be framed by other sites, and its
// script may be loaded by them; every other page keeps `frame-ancestors 'self'`.

let t: TestApp;
let webDir: string;
const SCRIPT_SOURCE = path.resolve('web/public/widget.js');

beforeAll(async () => {
  // A built web app as `npm run build` leaves it, with the real embed script copied from web/public.
  webDir = await mkdtemp(path.join(os.tmpdir(), 'tessera-widget-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Tessera SPA</title>');
  await writeFile(path.join(webDir, 'assets/index-Ab12Cd.js'), 'console.log(1);');
  await copyFile(SCRIPT_SOURCE, path.join(webDir, 'widget.js'));
  t = await createTestApp({ config: testConfig({ WEB_DIST_DIR: webDir }) });
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

const frameAncestors = (csp: unknown) =>
  String(csp)
    .split(';')
    .map((directive) => directive.trim())
    .find((directive) => directive.startsWith('frame-ancestors'));

describe('framing', () => {
  it('lets any site frame the widget pages, and no X-Frame-Options stands in the way', async () => {
    for (const url of [
      '/widget/12',
      '/widget/12?primary_color=%23ff5500&button_text=Buy',
      '/widget/12/checkout/k7f9Qz2xYw8b3LmN4pRt6v/details',
      '/widget/12/checkout/k7f9Qz2xYw8b3LmN4pRt6v/summary',
      '/widget/12/checkout/k7f9Qz2xYw8b3LmN4pRt6v',
      '/widget/12/',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('Tessera SPA');
      expect(frameAncestors(res.headers['content-security-policy']), url).toBe('frame-ancestors *');
      expect(res.headers['x-frame-options'], url).toBeUndefined();
      // The rest of the policy is the same as on every page.
      expect(String(res.headers['content-security-policy']), url).toContain("default-src 'self'");
      expect(String(res.headers['content-security-policy']), url).toContain("script-src 'self'");
    }
  });

  it("lets any site frame the organizer's events widget (decision 062), and nothing below it", async () => {
    for (const url of ['/widget/organizer/harbour-club', '/widget/organizer/harbour-club?limit=3&past=1']) {
      // No organizer in this app: its not-found page, with the widget's headers all the same.
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(frameAncestors(res.headers['content-security-policy']), url).toBe('frame-ancestors *');
      expect(res.headers['x-frame-options'], url).toBeUndefined();
    }
    for (const url of [
      '/o/harbour-club',
      '/widget/organizer/harbour-club/more',
      '/widget/organizers/harbour-club',
      '/organizer-widget-frame.js',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(frameAncestors(res.headers['content-security-policy']), url).toBe("frame-ancestors 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it("keeps every other page, file and API answer to 'self'", async () => {
    for (const url of [
      '/',
      '/e/12/concert',
      '/event/12',
      '/checkout/12/k7f9Qz2xYw8b3LmN4pRt6v/payment',
      '/order/12/k7f9Qz2xYw8b3LmN4pRt6v',
      '/manage/event/12/widget',
      '/manage/events',
      '/auth/login',
      '/widget',
      '/widget/',
      '/widgets/12',
      // Made-up addresses below the widget are the app's not-found page, not the widget's.
      '/widget/12/anything',
      '/widget/12/checkout',
      '/widget/12/checkout/k7f9Qz2xYw8b3LmN4pRt6v/payment_return',
      '/widget/12/checkout/k7f9Qz2xYw8b3LmN4pRt6v/details/more',
      '/e/12/widget/12',
      '/widget.js',
      '/assets/index-Ab12Cd.js',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(frameAncestors(res.headers['content-security-policy']), url).toBe("frame-ancestors 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    // The API's JSON answers may be framed by no page at all, not even ours.
    for (const url of ['/api/health', '/api/public/events/12', '/api/public/events/12/tickets']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(frameAncestors(res.headers['content-security-policy']), url).toBe("frame-ancestors 'none'");
    }
  });
});

describe('/widget.js', () => {
  it('is served as JavaScript that other sites may load, cached for a few minutes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/widget.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript; charset=utf-8$/i);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers.etag).toBeTruthy();
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toBe(await readFile(SCRIPT_SOURCE, 'utf8'));

    // Revalidation is cheap: an unchanged script answers 304 without a body.
    const again = await t.app.inject({
      method: 'GET',
      url: '/widget.js',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('is the only file other sites may load: the app and its assets stay same-origin', async () => {
    for (const url of ['/assets/index-Ab12Cd.js', '/widget/12', '/e/12', '/api/health']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
  });
});
