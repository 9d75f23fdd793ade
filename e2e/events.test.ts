import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessibilityCheck,
  axeViolations,
  baseUrl,
  launchBrowser,
  screenshot,
  waitForToastsToClose,
} from './browser';
import { expectAttribute, expectEventually, expectText, focusIn } from './expect';
import { type ReceivedMail, waitForMail } from './mailbox';
import { plainPngFile } from './pictures';

// The journey of issue 4 through the real app: a new account sets up its first organizer and
// event, fills in the settings, uploads a cover, goes live, and the public page shows it; the
// events list archives and restores it.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const run = Date.now();
const owner = { first: 'Rui', last: 'Costa', email: `rui.${run}@example.com`, password: 'events password 1' };
const title = `Harbour Jazz Night ${run}`;

function linkPath(mail: ReceivedMail, fragment: string): string {
  const link = mail.links.find((l) => l.includes(fragment));
  if (!link) throw new Error(`No ${fragment} link in "${mail.subject}": ${mail.links.join(', ')}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

const expectAccessible = accessibilityCheck('events');

/** A page whose clock runs in Tokyo, far from the event's zone, to catch local-time mistakes. */
async function openTokyoPage() {
  const context = await browser.newContext({ baseURL: baseUrl(), locale: 'en-US', timezoneId: 'Asia/Tokyo' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

async function rowActions(page: Page, eventTitle: string) {
  await page.getByRole('button', { name: `Actions for ${eventTitle}` }).click();
}

/**
 * Writes the event description with the editor's toolbar: a paragraph, a bold sentence (Bold
 * pressed, then released), a bulleted list, and a link made by keyboard alone (Shift+Tab from
 * the text to the toolbar's link button, the address typed in its form).
 */
async function writeDescription(page: Page, description: Locator) {
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  const tool = (name: string) => toolbar.getByRole('button', { name, exact: true });
  for (const name of ['Bold', 'Italic', 'Heading', 'Paragraph', 'Bulleted list', 'Numbered list', 'Link'])
    await tool(name).waitFor();
  await description.click();
  await page.keyboard.type('An evening of jazz by the river.');
  await page.keyboard.press('Enter');

  await expectAttribute(tool('Bold'), 'aria-pressed').toBe('false');
  await tool('Bold').click();
  await expectAttribute(tool('Bold'), 'aria-pressed').toBe('true');
  await focusIn(description);
  await page.keyboard.type('Doors open at 19:00.');
  await tool('Bold').click();
  await expectAttribute(tool('Bold'), 'aria-pressed').toBe('false');
  await focusIn(description);
  await page.keyboard.type(' Bring a friend.');
  await page.keyboard.press('Enter');

  await expectAttribute(tool('Bulleted list'), 'aria-pressed').toBe('false');
  await tool('Bulleted list').click();
  await expectAttribute(tool('Bulleted list'), 'aria-pressed').toBe('true');
  await focusIn(description);
  await page.keyboard.type('Quartet at 19:30');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Big band at 21:00');
  // Enter on an empty item ends the list.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expectAttribute(tool('Bulleted list'), 'aria-pressed').toBe('false');

  await page.keyboard.type('Tickets and news on our site');
  for (const _ of 'our site') await page.keyboard.press('Shift+ArrowLeft');
  // Back to the toolbar: Remove formatting, then the link button, which opens its form.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await focusIn(tool('Link'));
  await page.keyboard.press('Enter');
  const address = page.getByRole('textbox', { name: 'Link address' });
  await focusIn(address);
  await page.keyboard.type('harbour.example/tickets');
  await page.keyboard.press('Enter');
  await focusIn(description);

  await expectText(description.locator('strong')).toBe('Doors open at 19:00.');
  await expect(description.getByRole('listitem').allInnerTexts()).resolves.toEqual([
    'Quartet at 19:30',
    'Big band at 21:00',
  ]);
  await expectAttribute(description.getByRole('link', { name: 'our site' }), 'href').toBe(
    'https://harbour.example/tickets',
  );
  await expectText(description.locator('p').last()).toBe('Tickets and news on our site');
}

describe('organizers and events', () => {
  it('sets up the first event, edits it, uploads a cover, goes live, archives and restores it', async () => {
    const { context, page, errors } = await openTokyoPage();

    // A new account, its e-mail confirmed from the mail.
    await page.goto('/auth/register');
    await page.getByLabel('First name').fill(owner.first);
    await page.getByLabel('Last name').fill(owner.last);
    await page.getByLabel('E-mail').fill(owner.email);
    await page.getByLabel(/^Password/).fill(owner.password);
    await page.getByLabel('Repeat the password').fill(owner.password);
    await page.getByLabel(/I accept the terms/).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/manage/events');
    const confirmation = await waitForMail({ to: owner.email, subject: /Confirm your e-mail address/ });
    await page.goto(linkPath(confirmation, '/manage/profile/confirm-email-address/'));
    await page.getByText(`Thank you: ${owner.email} is confirmed.`).waitFor();

    // No events yet: the list leads to the welcome page.
    await page.goto('/manage/events');
    await page.getByRole('heading', { name: 'No events to show' }).waitFor();
    await expectAccessible(page, 'list-empty');
    await page.getByRole('link', { name: 'Set up your first event' }).click();
    await page.waitForURL('**/welcome');
    await page.getByRole('heading', { name: 'Who organizes your events?' }).waitFor();
    await expectAccessible(page, 'welcome-organizer');
    await page.getByLabel('Organizer name').fill('Harbour Events');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('heading', { name: 'Your first event' }).waitFor();
    await page.getByRole('button', { name: 'Create the event' }).click();
    await page.getByText('This field is required').first().waitFor();
    await page.getByLabel('Event title').fill(title);
    await page.getByLabel('Starts').fill('2030-06-01T19:00');
    await page.getByLabel('Ends').fill('2030-06-01T23:30');
    await page
      .getByRole('textbox', { name: /^Time zone/ })
      .or(page.getByRole('combobox', { name: /^Time zone/ }))
      .first()
      .fill('Lisbon');
    await page.getByRole('option', { name: 'Europe/Lisbon' }).click();
    await expectAccessible(page, 'welcome-event');
    await page.getByRole('button', { name: 'Create the event' }).click();
    await page.waitForURL(/\/manage\/event\/\d+$/);
    const eventId = Number(new URL(page.url()).pathname.split('/').at(-1));

    // The dashboard shows the dates in the event's zone, whatever the browser's.
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByText('Sat, Jun 1, 2030, 7:00 PM').waitFor();
    await page.getByText('Europe/Lisbon').first().waitFor();
    await expectAccessible(page, 'dashboard');

    // Settings: description, location, a short order timeout (with its warning).
    await page
      .getByRole('navigation', { name: 'Event pages' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await page.getByRole('heading', { name: 'Basic details' }).waitFor();
    const description = page.getByRole('textbox', { name: 'Description', exact: true });
    await writeDescription(page, description);
    await page.getByLabel('Venue name').fill('Harbour Hall');
    await page.getByLabel('Address line 1').fill('Rua do Cais 12');
    await page.getByLabel('City').fill('Lisboa');
    await page.getByLabel('Country').fill('Portugal');
    await page.getByLabel('Order timeout (minutes)').fill('10');
    await page.getByText('Under 15 minutes, buyers may run out of time while paying.').waitFor();
    await page.getByLabel('Contact e-mail').fill('hello@harbour.example');
    await expectAccessible(page, 'settings');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('The event settings have been saved.').waitFor();
    // The server's copy of the description comes back as the field's value: the same text, so
    // the editor keeps it as it is, and typing goes on where the caret was.
    await expectText(description.locator('strong')).toBe('Doors open at 19:00.');
    await expectAttribute(description.getByRole('link', { name: 'our site' }), 'href').toBe(
      'https://harbour.example/tickets',
    );
    await description.getByText('An evening of jazz by the river.').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Free coffee.');
    await expectText(description.locator('p').first()).toBe('An evening of jazz by the river. Free coffee.');
    await waitForToastsToClose(page);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('The event settings have been saved.').waitFor();

    // A cover image, made here.
    const coverPath = await plainPngFile({ width: 1200, height: 600, colour: '#3b3fb6' });
    await page.getByLabel('Cover image', { exact: true }).setInputFiles(coverPath);
    await page.getByTestId('cover-preview').waitFor();
    await page.getByText('The image has been uploaded.').waitFor();

    // The checklist ticks itself; then the event goes live.
    await page
      .getByRole('navigation', { name: 'Event pages' })
      .getByRole('link', { name: 'Getting started' })
      .click();
    await page.getByText('3 of 6 done').waitFor();
    await expectAccessible(page, 'getting-started');
    // A ticket (its screens have their own journey): the item ticks itself on the next visit.
    const created = await page.evaluate(async (id) => {
      const response = await fetch(`/api/events/${id}/tickets`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${localStorage.getItem('tessera_token')}`,
        },
        body: JSON.stringify({ title: 'Standing', type: 'PAID', price: 1800 }),
      });
      return response.status;
    }, eventId);
    expect(created).toBe(201);
    await page.reload();
    await page.getByText('4 of 6 done').waitFor();
    const goLive = async () => {
      await page.getByRole('button', { name: 'Go live' }).click();
      const dialog = page.getByRole('dialog', { name: 'Make this event live?' });
      await dialog.getByRole('button', { name: 'Go live' }).click();
    };
    // A paid ticket and no way to pay yet: refused, with what to do about it.
    await goLive();
    await page.getByText('Paid tickets need a way to pay before the event goes live').first().waitFor();
    await page.getByRole('link', { name: 'Open event settings' }).click();
    await page.getByRole('heading', { name: 'Basic details' }).waitFor();
    await page.getByLabel('Let buyers pay offline (bank transfer, cash at the door)').check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('The event settings have been saved.').waitFor();
    await waitForToastsToClose(page);
    await goLive();
    await page.getByText('The event is live.').waitFor();
    await page
      .getByRole('navigation', { name: 'Event pages' })
      .getByRole('link', { name: 'Getting started' })
      .click();
    await page.getByText('6 of 6 done').waitFor();

    await page
      .getByRole('navigation', { name: 'Event pages' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    // The figures: nothing sold yet; the page views chart waits for visits.
    await page.getByText('Tickets sold').waitFor();
    await page.getByText('Page views, last 14 days').waitFor();
    await expectAccessible(page, 'dashboard');
    const publicHref = await page.getByTestId('public-link').getAttribute('href');
    expect(publicHref).toMatch(new RegExp(`^/e/${eventId}/harbour-jazz-night`));

    // The public page, for someone who is not logged in.
    const visitor = await browser.newContext({ baseURL: baseUrl(), locale: 'en-US' });
    const publicPage = await visitor.newPage();
    await publicPage.goto(publicHref ?? '');
    await publicPage.getByRole('heading', { name: title, level: 1 }).waitFor();
    await publicPage.getByTestId('event-location').getByText('Harbour Hall').waitFor();
    // The description as written, formatting and all.
    const about = publicPage.locator('.event-description');
    await about.getByText('An evening of jazz by the river. Free coffee.').waitFor();
    await expectText(about.locator('strong')).toBe('Doors open at 19:00.');
    await expect(about.getByRole('listitem').allInnerTexts()).resolves.toEqual([
      'Quartet at 19:30',
      'Big band at 21:00',
    ]);
    const siteLink = about.getByRole('link', { name: 'our site' });
    await expectAttribute(siteLink, 'href').toBe('https://harbour.example/tickets');
    await expectAttribute(siteLink, 'rel').toBe('noopener noreferrer nofollow');
    await publicPage.getByText('Times are in the Europe/Lisbon time zone.').waitFor();
    const cover = publicPage.getByTestId('event-cover');
    await cover.waitFor();
    await expectEventually(() =>
      cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).toBe(true);
    const api = await publicPage.request.get(`/api/public/events/${eventId}`);
    expect(new Date((await api.json()).start_date).toISOString()).toBe('2030-06-01T18:00:00.000Z');
    await screenshot(publicPage, 'events-public');
    expect(await axeViolations(publicPage), 'public').toEqual([]);
    await visitor.close();

    // The list: archive moves it to the Archived tab; restore brings it back as a draft.
    await page.goto('/manage/events');
    const row = page.getByTestId('event-row').filter({ hasText: title });
    await row.getByText('Live').waitFor();
    await expectAccessible(page, 'list');
    await rowActions(page, title);
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    await page
      .getByRole('dialog', { name: 'Archive this event?' })
      .getByRole('button', { name: 'Archive' })
      .click();
    await page.getByText(`“${title}” has been archived.`).waitFor();
    await row.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Archived' }).click();
    await page.waitForURL('**/manage/events/archived');
    await row.getByText('Archived').waitFor();
    await expectAccessible(page, 'list-archived');
    await rowActions(page, title);
    await page.getByRole('menuitem', { name: 'Restore' }).click();
    await page.getByText(`“${title}” has been restored as a draft.`).waitFor();
    await row.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Upcoming' }).click();
    await row.getByText('Draft').waitFor();

    // Restored as a draft: the public page is gone.
    const gone = await page.request.get(`/api/public/events/${eventId}`);
    expect(gone.status()).toBe(404);

    // A copy, with a title of its own, starts as a draft.
    await rowActions(page, title);
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    // The actions menu fades out over the opening dialog; axe reads the dialog once it is gone.
    await page.getByRole('menu').waitFor({ state: 'detached' });
    const copyDialog = page.getByRole('dialog', { name: 'Duplicate event' });
    await copyDialog.getByLabel('Title of the copy').fill(`${title} again`);
    await expectAccessible(page, 'duplicate');
    await copyDialog.getByRole('button', { name: 'Make a copy' }).click();
    await page.waitForURL(/\/manage\/event\/\d+\/settings$/);
    expect(page.url()).not.toContain(`/manage/event/${eventId}/`);
    await page.getByRole('heading', { name: `${title} again`, level: 1 }).waitFor();

    // The organizer's own list and settings.
    await page.goto('/manage/events');
    await page.getByTestId('event-row').first().getByRole('link', { name: 'Harbour Events' }).click();
    await page.getByRole('heading', { name: 'Harbour Events', level: 1 }).waitFor();
    await page
      .getByTestId('event-row')
      .filter({ hasText: `${title} again` })
      .waitFor();
    await page.getByRole('link', { name: 'Organizer settings' }).click();
    await page.getByLabel('Website').fill('https://harbour.example');
    await expectAccessible(page, 'organizer-settings');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('The organizer has been saved.').waitFor();

    // Account-wide event defaults (the owner is an administrator).
    await page.goto('/account/event-defaults');
    await page.getByLabel('Order timeout (minutes)').fill('20');
    await page.getByLabel('Message before checkout').fill('Doors open one hour before.');
    await expectAccessible(page, 'event-defaults');
    await page.getByRole('button', { name: 'Save defaults' }).click();
    await page.getByText('The event defaults have been saved.').waitFor();

    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
