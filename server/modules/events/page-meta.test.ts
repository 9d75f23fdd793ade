import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeEvent, type Owner, setEventStatus } from '../../test/builders';

let t: TestApp;
let owner: Owner;

beforeAll(async () => {
  const web = await mkdtemp(path.join(os.tmpdir(), 'tessera-web-'));
  await writeFile(
    path.join(web, 'index.html'),
    '<!doctype html><html><head><title>Tessera</title></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ env: { WEB_DIST_DIR: web, APP_URL: 'http://tessera.test' } });
  owner = await makeAccount(t.app);
});
afterAll(async () => {
  await t?.close();
});

const page = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;

describe('the first HTML of a public event page', () => {
  it('carries the title, description, Open Graph tags and schema.org Event of a live event', async () => {
    const event = await makeEvent(t.app, owner, {
      title: 'Fado & <Friends>',
      description: '<p>Songs of <b>Lisbon</b> by the river.</p>',
      start_date: '2031-12-01T20:00:00Z',
      location: { venue_name: 'Casa do Fado', city: 'Lisboa', country: 'Portugal' },
    });
    expect(await page(`/e/${event.id}/fado`)).toContain('<title>Tessera</title>');
    await setEventStatus(t.app, owner, { id: event.id });

    const html = await page(`/e/${event.id}/${event.slug}`);
    expect(html).toContain('<title>Fado &#38; &#60;Friends&#62;</title>');
    expect(html).toContain('<meta name="description" content="Songs of Lisbon by the river." />');
    expect(html).toContain('<meta property="og:title" content="Fado &#38; &#60;Friends&#62;" />');
    expect(html).toContain(
      `<meta property="og:url" content="http://tessera.test/e/${event.id}/${event.slug}" />`,
    );
    expect(html).not.toContain('noindex');
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toMatchObject({
      '@type': 'Event',
      name: 'Fado & <Friends>',
      startDate: '2031-12-01T20:00:00.000Z',
      location: { '@type': 'Place', name: 'Casa do Fado', address: { addressLocality: 'Lisboa' } },
    });
    // The other address form of the page says the same.
    expect(await page(`/event/${event.id}/${event.slug}?promo_code=X`)).toContain('og:title');
  });

  it('tells search engines to stay away when the event says so, and knows nothing of drafts', async () => {
    const event = await makeEvent(t.app, owner, {
      title: 'Private party',
      start_date: '2031-12-02T20:00:00Z',
      settings: { allow_search_indexing: false, seo_title: 'A private party' },
    });
    await setEventStatus(t.app, owner, { id: event.id });
    const html = await page(`/e/${event.id}/x`);
    // No place given and not online: no empty Place for search engines to complain about.
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect(JSON.parse(json)).not.toHaveProperty('location');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(html).toContain('<title>A private party</title>');
    expect(await page('/e/999999/nothing')).toContain('<title>Tessera</title>');
  });
});
