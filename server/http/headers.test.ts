import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testConfig } from '../test/app';
import { makeAccount, type Owner } from '../test/builders';

let t: TestApp;
let webDir: string;
let owner: Owner;
const ASSET = 'assets/index-Bx7kQ2.js';

beforeAll(async () => {
  // A built web app as `npm run build` leaves it: hashed assets with their compressed copies.
  webDir = await mkdtemp(path.join(os.tmpdir(), 'tessera-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Tessera SPA</title>');
  await writeFile(path.join(webDir, 'robots.txt'), 'User-agent: *');
  const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;
  await writeFile(path.join(webDir, ASSET), script);
  await writeFile(path.join(webDir, `${ASSET}.br`), brotliCompressSync(script));
  t = await createTestApp({ config: testConfig({ WEB_DIST_DIR: webDir }) });
  owner = await makeAccount(t.app, { password: 'correct horse battery' });
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('files of the built app and uploads', () => {
  it('serves hashed assets for a year, immutable, compressed or not', async () => {
    for (const encoding of ['br', 'identity']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/${ASSET}`,
        headers: { 'accept-encoding': encoding },
      });
      expect(res.statusCode, encoding).toBe(200);
      expect(res.headers['cache-control'], encoding).toBe('public, max-age=31536000, immutable');
    }
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.headers['cache-control']).toBe('public, max-age=300');
  });

  it('answers 404 for a missing asset or upload instead of the app page', async () => {
    for (const url of ['/assets/index-Gone12.js', '/uploads/images/missing.webp', '/uploads/x']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('Tessera SPA');
    }
    // Pages of the app are still the app.
    const page = await t.app.inject({ method: 'GET', url: '/uploadsfoo/bar' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Tessera SPA');
  });
});

describe('permissions policy', () => {
  it('allows the camera on the door staff check-in page only', async () => {
    const scanner = await t.app.inject({ method: 'GET', url: '/check-in/k7f9Qz2xYw8b3LmN4pRt6v' });
    expect(scanner.statusCode).toBe(200);
    const scannerPolicy = String(scanner.headers['permissions-policy']);
    expect(scannerPolicy).toContain('camera=(self)');
    expect(scannerPolicy).toContain('microphone=()');
    expect(scannerPolicy).toContain('geolocation=()');

    for (const url of [
      '/manage/events',
      '/e/1/concert',
      '/check-in',
      '/manage/event/1/check-in',
      '/api/docs',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      const policy = String(res.headers['permissions-policy']);
      expect(policy, url).toContain('camera=()');
      expect(policy, url).toContain('microphone=()');
    }
  });
});

describe('caching of API answers', () => {
  it('tells browsers and proxies not to store authenticated answers', async () => {
    const auth = { authorization: `Bearer ${owner.token}` };
    for (const url of ['/api/users/me', '/api/events', '/api/accounts/current']) {
      const res = await t.app.inject({ method: 'GET', url, headers: auth });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('does not let a login answer with its token be stored', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: owner.email, password: 'correct horse battery' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-auth-token']).toBeTruthy();
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('headers of the API', () => {
  /** The headers that only steer a page: a JSON answer goes without them. */
  const PAGE_ONLY = [
    'permissions-policy',
    'cross-origin-opener-policy',
    'origin-agent-cluster',
    'referrer-policy',
    'x-dns-prefetch-control',
    'x-download-options',
    'x-permitted-cross-domain-policies',
    'x-xss-protection',
    'x-frame-options',
  ];

  it('gives a JSON answer the headers that act on JSON, and not a page’s', async () => {
    const auth = { authorization: `Bearer ${owner.token}` };
    for (const [url, headers] of [
      ['/api/health', {}],
      ['/api/users/me', auth],
      ['/api/public/events/999999', {}],
      ['/api/no-such-route', {}],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['cache-control'], url).toBe('no-store');
      for (const name of PAGE_ONLY) expect(res.headers[name], `${url} ${name}`).toBeUndefined();
      // Within its limit a read carries no count of what is left.
      expect(res.headers['x-ratelimit-remaining'], url).toBeUndefined();
    }
  });

  it('gives the API’s pages and files a page’s headers', async () => {
    // Its documentation (left out of the API's description) and a calendar file (`produces`).
    for (const url of ['/api/docs', '/api/public/events/999999/calendar.ics']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
      for (const name of PAGE_ONLY) expect(res.headers[name], `${url} ${name}`).toBeDefined();
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'self'");
    }
  });
});
