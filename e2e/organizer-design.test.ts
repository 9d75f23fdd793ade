import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityCheckAtWidths, baseUrl, launchBrowser, openPage, screenshot } from './browser';
import { expectVisible } from './expect';
import { organizerSession } from './session';

// The homepage's design (decision 061): logo, cover and colours chosen in the designer, its
// preview following the unsaved values, then the saved page at phone and desktop width, with
// and without JavaScript.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A picture drawn for the test (a logo, a cover) as a PNG file for the file input. */
async function drawnPng(svg: string): Promise<string> {
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'tessera-design-')), 'picture.png');
  await writeFile(file, await sharp(Buffer.from(svg)).png().toBuffer());
  return file;
}

const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="300">
<rect width="900" height="300" fill="#ffffff"/>
<circle cx="150" cy="150" r="110" fill="#7a1f3d"/><circle cx="150" cy="150" r="60" fill="#f4c95d"/>
<rect x="300" y="95" width="520" height="40" rx="20" fill="#7a1f3d"/>
<rect x="300" y="165" width="380" height="40" rx="20" fill="#c2410c"/></svg>`;
const COVER = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="560">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f4c95d"/><stop offset="1" stop-color="#c2410c"/></linearGradient></defs>
<rect width="1600" height="560" fill="url(#g)"/>
<circle cx="1250" cy="160" r="90" fill="#fff3c4"/>
<path d="M0 420 Q 400 300 800 420 T 1600 400 V 560 H 0 Z" fill="#7a1f3d"/>
<path d="M0 480 Q 400 400 800 480 T 1600 470 V 560 H 0 Z" fill="#4a1226"/></svg>`;

const PRIMARY = '#7a1f3d';
const PAGE = '#fdf6ec';

const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

/** The page's applied colours and whether the logo is drawn, as the browser computed them. */
async function looks(page: Page) {
  return page.evaluate(() => {
    const hero = document.querySelector('.hero');
    const logo = document.querySelector<HTMLImageElement>('img.logo');
    return {
      page: getComputedStyle(document.body).backgroundColor,
      hero: hero ? getComputedStyle(hero).backgroundColor : null,
      font: getComputedStyle(document.body).fontFamily,
      logoLoaded: Boolean(logo?.complete && logo.naturalWidth > 0 && logo.getBoundingClientRect().height > 0),
    };
  });
}

const setColour = async (page: Page, label: string, value: string) => {
  const input = page.getByRole('textbox', { name: label, exact: true });
  await input.fill(value);
  await input.blur();
};

