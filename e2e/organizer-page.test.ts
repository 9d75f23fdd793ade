import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityCheckAtWidths, baseUrl, launchBrowser, openPage, screenshot } from './browser';
import { expectVisible } from './expect';
import { waitForMail } from './mailbox';
import { organizerSession } from './session';

// The organizer's homepage (decision 058): set up in the organizer settings, opened at phone
// and desktop width with JavaScript on and off, and a message sent through its contact form
// that reaches the organizer's mailbox with replies going to the sender.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheckAtWidths('organizer-page', { backToWide: true });

describe('the organizer homepage', () => {
  it('is set up in the settings, shows the live event with and without JavaScript, and takes a message', async () => {
    const stamp = Date.now();
    const title = `Riverside Sessions ${stamp}`;
    const session = await organizerSession(browser, { eventTitle: title, confirmEmail: true });
    await session.api('POST', `/api/events/${session.eventId}/tickets`, { title: 'Standing', type: 'FREE' });
    await session.api('PUT', `/api/events/${session.eventId}/status`, { status: 'LIVE' });
    const organizers = await session.api<{ data: { id: number }[] }>('GET', '/api/organizers');
    const organizerId = organizers.data[0]?.id ?? 0;
    const slug = `riverside-${stamp}`;
    const contact = `riverside.${stamp}@example.com`;

    // The settings screen, by keyboard and labels as a person uses it.
    const { page } = session;
    await page.goto(`/manage/organizer/${organizerId}/settings`);
    await page.getByLabel('Homepage address').fill(slug);
    await page.getByLabel('E-mail').fill(contact);
    await page.getByLabel('Description').fill('Live music by the river, every month.');
    await page.getByLabel('Social links').fill('https://social.example.com/riverside');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expectVisible(page.getByText('The organizer has been saved.')).toBe(true);
    await expectVisible(page.getByRole('link', { name: 'Open your homepage' })).toBe(true);
    await expectAccessible(page, 'settings');

    // With JavaScript.
    const visitor = await openPage(browser);
    const response = await visitor.page.goto(`/o/${slug}`);
    expect(response?.status()).toBe(200);
    await expectVisible(visitor.page.getByRole('heading', { name: 'Riverside Music', level: 1 })).toBe(true);
    await expectVisible(visitor.page.getByRole('link', { name: title })).toBe(true);
    await expectVisible(visitor.page.getByText('On sale')).toBe(true);
    expect(await visitor.page.content()).not.toContain(contact);
    await expectAccessible(visitor.page, 'js');
    expect(visitor.errors).toEqual([]);

    // Without JavaScript: the same page, and the form posts as a plain form.
    const context = await browser.newContext({
      baseURL: baseUrl(),
      javaScriptEnabled: false,
      locale: 'en-US',
    });
    const plain = await context.newPage();
    await plain.goto(`/o/${slug}`);
    await expectVisible(plain.getByRole('link', { name: title })).toBe(true);
    for (const [size, viewport] of [
      ['wide', { width: 1280, height: 900 }],
      ['narrow', { width: 390, height: 844 }],
    ] as const) {
      await plain.setViewportSize(viewport);
      await screenshot(plain, `organizer-page-nojs-${size}`);
    }
    await plain.getByLabel('Your name').fill('Grace Hopper');
    await plain.getByLabel('Your e-mail address').fill(`grace.${stamp}@example.com`);
    await plain.getByLabel('Message').fill('Is there a table for six on Friday?');
    await plain.getByRole('button', { name: 'Send message' }).click();
    await expectVisible(plain.getByText('Thank you, your message has been sent.')).toBe(true);
    await screenshot(plain, 'organizer-page-nojs-sent-narrow');
    await context.close();

    const mail = await waitForMail({ to: contact, subject: /Message from Grace Hopper/ });
    expect(mail.replyTo).toBe(`grace.${stamp}@example.com`);
    expect(mail.text).toContain('Is there a table for six on Friday?');

    // An old address keeps leading to the page.
    await session.api('PUT', `/api/organizers/${organizerId}`, { slug: `${slug}-new` });
    await visitor.page.goto(`/o/${slug}`);
    expect(new URL(visitor.page.url()).pathname).toBe(`/o/${slug}-new`);
    await visitor.context.close();
    await session.context.close();
  });
});
