import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityCheck, baseUrl, launchBrowser, openPage, screenshot } from './browser';
import { expectAttribute, expectCount, expectText, expectVisible } from './expect';
import { apiCall, type OrganizerSession, organizerSession } from './session';

// The buyer's side of an event that happens more than once (issue 36): the dates above the
// tickets, a date chosen in the address (`?date=`), orders and their dates, a sold-out date
// offering the others, the month calendar for many dates; and an event with one date as before.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheck('event-dates-buyer');

interface DateRow {
  id: number;
  starts_at: string;
  ends_at: string | null;
  label: string | null;
}

const localDay = (iso: string, days: number) =>
  new Date(new Date(iso).getTime() + days * 24 * 3600 * 1000).toISOString().slice(0, 10);

/** The event with a free ticket, `extra` more dates by a rule, made live; its dates, earliest first. */
async function eventWithDates(
  session: OrganizerSession,
  rule: { frequency: 'WEEKLY' | 'DAILY'; step: number; extra: number },
): Promise<{ path: string; dates: DateRow[] }> {
  const { api, eventId } = session;
  await api('POST', `/api/events/${eventId}/tickets`, {
    title: 'Class',
    type: 'FREE',
    quantity_available: 20,
    show_quantity_remaining: true,
  });
  const event = await api<{ slug: string; start_date: string }>('GET', `/api/events/${eventId}`);
  if (rule.extra > 0) {
    await api('POST', `/api/events/${eventId}/dates/rule`, {
      frequency: rule.frequency,
      from: localDay(event.start_date, rule.step),
      until: localDay(event.start_date, rule.step * rule.extra),
      start_time: '20:00',
      end_time: '22:00',
    });
  }
  await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
  const dates = await api<{ data: DateRow[] }>('GET', `/api/events/${eventId}/dates`);
  await session.context.close();
  return { path: `/e/${eventId}/${event.slug}`, dates: dates.data };
}

const options = (page: Page) => page.getByTestId('date-choice').getByTestId('date-option');
const option = (page: Page, id: number) => page.locator(`[data-testid="date-option"][data-date-id="${id}"]`);

/** The texts of a buyer's checkout in one language. */
const WORDS = {
  en: {
    more: 'More Class',
    checkout: 'Check out (1)',
    first: 'First name',
    last: 'Last name',
    email: 'E-mail',
    copy: 'Copy my details',
    done: 'Completed',
  },
  de: {
    more: 'Mehr Class',
    checkout: 'Zur Kasse (1)',
    first: 'Vorname',
    last: 'Nachname',
    email: 'E-Mail',
    copy: 'Meine Angaben übernehmen',
    done: 'Abgeschlossen',
  },
} as const;

/** Picks one ticket of the date shown and completes the free order; answers the order's short id. */
async function buyOne(page: Page, language: keyof typeof WORDS, buyer: string): Promise<string> {
  const words = WORDS[language];
  await page.getByRole('button', { name: words.more }).click();
  await page.getByRole('button', { name: words.checkout }).click();
  await page.waitForURL(/\/checkout\/\d+\/[\w-]{22}\/details$/);
  await page.getByLabel(words.first).first().fill(buyer);
  await page.getByLabel(words.last).first().fill('Lima');
  await page.getByLabel(words.email).first().fill(`${buyer.toLowerCase()}@example.com`);
  const copy = page.getByRole('button', { name: words.copy });
  if ((await copy.count()) > 0) await copy.click();
  await page.getByTestId('details-submit').click();
  await page.waitForURL('**/summary');
  await page.getByTestId('order-status').getByText(words.done).waitFor();
  const [, shortId = ''] = /\/checkout\/\d+\/([\w-]{22})\/summary$/.exec(page.url()) ?? [];
  return shortId;
}

const orderDate = async (eventId: string, shortId: string) =>
  (await apiCall<{ event: { date: DateRow } }>('GET', `/api/public/events/${eventId}/orders/${shortId}`))
    .event.date;

const chosenDate = (page: Page) => new URL(page.url()).searchParams.get('date');