describe('the organizer homepage design', () => {
  it('is chosen in the designer with a live preview, and the page carries it with and without JavaScript', {
    timeout: 240_000,
  }, async () => {
    const stamp = Date.now();
    const title = `Lantern Nights ${stamp}`;
    const session = await organizerSession(browser, { eventTitle: title, confirmEmail: true });
    await session.api('POST', `/api/events/${session.eventId}/tickets`, { title: 'Standing', type: 'FREE' });
    await session.api('PUT', `/api/events/${session.eventId}/status`, { status: 'LIVE' });
    const organizers = await session.api<{ data: { id: number }[] }>('GET', '/api/organizers');
    const organizerId = organizers.data[0]?.id ?? 0;
    const slug = `lantern-${stamp}`;
    await session.api('PUT', `/api/organizers/${organizerId}`, {
      slug,
      email: `lantern.${stamp}@example.com`,
      description: 'Music, lanterns and late summer evenings by the old harbour.',
      website: 'https://lantern.example.com',
    });

    const { page } = session;
    // A step that cannot happen fails with its name, not with the test's timeout.
    page.setDefaultTimeout(20_000);
    await page.goto(`/manage/organizer/${organizerId}/settings`);
    await page.getByRole('link', { name: /Design your homepage/ }).click();
    await expectVisible(page.getByRole('heading', { name: 'Homepage design', level: 1 })).toBe(true);
    const frame = page.frameLocator('[data-testid="homepage-preview"]');
    await expectVisible(frame.getByRole('heading', { level: 1 })).toBe(true);

    await page.getByLabel('Logo', { exact: true }).setInputFiles(await drawnPng(LOGO));
    await expectVisible(page.getByTestId('organizer-logo-preview')).toBe(true);
    await page.getByLabel('Cover image', { exact: true }).setInputFiles(await drawnPng(COVER));
    await expectVisible(page.getByTestId('organizer-cover-preview')).toBe(true);
    await expect.poll(() => frame.locator('img.logo').count(), { timeout: 10_000 }).toBe(1);

    await setColour(page, 'Primary colour', PRIMARY);
    await setColour(page, 'Page background', PAGE);
    await page.getByRole('combobox', { name: 'Font' }).selectOption('serif');
    await expectVisible(page.getByTestId('unsaved')).toBe(true);
    // The preview follows the values not saved yet.
    await expect
      .poll(() => frame.locator('.hero').evaluate((el) => getComputedStyle(el).backgroundColor), {
        timeout: 10_000,
      })
      .toBe(rgb(PRIMARY));
    await expect
      .poll(() => frame.locator('img.logo').evaluate((el) => (el as HTMLImageElement).naturalWidth), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    expect(await frame.locator('button[type="submit"]').isDisabled()).toBe(true);

    // A poor contrast is warned about, and taken back.
    await setColour(page, 'Secondary colour', '#eeeeee');
    await expectVisible(page.getByTestId('contrast-warning')).toBe(true);
    await setColour(page, 'Secondary colour', '#0c6b58');
    await expectVisible(page.getByTestId('contrast-warning')).toBe(false);

    await page.getByTestId('save-design').click();
    await expectVisible(page.getByText('The design has been saved.')).toBe(true);
    await expectVisible(page.getByTestId('unsaved')).toBe(false);
    // The preview's frame shows the homepage, checked on its own below (see `axeViolations`).
    await accessibilityCheckAtWidths('organizer-design', { backToWide: true, frames: false })(
      page,
      'designer',
    );
    const saved = await session.api<{ design: { primary_color: string; font: string } }>(
      'GET',
      `/api/organizers/${organizerId}`,
    );
    expect(saved.design).toMatchObject({ primary_color: PRIMARY, font: 'serif' });

    // The page, with JavaScript and without.
    const visitor = await openPage(browser);
    await visitor.page.goto(`/o/${slug}`);
    await expectVisible(visitor.page.getByRole('link', { name: title })).toBe(true);
    await accessibilityCheckAtWidths('organizer-design-page', { backToWide: true })(visitor.page, 'js');
    for (const width of [390, 1280]) {
      await visitor.page.setViewportSize({ width, height: 900 });
      await visitor.page.locator('img.logo').evaluate((img) => (img as HTMLImageElement).decode());
      const seen = await looks(visitor.page);
      expect(seen).toMatchObject({ page: rgb(PAGE), hero: rgb(PRIMARY), logoLoaded: true });
      expect(seen.font).toContain('Georgia');
    }
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();

    const context = await browser.newContext({
      baseURL: baseUrl(),
      javaScriptEnabled: false,
      locale: 'en-US',
    });
    const plain = await context.newPage();
    await plain.goto(`/o/${slug}`);
    for (const [size, viewport] of [
      ['wide', { width: 1280, height: 900 }],
      ['narrow', { width: 390, height: 844 }],
    ] as const) {
      await plain.setViewportSize(viewport);
      await plain.waitForLoadState('load');
      const seen = await looks(plain);
      expect(seen).toMatchObject({ page: rgb(PAGE), hero: rgb(PRIMARY), logoLoaded: true });
      await screenshot(plain, `organizer-design-nojs-${size}`);
    }
    await context.close();
    await session.context.close();
  });
});
