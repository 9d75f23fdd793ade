import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_DATES } from '../common/event-dates';
import { accessibilityCheck, baseUrl, launchBrowser, openPage } from './browser';
import { expectAttribute, expectCount, expectEventually } from './expect';
import { type OrganizerSession, organizerSession } from './session';

// An event with many dates (issue 36): its page carries the first window of them only, the
// buyer's list shows more on "Show more dates", the calendar reads the months it moves to, and
// a link to a late date (`?date=`) opens on it.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheck('event-dates-paging');

interface DateRow {
  id: number;
  starts_at: string;
}

const DATES = 80;
const DAY_MS = 24 * 3600 * 1000;
const localDay = (iso: string, days: number) =>
  new Date(Date.parse(iso) + days * DAY_MS).toISOString().slice(0, 10);

/** A live event with a free ticket and DATES dates, `step` days apart; its page and its dates. */
async function eventWithDates(
  session: OrganizerSession,
  step: number,
): Promise<{ path: string; dates: DateRow[] }> {
  const { api, eventId } = session;
  await api('POST', `/api/events/${eventId}/tickets`, {
    title: 'Class',
    type: 'FREE',
    quantity_available: 20,
  });
  const event = await api<{ slug: string; start_date: string }>('GET', `/api/events/${eventId}`);
  await api('POST', `/api/events/${eventId}/dates/rule`, {
    frequency: step === 7 ? 'WEEKLY' : 'DAILY',
    from: localDay(event.start_date, step),
    until: localDay(event.start_date, step * (DATES - 1)),
    start_time: '20:00',
    end_time: '22:00',
  });
  await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
  const dates = await api<{ data: DateRow[] }>('GET', `/api/events/${eventId}/dates`);
  await session.context.close();
  return { path: `/e/${eventId}/${event.slug}`, dates: dates.data };
}

/** Dates the buyer's list shows at a time (`DateChoice`). */
const LIST_STEP = 10;

/** Clicks "Show more dates" until every date is in the list. */
async function showAll(page: Page) {
  const more = page.getByRole('button', { name: 'Show more dates' });
  for (let shown = await options(page).count(); shown < DATES; shown = await options(page).count()) {
    await more.click();
    await expectEventually(() => options(page).count()).toBeGreaterThan(shown);
  }
  await expectCount(options(page)).toBe(DATES);
}

const options = (page: Page) => page.getByTestId('date-choice').getByTestId('date-option');
const option = (page: Page, id: number) => page.locator(`[data-testid="date-option"][data-date-id="${id}"]`);
const pageHtml = async (path: string) => (await fetch(new URL(path, baseUrl()))).text();

