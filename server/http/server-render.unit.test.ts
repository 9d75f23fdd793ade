import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../common/i18n/locales';
import type { EventPageData } from '../../common/server-render';
import { loadServerRenderer, type PageData, splitHoisted, withRenderedPage } from './server-render';

const SHELL =
  '<html><head><title>Tessera</title></head><body><div id="root"></div><script src="/a.js"></script></body></html>';

describe('a server-rendered page in the shell', () => {
  it('moves hoisted style sheets to the head, drops title and meta, keeps the rest in place', () => {
    const { head, body } = splitHoisted(
      '<style data-precedence="default" data-href="a">.a{}</style><title>Jazz</title><meta name="robots" content="noindex"/>' +
        '<style data-mantine-styles="true">:root{}</style><div>page</div><style data-precedence="x">.late{}</style>',
    );
    expect(head).toBe('<style data-precedence="default" data-href="a">.a{}</style>');
    expect(body).toBe(
      '<style data-mantine-styles="true">:root{}</style><div>page</div><style data-precedence="x">.late{}</style>',
    );
  });

  it('puts the markup in #root and the data beside it, where no text can end the script', () => {
    const html = withRenderedPage(SHELL, {
      eventId: 1,
      locale: 'pt',
      head: '<style data-precedence="d">.a{}</style>',
      body: '<main>Jazz</main>',
      queries: JSON.stringify([[['public'], { title: 'x' }]]),
      stale: false,
    });
    expect(html).toContain('<style data-precedence="d">.a{}</style></head>');
    expect(html).toContain(
      '<div id="root"><main>Jazz</main></div><script id="tessera-data" type="application/json">{"stale":false,"locale":"pt","queries":[[["public"],{"title":"x"}]]}</script>',
    );
  });
});

describe('the renderer of a build', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tessera-ssr-'));
    await mkdir(path.join(dir, 'ssr'));
    await mkdir(path.join(dir, 'web'));
    // A stand-in for the build's renderer: counts its renderings and shows the event's title.
    await writeFile(
      path.join(dir, 'ssr', 'ssr.js'),
      `let renders = 0;
       export async function renderEventPage(url, locale, data) {
         renders += 1;
         return { html: '<h1>' + data.event.title + ' #' + renders + '</h1>', queries: [[['e', data.eventId], data.event]] };
       }`,
    );
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const data = (title: string) => async (): Promise<PageData> => ({
    data: { eventId: '7', event: { id: 7, title }, tickets: null } as unknown as EventPageData,
    fingerprint: title,
  });

  it('is absent without a build', async () => {
    expect(await loadServerRenderer(path.join(dir, 'nowhere', 'web'))).toBeNull();
  });

  it('reads the data at most once a second, renders again only when it changed, and reuses a young rendering as stale meanwhile', async () => {
    const renderer = await loadServerRenderer(path.join(dir, 'web'));
    if (!renderer) throw new Error('no renderer');
    const render = async (url: string, locale: Locale, read: () => Promise<PageData | null>) => {
      const page = await renderer.render({ url, locale, data: read });
      if (page && 'refused' in page) throw new Error('refused without a budget');
      return page;
    };
    let reads = 0;
    const counted = (title: string) => () => {
      reads += 1;
      return data(title)();
    };
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // Visitors arriving together share one read and one rendering.
    const [first, second] = await Promise.all([
      render('/e/7/x', 'en', counted('Jazz </script><b>')),
      render('/e/7/x', 'en', counted('Jazz </script><b>')),
    ]);
    expect(first).toMatchObject({ eventId: 7, body: '<h1>Jazz </script><b> #1</h1>', stale: false });
    expect(second).toBe(first);
    expect(reads).toBe(1);
    // The data as JSON cannot close the script element it is written into.
    expect(first?.queries).toBe('[[["e","7"],{"id":7,"title":"Jazz \\u003c/script>\\u003cb>"}]]');
    // Within the second, the page is served without reading the data.
    expect((await render('/e/7/x', 'en', counted('Jazz, 3 left')))?.body).toContain('#1');
    expect(reads).toBe(1);
    // Another language is another rendering.
    expect((await render('/e/7/x', 'de', counted('Jazz </script><b>')))?.body).toContain('#2');
    await wait(1100);
    // The data is read again; it moved, and the rendering is young: served again, marked stale.
    expect(await render('/e/7/x', 'en', counted('Jazz, 3 left'))).toMatchObject({
      body: '<h1>Jazz </script><b> #1</h1>',
      stale: true,
    });
    expect(reads).toBe(3);
    await wait(1000);
    expect(await render('/e/7/x', 'en', counted('Jazz, 3 left'))).toMatchObject({
      body: '<h1>Jazz, 3 left #3</h1>',
      stale: false,
    });
    // No event to show: nothing rendered.
    expect(await render('/e/8/x', 'en', async () => null)).toBeNull();
  });

  it("asks the visitor's budget before each new rendering: refused, it serves the page rendered before, or refuses", async () => {
    const renderer = await loadServerRenderer(path.join(dir, 'web'));
    if (!renderer) throw new Error('no renderer');
    let allowed = 1;
    let asked = 0;
    const budget = async () => {
      asked += 1;
      if (allowed === 0) return 42;
      allowed -= 1;
      return null;
    };
    const show = (url: string, title: string) =>
      renderer.render({ url, locale: 'fr', data: data(title), budget });
    expect(await show('/e/9', 'Fado')).toMatchObject({ body: expect.stringContaining('Fado'), stale: false });
    // A page never rendered: refused, with the time to wait.
    expect(await show('/e/9?promo_code=X', 'Fado')).toEqual({ refused: true, retryAfterSeconds: 42 });
    // The same data a second later needs no rendering, so no budget.
    await new Promise((resolve) => setTimeout(resolve, 1050));
    expect(await show('/e/9', 'Fado')).toMatchObject({ stale: false });
    expect(asked).toBe(2);
    // New data past the time a rendering is reused, over the budget: the old page, marked stale.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await show('/e/9', 'Fado, sold out')).toMatchObject({
      body: expect.stringContaining('Fado #'),
      stale: true,
    });
    expect(asked).toBe(3);
  });
});
