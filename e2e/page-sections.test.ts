import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityCheckAtWidths, baseUrl, launchBrowser, openPage, screenshot } from './browser';
import { expectEventually } from './expect';
import { plainPngFile } from './pictures';
import { type OrganizerSession, organizerSession } from './session';

// The organizer chooses the event page's sections and their order in the homepage designer
// (issue 40, decision 060): by keyboard and by drag, hides one, writes a FAQ, adds a gallery
// image, sees the preview follow, saves, and the public page shows the same.

let browser: Browser;
let session: OrganizerSession;
let eventPath: string;
const title = `Lantern Walk ${Date.now()}`;

beforeAll(async () => {
  browser = await launchBrowser();
  session = await organizerSession(browser, { confirmEmail: true, eventTitle: title });
  const { api, eventId } = session;
  await api('PUT', `/api/events/${eventId}`, {
    description: '<p>An evening walk along the river with paper lanterns.</p>',
    location: { venue_name: 'Riverside Park', city: 'Porto', country: 'Portugal' },
  });
  await api('POST', `/api/events/${eventId}/tickets`, { title: 'Walker', type: 'FREE' });
  await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
  const event = await api<{ slug: string }>('GET', `/api/events/${eventId}`);
  eventPath = `/e/${eventId}/${event.slug}`;
}, 90_000);
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheckAtWidths('page-sections', { backToWide: true });

/** The sections the page shows, in document order. */
const shownSections = (layout: Locator) =>
  layout.evaluate((el) =>
    [...el.children].map(
      (child) => (child as HTMLElement).dataset.section ?? (child as HTMLElement).dataset.testid,
    ),
  );

/** The sections in the designer's list, in order. */
const listed = (page: Page) =>
  page
    .getByTestId('page-sections')
    .evaluate((el) => [...el.querySelectorAll('li')].map((li) => (li as HTMLElement).dataset.section));

const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));

describe('event page sections', () => {
  it('are ordered by keyboard and by drag, hidden, previewed, saved and shown to buyers', async () => {
    const { page, errors } = session;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/manage/event/${session.eventId}/homepage-designer`);
    const preview = page.getByTestId('design-preview');
    const previewLayout = preview.locator('.event-layout');
    await previewLayout.waitFor();
    expect(await listed(page)).toEqual([
      'tickets',
      'description',
      'dates',
      'location',
      'organizer',
      'faq',
      'gallery',
    ]);
    // The page as it was before sections could be chosen.
    expect(await shownSections(previewLayout)).toEqual([
      'tickets',
      'about-card',
      'where-card',
      'organizer-card',
    ]);

    // By keyboard: "Move FAQ up" five times; the focus stays with the FAQ's row throughout.
    await page.getByRole('button', { name: 'Move FAQ up' }).focus();
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Enter');
      await expectEventually(() => focusedLabel(page)).toBe('Move FAQ up');
    }
    await page.keyboard.press('Enter');
    // At the top its "up" is disabled: the focus goes to its "down".
    await expectEventually(() => focusedLabel(page)).toBe('Move FAQ down');
    await expect(
      page.getByRole('status').filter({ hasText: 'FAQ moved to position 1 of 7.' }).count(),
    ).resolves.toBe(1);
    expect(await listed(page)).toEqual([
      'faq',
      'tickets',
      'description',
      'dates',
      'location',
      'organizer',
      'gallery',
    ]);

    // By keyboard too: hide the organizer, show the dates (Space on their switches).
    await page.getByRole('switch', { name: 'Show Organizer' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('switch', { name: 'Show Dates' }).focus();
    await page.keyboard.press('Space');

    // By mouse: drag the gallery onto the description's row.
    await page.getByTestId('drag-gallery').dragTo(page.locator('[data-section="description"]').first());
    await expectEventually(() => listed(page)).toEqual([
      'faq',
      'tickets',
      'gallery',
      'description',
      'dates',
      'location',
      'organizer',
    ]);

    // A FAQ pair, and a gallery image (saved at once).
    await page.getByTestId('add-faq').click();
    await page.getByLabel('Question', { exact: true }).fill('Do I need a lantern?');
    await page
      .getByLabel('Answer', { exact: true })
      .fill('We hand them out at the start.\nBring a warm coat.');
    await page
      .getByLabel('Add an image to the gallery')
      .setInputFiles(await plainPngFile({ width: 800, height: 600, colour: '#e07a1f' }));
    await expectEventually(() => page.getByTestId('gallery-field-image').count()).toBe(1);

    // The preview follows, unsaved.
    const expected = ['faq-card', 'tickets', 'gallery-card', 'about-card', 'dates-card', 'where-card'];
    await expectEventually(() => shownSections(previewLayout)).toEqual(expected);
    await page.getByTestId('unsaved').waitFor();
    await screenshot(page, 'page-sections-designer-1280');

    await page.getByTestId('save-design').click();
    await page.getByText('The design has been saved.').first().waitFor();

    // The buyer's page, as the server sends it and once hydrated.
    const buyer = await openPage(browser);
    await buyer.page.setViewportSize({ width: 1280, height: 900 });
    await buyer.page.goto(eventPath);
    const layout = buyer.page.locator('.event-layout');
    await layout.waitFor();
    expect(await shownSections(layout)).toEqual(expected);
    // The order on a phone, top to bottom, by the section headings.
    await buyer.page.setViewportSize({ width: 390, height: 844 });
    const headings = ['Questions and answers', 'Gallery', 'About this event', 'When', 'Where'];
    const tops: number[] = [];
    for (const name of headings) {
      const box = await buyer.page.getByRole('heading', { level: 2, name, exact: true }).boundingBox();
      tops.push(box?.y ?? -1);
    }
    expect(tops.every((top, i) => top >= 0 && (i === 0 || top > (tops[i - 1] ?? 0)))).toBe(true);
    await expect(buyer.page.getByTestId('organizer-card').count()).resolves.toBe(0);

    // The FAQ opens its answer; the gallery's image is sized, lazy, with its WebP widths.
    const faq = buyer.page.getByTestId('faq-item');
    await faq.getByText('Do I need a lantern?').click();
    await expect(faq.getByText('Bring a warm coat.').isVisible()).resolves.toBe(true);
    const image = buyer.page.getByTestId('gallery-image');
    await expect(
      image.evaluate((img: HTMLImageElement) => ({
        alt: img.alt,
        loading: img.loading,
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        srcset: img.srcset.includes('.webp 400w'),
      })),
    ).resolves.toEqual({
      alt: `${title}, 1 of 1`,
      loading: 'lazy',
      width: '800',
      height: '600',
      srcset: true,
    });
    await buyer.page.setViewportSize({ width: 1280, height: 900 });
    await expectAccessible(buyer.page, 'event-page');
    expect(buyer.errors).toEqual([]);
    await buyer.context.close();

    // The server's HTML has the sections in the same order: nothing moves at hydration.
    const html = await (await fetch(new URL(eventPath, baseUrl()))).text();
    const positions = ['faq-card', 'gallery-card', 'about-card', 'dates-card', 'where-card'].map((id) =>
      html.indexOf(`data-testid="${id}"`),
    );
    expect(positions.every((at, i) => at >= 0 && (i === 0 || at > (positions[i - 1] ?? 0)))).toBe(true);
    await expectAccessible(page, 'designer');
    expect(errors).toEqual([]);
  });
});