describe('80 weekly dates, in a list', () => {
  let path = '';
  let dates: DateRow[] = [];

  beforeAll(async () => {
    ({ path, dates } = await eventWithDates(await organizerSession(browser, { confirmEmail: true }), 7));
  });

  it('shows the first window, and the next one on “Show more dates”', async () => {
    expect(dates).toHaveLength(DATES);
    // The page's HTML carries the first window only.
    const html = await pageHtml(path);
    // The list shows the first LIST_STEP of them, the tickets right below.
    expect(html).toContain(`data-date-id="${dates[LIST_STEP - 1]?.id}"`);
    expect(html).not.toContain(`data-date-id="${dates[LIST_STEP]?.id}"`);
    // Its data holds the first window only, the next read on demand.
    expect(html).toContain(`"id":${dates[FIRST_DATES - 1]?.id},`);
    expect(html).not.toContain(`"id":${dates[FIRST_DATES]?.id},`);

    const { context, page, errors } = await openPage(browser);
    await page.goto(path);
    await expectCount(options(page)).toBe(LIST_STEP);
    await expectAttribute(option(page, dates[0]?.id ?? 0), 'aria-pressed').toBe('true');
    await expectAccessible(page, 'first-window');
    // By keyboard: the focus goes on to the first date brought.
    await page.getByRole('button', { name: 'Show more dates' }).focus();
    await page.keyboard.press('Enter');
    await expectCount(options(page)).toBe(2 * LIST_STEP);
    await expectEventually(() =>
      page.evaluate(() => document.activeElement?.getAttribute('data-date-id') ?? null),
    ).toBe(String(dates[LIST_STEP]?.id));
    // Past the first window, the next is read from the server as the list reaches it.
    await showAll(page);
    // All are there now: nothing more to show.
    await expectCount(page.getByTestId('more-dates')).toBe(0);
    const late = dates[DATES - 2] as DateRow;
    await option(page, late.id).click();
    await page.waitForURL((url) => url.searchParams.get('date') === String(late.id));
    await expectAttribute(option(page, late.id), 'aria-pressed').toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a link to a late date on it, in the HTML and in the browser', async () => {
    const late = dates[DATES - 5] as DateRow;
    const html = await pageHtml(`${path}?date=${late.id}`);
    expect(html).toMatch(new RegExp(`aria-pressed="true"[^>]*data-date-id="${late.id}"`));
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${path}?date=${late.id}`);
    await expectAttribute(option(page, late.id), 'aria-pressed').toBe('true');
    // The tickets shown are the late date's, and the earlier dates still load on demand.
    await page.getByRole('button', { name: 'More Class' }).waitFor();
    // "Add to calendar" gives the file of that date.
    await expectAttribute(page.getByRole('link', { name: 'Add to calendar' }), 'href').toBe(
      `/api/public/events/${path.split('/')[2]}/calendar.ics?date_id=${late.id}`,
    );
    // Shown after the first few dates, then in its place once the list reaches it.
    await expectCount(options(page)).toBe(LIST_STEP + 1);
    await showAll(page);
    await expectAttribute(option(page, late.id), 'aria-pressed').toBe('true');
    await expectAccessible(page, 'linked-date');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('80 daily dates, on a calendar', () => {
  it('reads the months it moves to, forward from the first and back from a linked date', async () => {
    const { path, dates } = await eventWithDates(await organizerSession(browser, { confirmEmail: true }), 1);
    const { context, page, errors } = await openPage(browser);
    await page.goto(path);
    const calendar = page.getByTestId('date-calendar');
    await calendar.waitFor();
    const days = calendar.locator('button[data-day]');
    const next = page.getByTestId('calendar-next');
    const shown = async () => (await days.first().getAttribute('data-day'))?.slice(0, 7) ?? '';
    // Forward to the last date's month, past the first window: each month shows all its days.
    const last = dates[DATES - 1] as DateRow;
    for (let month = 0; month < 4 && (await shown()) !== zoneDay(last.starts_at).slice(0, 7); month += 1) {
      await next.click();
      await expectMonthRead(page);
      await expectCount(days).toBe(daysIn(dates, await shown()));
    }
    await calendar.locator(`button[data-day="${zoneDay(last.starts_at)}"]`).click();
    await expectAttribute(option(page, last.id), 'aria-pressed').toBe('true');
    await expectEventually(() => next.isDisabled()).toBe(true);
    await expectAccessible(page, 'calendar-late-month');

    // A link to the 70th date: its month whole, then back a month, into dates not read before.
    const linked = dates[69] as DateRow;
    await page.goto(`${path}?date=${linked.id}`);
    await expectAttribute(option(page, linked.id), 'aria-pressed').toBe('true');
    await expectMonthRead(page);
    await expectCount(days).toBe(daysIn(dates, zoneDay(linked.starts_at).slice(0, 7)));
    await page.getByTestId('calendar-previous').click();
    await expectMonthRead(page);
    await expectCount(days).toBe(daysIn(dates, await shown()));
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** The organizer session's events are in Lisbon: a date's day there, as the calendar names it. */
const zoneDay = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Lisbon',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));

/** How many days of a month (`YYYY-MM`) have dates: the day buttons its grid should show. */
const daysIn = (dates: DateRow[], month: string) =>
  new Set(dates.map((d) => zoneDay(d.starts_at)).filter((day) => day.startsWith(month))).size;

/** The month shown is read: the grid is no longer busy. */
async function expectMonthRead(page: Page) {
  await expectAttribute(page.locator('.date-calendar-grid'), 'aria-busy').toBe('false');
}
