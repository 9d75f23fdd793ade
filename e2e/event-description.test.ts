import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityCheck, launchBrowser } from './browser';
import { expectCount, expectEventually, expectText } from './expect';
import { organizerSession } from './session';

// A description written elsewhere (through the API, or with the editor the settings had before)
// may hold any element the server keeps. The settings' editor shows each of them, and an edit
// saves them all again, with the new text where it was typed.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheck('event-description');

/** Each element the description policy keeps (server/text/description.ts), as the server writes it. */
const KEPT = [
  '<h2>The programme</h2>',
  '<p>Doors at <strong>19:00</strong>, <em>music</em> at <u>20:00</u>, <s>21:00</s>; H<sub>2</sub>O',
  ' and 10<sup>3</sup> <mark>free</mark> <code>drinks</code>.<br>Second line.</p>',
  '<h3>Practical</h3>',
  '<h4>Small print</h4>',
  '<blockquote><p>Best night of the year.</p></blockquote>',
  '<ol><li><p>One</p></li><li><p>Two</p></li></ol>',
  '<hr>',
  '<pre><code>plain text</code></pre>',
  '<p><img src="/favicon.svg" alt="The logo" width="32" height="32"></p>',
];
const STORED = `${KEPT.join('')}<p>More on <a href="https://harbour.example/" target="_blank">our site</a></p>`;

describe('the event description editor', () => {
  it('shows every element a stored description holds and keeps them when it is edited', async () => {
    const session = await organizerSession(browser);
    const { api, eventId, page, errors } = session;
    await api('PUT', `/api/events/${eventId}`, { description: STORED });

    await page.goto(`/manage/event/${eventId}/settings`);
    const description = page.getByRole('textbox', { name: 'Description', exact: true });
    await description.getByRole('heading', { name: 'The programme', level: 2 }).waitFor();
    await description.getByRole('heading', { name: 'Practical', level: 3 }).waitFor();
    await description.getByRole('heading', { name: 'Small print', level: 4 }).waitFor();
    // (ProseMirror draws a line break of its own after an image that ends a paragraph.)
    const counts = {
      strong: 1,
      em: 1,
      u: 1,
      s: 1,
      sub: 1,
      sup: 1,
      mark: 1,
      code: 2,
      'br:not(.ProseMirror-trailingBreak)': 1,
      blockquote: 1,
      hr: 1,
      pre: 1,
    };
    await expectEventually(async () => {
      const found: Record<string, number> = {};
      for (const tag of Object.keys(counts)) found[tag] = await description.locator(tag).count();
      return found;
    }).toEqual(counts);
    await expectCount(description.locator('ol > li')).toBe(2);
    await expectCount(description.getByRole('img', { name: 'The logo' })).toBe(1);
    await expectCount(description.getByRole('link', { name: 'our site' })).toBe(1);
    await expectAccessible(page, 'settings');

    // Typing in the middle: the caret stays where the text goes, whatever the field sends.
    await description.getByText('Best night of the year.').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Welcome, all of you.');
    await expectText(description.locator('blockquote')).toBe('Best night of the year. Welcome, all of you.');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('The event settings have been saved.').waitFor();

    const saved = await api<{ description: string }>('GET', `/api/events/${eventId}`);
    const expected = KEPT.join('').replace('year.', 'year. Welcome, all of you.');
    expect(saved.description).toContain(expected);
    expect(saved.description).toContain('href="https://harbour.example/"');
    expect(saved.description).toContain('>our site</a></p>');
    expect(errors).toEqual([]);
    await session.context.close();
  }, 60_000);
});
