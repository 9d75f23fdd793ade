import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningTessera, startTessera } from '../server/test/process';

// The event page's server rendering under made-up addresses (decision 038). A server of its
// own, on the built app with its real renderer: its log counts the renderings (at debug), and
// its limits are small enough to reach without holding up the other journeys, whose server
// counts every page from 127.0.0.1 as one client.

const RENDERS_PER_MINUTE = 3;
const PAGES_PER_MINUTE = 130;

let dir: string;
let running: RunningTessera;
let base: string;
let event: { id: number; slug: string };

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tessera-renders-'));
  running = await startTessera(
    {
      PATH: process.env.PATH ?? '',
      HOME: os.tmpdir(),
      DATA_DIR: path.join(dir, 'data'),
      LOG_LEVEL: 'debug',
      PAGE_RENDER_RATE_LIMIT_PER_MINUTE: String(RENDERS_PER_MINUTE),
      PUBLIC_RATE_LIMIT_PER_MINUTE: String(PAGES_PER_MINUTE),
    },
    90_000,
  );
  base = `http://127.0.0.1:${running.port}`;
  // The demo event, live from the first start.
  const demo = /Demo login \(shown once, on this first start\): (\S+) \/ (\S+)/.exec(running.output());
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demo?.[1], password: demo?.[2] }),
  });
  const { token } = (await login.json()) as { token: string };
  const list = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${token}` } });
  const [first] = ((await list.json()) as { data: { id: number; slug: string }[] }).data;
  if (!first) throw new Error(`no demo event:\n${running.output()}`);
  event = first;
}, 120_000);

afterAll(async () => {
  await running?.stop('SIGTERM');
  await rm(dir, { recursive: true, force: true });
});

/**
 * Renderings the server has made so far, from its log. The log is written asynchronously, so a
 * page may be answered before its line arrives: checks poll for the count.
 */
const renders = () => running.output().match(/"msg":"event page rendered"/g)?.length ?? 0;

let pagesAsked = 0;
async function page(address: string, language = 'en') {
  pagesAsked += 1;
  const res = await fetch(`${base}${address}`, { headers: { 'accept-language': language } });
  const html = await res.text();
  return { status: res.status, html, retryAfter: res.headers.get('retry-after') };
}

const RENDERED = '<script id="tessera-data" type="application/json">';

describe("the event page's rendering", () => {
  it('is rendered once for a hundred made-up addresses of one page, and is limited per client', async () => {
    // Made-up query strings, slugs and the other prefix: what the page reads is the same.
    for (let i = 0; i < 100; i += 1) {
      const address =
        i % 2 === 0
          ? `/e/${event.id}/${event.slug}?nocache=${i}-${Math.random()}`
          : `/event/${event.id}/made-up-${i}?utm_source=${i}&promo_code=`;
      const answer = await page(address);
      expect(answer.status, address).toBe(200);
      expect(answer.html, address).toContain(RENDERED);
    }
    await expect.poll(renders).toBe(1);

    // What the page does read, a promo code, is a page of its own: rendered, up to the limit.
    for (const code of ['NOPE1', 'NOPE2']) {
      const answer = await page(`/e/${event.id}/${event.slug}?promo_code=${code}`);
      expect(answer.html).toContain(RENDERED);
      expect(answer.html).toContain(code);
    }
    await expect.poll(renders).toBe(RENDERS_PER_MINUTE);
    const refused = await page(`/e/${event.id}/${event.slug}?promo_code=NOPE3`, 'de');
    expect(refused.status).toBe(429);
    expect(refused.html).toContain('<html lang="de">');
    expect(refused.html).toContain('Bitte warten Sie eine Minute');
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    await expect.poll(renders).toBe(RENDERS_PER_MINUTE);
    // A page rendered before is still served to that client.
    const again = await page(`/e/${event.id}/${event.slug}?ref=${Math.random()}`);
    expect(again.status).toBe(200);
    expect(again.html).toContain(RENDERED);
    await expect.poll(renders).toBe(RENDERS_PER_MINUTE);

    // Pages themselves are limited per client too, rendered or not.
    while (pagesAsked < PAGES_PER_MINUTE) expect((await page('/manage/events')).status).toBe(200);
    const over = await page(`/e/${event.id}/${event.slug}`, 'fr');
    expect(over.status).toBe(429);
    expect(over.html).toContain('<html lang="fr">');
    expect(over.html).not.toContain(RENDERED);
  });
});
