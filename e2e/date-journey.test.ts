import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDateResponse } from '../common/event-dates';
import { pdfText } from '../server/test/pdf';
import { accessibilityCheck, launchBrowser, openPage } from './browser';
import { DE, EN, type Words } from './date-journey-words';
import { expectAttribute, expectCount, expectEventually } from './expect';
import { waitForMail } from './mailbox';
import { apiCall, type OrganizerSession, organizerSession } from './session';

// An event that happens every week, from start to end (issue 36), once in English and once in
// German: the organizer adds six Tuesdays by a rule on the Dates screen and removes the first
// date the event was made with; two buyers pay by card for the 2nd and the 4th Tuesday; each
// finds their date on the ticket page, in the PDF and in the calendar file; the 2nd Tuesday's
// buyer is checked in at the door; the 4th Tuesday is cancelled with refunds, and its buyer
// gets the organizer's mail and sees the order refunded.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheck('date-journey');

const DAY = 86_400_000;
const iso = (time: number) => new Date(time).toISOString().slice(0, 10);

/** A Monday at least eight days ahead, and the six Tuesdays after it. */
function sixTuesdays(): { from: string; until: string; days: string[] } {
  const today = new Date();
  let monday = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 8);
  while (new Date(monday).getUTCDay() !== 1) monday += DAY;
  const days = [1, 8, 15, 22, 29, 36].map((offset) => iso(monday + offset * DAY));
  return { from: iso(monday), until: iso(monday + 36 * DAY), days };
}

const rows = (page: Page, words: Words): Locator =>
  page.getByRole('table', { name: words.table }).locator('tbody tr');

/**
 * On the Dates screen: six Tuesdays, 19:00–21:00, by a weekly rule; then the date the event was
 * made with is deleted. Answers the event's dates, earliest first.
 */
async function weeklyDates(session: OrganizerSession, words: Words, name: string) {
  const { page, eventId } = session;
  const { from, until, days } = sixTuesdays();
  await page.goto(`/manage/event/${eventId}/dates`);
  await expectCount(rows(page, words)).toBe(1);
  await page.getByRole('button', { name: words.byRule }).click();
  const dialog = page.getByRole('dialog', { name: words.ruleDialog });
  await dialog.getByRole('checkbox', { name: words.tuesday }).check();
  await dialog.getByLabel(new RegExp(`^${words.from}\\b`)).fill(from);
  await dialog.getByLabel(new RegExp(`^${words.until}\\b`)).fill(until);
  await dialog.getByLabel(new RegExp(`^${words.startTime}\\b`)).fill('19:00');
  await dialog.getByLabel(words.endTime, { exact: true }).fill('21:00');
  await dialog.getByRole('textbox', { name: words.label, exact: true }).fill(name);
  await dialog.getByRole('button', { name: words.addDates, exact: true }).click();
  await page.getByText(words.added).waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await expectCount(rows(page, words)).toBe(7);

  await rows(page, words).filter({ hasNotText: name }).getByRole('button', { name: words.actions }).click();
  await page.getByRole('menuitem', { name: words.delete }).click();
  const confirm = page.getByRole('dialog', { name: words.deleteDialog });
  await confirm.getByRole('button', { name: words.delete }).click();
  await confirm.waitFor({ state: 'hidden' });
  await expectCount(rows(page, words)).toBe(6);
  await expectAccessible(page, `dates-${words.language}`);
  const dates = (await session.api<{ data: EventDateResponse[] }>('GET', `/api/events/${eventId}/dates`))
    .data;
  return { dates, days };
}

interface Bought {
  shortId: string;
  attendee: string;
  email: string;
}

/** A buyer opens `url`, takes one ticket of the date shown and pays by card. */
async function buyByCard(
  url: string,
  words: Words,
  buyer: { first: string; pick?: number },
): Promise<Bought> {
  const { context, page, errors } = await openPage(browser, {
    locale: words.locale,
    cookies: { tessera_locale: words.language },
  });
  await page.goto(url);
  if (buyer.pick !== undefined) {
    const option = page.locator(`[data-testid="date-option"][data-date-id="${buyer.pick}"]`);
    await option.click();
    await expectAttribute(option, 'aria-pressed').toBe('true');
  }
  await page.getByRole('button', { name: words.more }).click();
  await page.getByRole('button', { name: words.checkout }).click();
  await page.waitForURL(/\/checkout\/\d+\/[\w-]{22}\/details$/);
  const email = `${buyer.first.toLowerCase()}.${Date.now()}@example.com`;
  await page.getByLabel(words.first).first().fill(buyer.first);
  await page.getByLabel(words.last).first().fill('Lima');
  await page.getByLabel(words.email).first().fill(email);
  await page.getByRole('button', { name: words.copy }).click();
  await page.getByTestId('details-submit').click();
  await page.waitForURL('**/payment');
  await page.getByLabel(words.card).check();
  await page.getByTestId('pay-button').click();
  await page.waitForURL('**/summary', { timeout: 20_000 });
  await page.getByTestId('order-status').getByText(words.completed).waitFor();
  const [, shortId = ''] = /\/checkout\/\d+\/([\w-]{22})\/summary$/.exec(page.url()) ?? [];
  expect(errors).toEqual([]);
  await context.close();
  return { shortId, attendee: `${buyer.first} Lima`, email };
}