describe('an event with several dates, on the buyer’s side', () => {
  let path = '';
  let dates: DateRow[] = [];
  let eventId = '';
  let organizer: OrganizerSession;

  beforeAll(async () => {
    organizer = await organizerSession(browser, { confirmEmail: true });
    eventId = String(organizer.eventId);
    ({ path, dates } = await eventWithDates(organizer, { frequency: 'WEEKLY', step: 7, extra: 5 }));
  });

  it('lists the dates; two buyers order on the 2nd and the 4th; their orders carry them', async () => {
    expect(dates).toHaveLength(6);
    const a = await openPage(browser);
    await a.page.goto(`${path}?utm_source=newsletter`);
    await expectCount(options(a.page)).toBe(6);
    // The next date on sale is shown first, with its seats left.
    await expectAttribute(option(a.page, dates[0]?.id ?? 0), 'aria-pressed').toBe('true');
    await expectText(option(a.page, dates[0]?.id ?? 0)).toContain('20 left');
    await expectAccessible(a.page, 'list');
    await options(a.page).nth(1).click();
    await expectAttribute(option(a.page, dates[1]?.id ?? 0), 'aria-pressed').toBe('true');
    expect(chosenDate(a.page)).toBe(String(dates[1]?.id));
    expect(new URL(a.page.url()).searchParams.get('utm_source')).toBe('newsletter');
    const first = await buyOne(a.page, 'en', 'Ana');
    expect((await orderDate(eventId, first))?.id).toBe(dates[1]?.id);
    expect(a.errors).toEqual([]);
    await a.context.close();

    const b = await openPage(browser);
    await b.page.goto(path);
    await options(b.page).nth(3).click();
    await expectAttribute(option(b.page, dates[3]?.id ?? 0), 'aria-pressed').toBe('true');
    const second = await buyOne(b.page, 'en', 'Bruno');
    expect((await orderDate(eventId, second))?.id).toBe(dates[3]?.id);
    await b.context.close();

    // What is left moved on the two dates bought, and only there.
    const listed = await apiCall<{ data: { id: number; seats_left: number | null }[] }>(
      'GET',
      `/api/public/events/${eventId}/dates`,
    );
    expect(listed.data.map((d) => d.seats_left)).toEqual([20, 19, 20, 19, 20, 20]);
  });

  it('opens a deep link on its date, and offers the other dates on a sold-out one', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${path}?date=${dates[2]?.id}`);
    // The server renders it with that date chosen, and the browser keeps it.
    const html = await (await fetch(new URL(`${path}?date=${dates[2]?.id}`, baseUrl()))).text();
    expect(html).toMatch(new RegExp(`aria-pressed="true"[^>]*data-date-id="${dates[2]?.id}"`));
    await expectAttribute(option(page, dates[2]?.id ?? 0), 'aria-pressed').toBe('true');

    const soldOut = dates[4] as DateRow;
    await apiCall(
      'PUT',
      `/api/events/${eventId}/dates/${soldOut.id}`,
      { starts_at: soldOut.starts_at, ends_at: soldOut.ends_at, status: 'SOLD_OUT' },
      organizer.token,
    );
    await page.goto(`${path}?date=${soldOut.id}`);
    await expectVisible(page.getByTestId('date-sold-out')).toBe(true);
    await expectText(page.getByTestId('date-sold-out')).toContain(
      'This date is sold out. Choose another date.',
    );
    await expectText(option(page, soldOut.id)).toContain('Sold out');
    await expectAccessible(page, 'sold-out');
    await page.getByTestId('other-date').first().click();
    await expectAttribute(option(page, dates[5]?.id ?? 0), 'aria-pressed').toBe('true');
    expect(chosenDate(page)).toBe(String(dates[5]?.id));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('runs in German: a buyer orders on the 3rd date', async () => {
    const { context, page, errors } = await openPage(browser, { locale: 'de-DE' });
    const url = new URL(baseUrl());
    await context.addCookies([{ name: 'tessera_locale', value: 'de', domain: url.hostname, path: '/' }]);
    await page.goto(path);
    await page.getByRole('heading', { name: 'Termin wählen' }).waitFor();
    await options(page).nth(2).click();
    await expectAttribute(option(page, dates[2]?.id ?? 0), 'aria-pressed').toBe('true');
    await expectAccessible(page, 'list-de');
    const shortId = await buyOne(page, 'de', 'Clara');
    expect((await orderDate(eventId, shortId))?.id).toBe(dates[2]?.id);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('many dates', () => {
  it('shows a month calendar, reached and used with the keyboard', async () => {
    const session = await organizerSession(browser, { confirmEmail: true });
    const eventId = session.eventId;
    const { path, dates } = await eventWithDates(session, { frequency: 'DAILY', step: 1, extra: 11 });
    expect(dates).toHaveLength(12);
    const { context, page, errors } = await openPage(browser);
    await page.goto(path);
    const calendar = page.getByTestId('date-calendar');
    await calendar.waitFor();
    await expectAccessible(page, 'calendar');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'event-dates-buyer-calendar-narrow');
    await page.setViewportSize({ width: 1280, height: 900 });
    // The third date's day, by keyboard: focus it, then Enter. Its month may be the next one
    // (the dates start 30 days from now, which may be a month's end).
    const third = dates[2] as DateRow;
    const lisbonDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Lisbon' }).format(
      new Date(third.starts_at),
    );
    const day = calendar.locator(`button[data-day="${lisbonDay}"]`);
    const next = page.getByTestId('calendar-next');
    if ((await day.count()) === 0 && (await next.isEnabled())) await next.click();
    await day.focus();
    await page.keyboard.press('Enter');
    await expectAttribute(day, 'aria-pressed').toBe('true');
    await expectEventuallyDate(page, String(third.id), eventId);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** The address names the date chosen (the calendar's third day has one date). */
async function expectEventuallyDate(page: Page, id: string, eventId: number) {
  await page.waitForURL((url) => url.searchParams.get('date') === id);
  await expectAttribute(
    page.locator(`[data-testid="date-option"][data-date-id="${id}"]`),
    'aria-pressed',
  ).toBe('true');
  expect(page.url()).toContain(`/e/${eventId}/`);
}

describe('an event with one date', () => {
  it('looks as before: no dates to choose, the tickets at once', async () => {
    const session = await organizerSession(browser, { confirmEmail: true });
    const { path, dates } = await eventWithDates(session, { frequency: 'DAILY', step: 1, extra: 0 });
    expect(dates).toHaveLength(1);
    const { context, page, errors } = await openPage(browser);
    await page.goto(path);
    await page.getByRole('button', { name: 'More Class' }).waitFor();
    await expectCount(page.getByTestId('date-choice')).toBe(0);
    const shortId = await buyOne(page, 'en', 'Dora');
    expect((await orderDate(String(session.eventId), shortId))?.id).toBe(dates[0]?.id);
    expect(errors).toEqual([]);
    await context.close();
  });
});