/** The public order: its date, and its one attendee's ticket id. */
async function orderOf(eventId: number, shortId: string) {
  const order = await apiCall<{
    event: { date: { id: number } };
    attendees: { short_id: string }[];
  }>('GET', `/api/public/events/${eventId}/orders/${shortId}`);
  return { dateId: order.event.date.id, ticket: order.attendees[0]?.short_id ?? '' };
}

/**
 * The ticket page shows its date as the browser formats it in the event's zone; its calendar
 * file starts on that Tuesday at 19:00 in Lisbon; its PDF names the date's day.
 */
async function seeDateOnTicket(
  words: Words,
  ticket: { eventId: number; shortId: string; date: EventDateResponse; day: string },
) {
  const { context, page, errors } = await openPage(browser, {
    locale: words.locale,
    cookies: { tessera_locale: words.language },
  });
  await page.goto(`/ticket/${ticket.eventId}/${ticket.shortId}`);
  const card = page.getByTestId('ticket-card');
  const when = await page.evaluate(
    ({ start, end, locale }) =>
      new Intl.DateTimeFormat(locale, {
        timeZone: 'Europe/Lisbon',
        weekday: 'short',
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }).formatRange(new Date(start), new Date(end)),
    { start: ticket.date.starts_at, end: ticket.date.ends_at ?? '', locale: words.language },
  );
  await card.getByText(when, { exact: false }).waitFor();
  await expectAccessible(page, `ticket-${words.language}`);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: words.calendar }).click(),
  ]);
  const ics = await readFile((await download.path()) ?? '', 'utf8');
  expect(ics).toContain(`DTSTART;TZID=Europe/Lisbon:${ticket.day.replaceAll('-', '')}T190000`);
  expect(ics).toContain(`DTEND;TZID=Europe/Lisbon:${ticket.day.replaceAll('-', '')}T210000`);

  const [pdfDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: words.pdf }).click(),
  ]);
  const [pdfPage = ''] = await pdfText(await readFile((await pdfDownload.path()) ?? ''));
  const dayName = new Intl.DateTimeFormat(words.language, {
    timeZone: 'Europe/Lisbon',
    day: 'numeric',
    month: 'long',
  }).format(new Date(ticket.date.starts_at));
  expect(pdfPage.replace(/\s+/g, ' ')).toContain(dayName.replace(/\s+/g, ' '));
  expect(errors).toEqual([]);
  await context.close();
}

/** A door list for one date; a phone finds the buyer by name and lets them in. */
async function checkInAtDoor(
  session: OrganizerSession,
  words: Words,
  door: { dateId: number; ticketId: number; name: string },
) {
  const list = await session.api<{ short_id: string }>(
    'POST',
    `/api/events/${session.eventId}/check-in-lists`,
    {
      name: 'Door',
      ticket_ids: [door.ticketId],
      date_id: door.dateId,
    },
  );
  const { context, page, errors } = await openPage(browser, {
    locale: words.locale,
    cookies: { tessera_locale: words.language },
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/check-in/${list.short_id}`);
  await page.getByLabel(words.find).fill(door.name);
  await page.getByRole('button', { name: words.checkIn(door.name) }).click();
  await page.locator('[data-outcome="CHECKED_IN"]').waitFor();
  await page.getByTestId('checked-in-count').getByText('1 / 1').waitFor();
  await expectAccessible(page, `door-${words.language}`);
  expect(errors).toEqual([]);
  await context.close();
}

/** The organizer cancels the date of row `index` on the Dates screen, refunding everyone. */
async function cancelWithRefunds(session: OrganizerSession, words: Words, index: number) {
  const { page, eventId } = session;
  await page.goto(`/manage/event/${eventId}/dates`);
  await rows(page, words).nth(index).getByRole('button', { name: words.actions }).click();
  await page.getByRole('menuitem', { name: words.cancelDate }).click();
  const dialog = page.getByRole('dialog', { name: /./ }).filter({ has: page.getByRole('radiogroup') });
  const refundId = await dialog.getByRole('radio', { name: words.refundAll }).getAttribute('id');
  await dialog.locator(`label[for="${refundId}"]`).click();
  await dialog.getByRole('textbox', { name: new RegExp(`^${words.subject}`) }).fill('Class off');
  await dialog.getByRole('textbox', { name: words.message, exact: true }).fill('The studio floods that day.');
  await expectAccessible(page, `cancel-${words.language}`);
  await dialog.getByRole('button', { name: words.cancelThis }).click();
  await page.getByText(words.handled).waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: words.close }).last().click();
}

async function journey(words: Words, name: string) {
  const session = await organizerSession(browser, { confirmEmail: true, locale: words.locale });
  const { api, eventId } = session;
  const { url } = await api<{ url: string }>('POST', '/api/accounts/payment/stripe/connect');
  await session.page.goto(url);
  await session.page.waitForURL('**/account/payment?stripe=return');
  const ticket = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
    title: 'Class',
    type: 'PAID',
    price: 2500,
    quantity_available: 12,
  });
  const { dates, days } = await weeklyDates(session, words, name);
  expect(dates).toHaveLength(6);
  expect(dates.every((d) => d.label === name && d.rule_id !== null)).toBe(true);
  await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
  const event = await api<{ slug: string }>('GET', `/api/events/${eventId}`);
  const path = `/e/${eventId}/${event.slug}`;
  const [, second, , fourth] = dates as [
    EventDateResponse,
    EventDateResponse,
    EventDateResponse,
    EventDateResponse,
  ];

  // Two buyers: one picks the 2nd Tuesday in the list, the other follows a link to the 4th.
  const ana = await buyByCard(path, words, { first: 'Ana', pick: second.id });
  const rui = await buyByCard(`${path}?date=${fourth.id}`, words, { first: 'Rui' });
  const anaOrder = await orderOf(eventId, ana.shortId);
  const ruiOrder = await orderOf(eventId, rui.shortId);
  expect([anaOrder.dateId, ruiOrder.dateId]).toEqual([second.id, fourth.id]);

  await seeDateOnTicket(words, { eventId, shortId: anaOrder.ticket, date: second, day: days[1] ?? '' });
  await seeDateOnTicket(words, { eventId, shortId: ruiOrder.ticket, date: fourth, day: days[3] ?? '' });
  await checkInAtDoor(session, words, { dateId: second.id, ticketId: ticket.id, name: ana.attendee });

  await cancelWithRefunds(session, words, 3);
  const mail = await waitForMail({ to: rui.email, subject: /^Class off$/ });
  expect(mail.text).toContain('The studio floods that day.');
  expect(mail.text).toMatch(words.refundedMail);
  const cancellation = await api<{ status: string; refunded: number }>(
    'GET',
    `/api/events/${eventId}/dates/${fourth.id}/cancellation`,
  );
  expect(cancellation).toMatchObject({ status: 'DONE', refunded: 1 });
  // The buyer's order page says it is cancelled; the organizer's order shows the refund.
  const { context, page } = await openPage(browser, {
    locale: words.locale,
    cookies: { tessera_locale: words.language },
  });
  await page.goto(`/checkout/${eventId}/${rui.shortId}/summary`);
  await page.getByTestId('order-problem-cancelled').getByRole('heading', { name: words.cancelled }).waitFor();
  await expectAccessible(page, `cancelled-${words.language}`);
  await context.close();
  await session.page.goto(`/manage/event/${eventId}/orders`);
  await session.page.getByTestId('order-row').filter({ hasText: rui.attendee }).getByRole('link').click();
  const drawer = session.page.getByRole('dialog', { name: words.orderDialog, exact: true });
  await drawer.locator('[data-status="CANCELLED"]').waitFor();
  await expectEventually(async () => (await drawer.innerText()).replace(/\s+/g, ' ')).toMatch(words.refunded);
  await expectAccessible(session.page, `refund-${words.language}`);
  const kept = await apiCall<{ status: string }>(
    'GET',
    `/api/public/events/${eventId}/orders/${ana.shortId}`,
  );
  expect(kept.status).toBe('COMPLETED');
  expect(session.errors).toEqual([]);
  await session.context.close();
}

describe('a weekly event from start to end', () => {
  it('runs in English', () => journey(EN, 'Evening class'), 180_000);
  it('runs in German', () => journey(DE, 'Abendkurs'), 180_000);
});
