import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDateResponse } from '../common/event-dates';
import { accessibilityCheck, accessibilityCheckAtWidths, launchBrowser } from './browser';
import { expectCount, expectEventually, expectValue } from './expect';
import { type OrganizerSession, organizerSession } from './session';

// The organizer's Dates screen (issue 36): dates added by a weekly rule (Tuesdays and
// Thursdays for three weeks), seen in the list and on the month calendar, one edited from the
// calendar with the keyboard, one marked sold out, one deleted; the last date of an event
// cannot be deleted. Once in English, once in German.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheck('event-dates');
const expectAccessibleAtWidths = accessibilityCheckAtWidths('event-dates', { backToWide: true });

/** What the journey reads and clicks, in the language it runs in. */
interface Words {
  nav: string;
  heading: string;
  byRule: string;
  ruleDialog: string;
  addDates: string;
  required: string;
  tuesday: string;
  thursday: string;
  from: string;
  until: string;
  startTime: string;
  endTime: string;
  label: string;
  capacity: string;
  added: string;
  table: string;
  sold: string;
  list: string;
  calendar: string;
  previousMonth: string;
  nextMonth: string;
  editDialog: string;
  saveDate: string;
  saved: string;
  actions: RegExp;
  soldOut: string;
  delete: string;
  deleteDialog: string;
  deleted: RegExp;
  lastDate: string;
}

const EN: Words = {
  nav: 'Dates',
  heading: 'Dates',
  byRule: 'Add dates by rule',
  ruleDialog: 'Add dates by a rule',
  addDates: 'Add dates',
  required: 'This field is required.',
  tuesday: 'Tuesday',
  thursday: 'Thursday',
  from: 'From',
  until: 'Until',
  startTime: 'Start time',
  endTime: 'End time',
  label: 'Label',
  capacity: 'Capacity',
  added: '6 dates have been added.',
  table: 'Dates of this event',
  sold: '0 sold / 40',
  list: 'List',
  calendar: 'Calendar',
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  editDialog: 'Edit date',
  saveDate: 'Save date',
  saved: 'The date has been saved.',
  actions: /^Actions for /,
  soldOut: 'Sold out',
  delete: 'Delete',
  deleteDialog: 'Delete this date?',
  deleted: /^The date .* has been deleted\.$/,
  lastDate: 'An event needs at least one date, so its last date cannot be deleted.',
};

const DE: Words = {
  nav: 'Termine',
  heading: 'Termine',
  byRule: 'Termine nach Regel hinzufügen',
  ruleDialog: 'Termine nach einer Regel hinzufügen',
  addDates: 'Termine hinzufügen',
  required: 'Dieses Feld ist erforderlich.',
  tuesday: 'Dienstag',
  thursday: 'Donnerstag',
  from: 'Von',
  until: 'Bis',
  startTime: 'Beginn',
  endTime: 'Ende',
  label: 'Bezeichnung',
  capacity: 'Kapazität',
  added: '6 Termine wurden hinzugefügt.',
  table: 'Termine dieser Veranstaltung',
  sold: '0 verkauft / 40',
  list: 'Liste',
  calendar: 'Kalender',
  previousMonth: 'Vorheriger Monat',
  nextMonth: 'Nächster Monat',
  editDialog: 'Termin bearbeiten',
  saveDate: 'Termin speichern',
  saved: 'Der Termin wurde gespeichert.',
  actions: /^Aktionen für /,
  soldOut: 'Ausverkauft',
  delete: 'Löschen',
  deleteDialog: 'Diesen Termin löschen?',
  deleted: /^Der Termin .* wurde gelöscht\.$/,
  lastDate:
    'Eine Veranstaltung braucht mindestens einen Termin, daher kann ihr letzter Termin nicht gelöscht werden.',
};

const DAY = 86_400_000;
const iso = (time: number) => new Date(time).toISOString().slice(0, 10);

/** A Monday at least eight days ahead, and the six Tuesdays and Thursdays of its three weeks. */
function threeWeeks(): { from: string; until: string; days: string[] } {
  let monday = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 8);
  while (new Date(monday).getUTCDay() !== 1) monday += DAY;
  const days = [1, 3, 8, 10, 15, 17].map((offset) => iso(monday + offset * DAY));
  return { from: iso(monday), until: iso(monday + 18 * DAY), days };
}

/** Picks a view of the segmented control by clicking its label, as a user does. */
async function showAs(page: Page, name: string): Promise<void> {
  const id = await page.getByRole('radio', { name }).getAttribute('id');
  await page.locator(`label[for="${id}"]`).click();
}

const datesTable = (page: Page, words: Words) => page.getByRole('table', { name: words.table });
const rows = (table: Locator) => table.locator('tbody tr');

/** Opens the Dates page from the event's pages. */
async function openDates(page: Page, eventId: number, words: Words): Promise<void> {
  await page.goto(`/manage/event/${eventId}`);
  await page.getByRole('link', { name: words.nav, exact: true }).click();
  await page.getByRole('heading', { name: words.heading, exact: true, level: 2 }).waitFor();
  await expectCount(rows(datesTable(page, words))).toBe(1);
}

/** Adds Tuesdays and Thursdays, 19:00–21:00, for three weeks, checking the form's own errors first. */
async function addByRule(page: Page, words: Words, name: string): Promise<string[]> {
  const { from, until, days } = threeWeeks();
  await page.getByRole('button', { name: words.byRule }).click();
  const dialog = page.getByRole('dialog', { name: words.ruleDialog });
  await dialog.getByRole('button', { name: words.addDates, exact: true }).click();
  await dialog.getByText(words.required).first().waitFor();
  await dialog.getByRole('checkbox', { name: words.tuesday }).check();
  await dialog.getByRole('checkbox', { name: words.thursday }).check();
  // Required fields: their label ends with an asterisk.
  await dialog.getByLabel(new RegExp(`^${words.from}\\b`)).fill(from);
  await dialog.getByLabel(new RegExp(`^${words.until}\\b`)).fill(until);
  await dialog.getByLabel(new RegExp(`^${words.startTime}\\b`)).fill('19:00');
  await dialog.getByLabel(words.endTime, { exact: true }).fill('21:00');
  await dialog.getByRole('textbox', { name: words.label, exact: true }).fill(name);
  await dialog.getByLabel(words.capacity, { exact: true }).fill('40');
  await expectAccessible(page, `rule-modal-${words.nav}`);
  await dialog.getByRole('button', { name: words.addDates, exact: true }).click();
  await page.getByText(words.added).waitFor();
  await dialog.waitFor({ state: 'hidden' });
  const table = datesTable(page, words);
  await expectCount(rows(table)).toBe(7);
  await expectCount(rows(table).filter({ hasText: name })).toBe(6);
  await expectCount(rows(table).filter({ hasText: words.sold })).toBe(6);
  return days;
}

/** The calendar shows the rule's dates over its month and the next; Tab reaches each button. */
async function checkCalendar(page: Page, words: Words, expected: { name: string; days: string[] }) {
  await showAs(page, words.calendar);
  const calendar = page.getByTestId('dates-calendar');
  const entries = calendar.getByTestId('calendar-date').filter({ hasText: expected.name });
  const first = expected.days[0]?.slice(0, 7);
  await expectCount(entries).toBe(expected.days.filter((day) => day.startsWith(first ?? '')).length);
  for (const day of expected.days.filter((d) => d.startsWith(first ?? ''))) {
    await calendar.locator(`td[data-day="${day}"]`).getByTestId('calendar-date').first().waitFor();
  }
  await expectAccessible(page, `calendar-${words.nav}`);

  // Keyboard: previous month, next month, then the first date of the grid.
  await calendar.getByRole('button', { name: words.previousMonth }).focus();
  await page.keyboard.press('Tab');
  await expectEventually(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
    words.nextMonth,
  );
  await page.keyboard.press('Tab');
  await expectEventually(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
    'calendar-date',
  );

  // The rest of the rule's dates are on the next month.
  const later = expected.days.filter((d) => !d.startsWith(first ?? ''));
  if (later.length > 0) {
    await calendar.getByRole('button', { name: words.nextMonth }).click();
    await expectCount(entries).toBe(later.length);
    await calendar.getByRole('button', { name: words.previousMonth }).click();
    await expectCount(entries).toBe(expected.days.length - later.length);
  }
}

/** Edits the first date of the calendar, opened with the keyboard, then goes back to the list. */
async function editFromCalendar(page: Page, words: Words, names: { from: string; to: string }) {
  const entry = page.getByTestId('calendar-date').filter({ hasText: names.from }).first();
  await entry.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: words.editDialog });
  const label = dialog.getByRole('textbox', { name: words.label, exact: true });
  await expectValue(label).toBe(names.from);
  await label.fill(names.to);
  await dialog.getByRole('button', { name: words.saveDate }).click();
  await page.getByText(words.saved).waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByTestId('calendar-date').filter({ hasText: names.to }).waitFor();
  await showAs(page, words.list);
  await expectCount(rows(datesTable(page, words)).filter({ hasText: names.to })).toBe(1);
}

/** Marks the second date of the rule sold out, then deletes the third. */
async function changeAndDelete(page: Page, words: Words, name: string) {
  const ruleRows = rows(datesTable(page, words)).filter({ hasText: name });
  await ruleRows.nth(1).getByRole('button', { name: words.actions }).click();
  await page.getByRole('menuitem', { name: words.soldOut }).click();
  await expectCount(rows(datesTable(page, words)).filter({ hasText: words.soldOut })).toBe(1);

  await ruleRows.nth(2).getByRole('button', { name: words.actions }).click();
  await page.getByRole('menuitem', { name: words.delete }).click();
  const confirm = page.getByRole('dialog', { name: words.deleteDialog });
  await confirm.getByRole('button', { name: words.delete }).click();
  await page.getByText(words.deleted).first().waitFor();
  await confirm.waitFor({ state: 'hidden' });
  await expectCount(rows(datesTable(page, words))).toBe(6);
}

/** The one date of a new event cannot be deleted: the server's refusal, in the page's language. */
async function refuseLastDate(page: Page, words: Words) {
  await rows(datesTable(page, words)).first().getByRole('button', { name: words.actions }).click();
  await page.getByRole('menuitem', { name: words.delete }).click();
  await page
    .getByRole('dialog', { name: words.deleteDialog })
    .getByRole('button', { name: words.delete })
    .click();
  await page.getByText(words.lastDate).waitFor();
  await expectCount(rows(datesTable(page, words))).toBe(1);
}

/** One date added by hand: the server's refusal of a past start shows on its field, then a future one is added. */
async function addOne(page: Page, day: string): Promise<void> {
  await page.getByRole('button', { name: 'Add date', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a date' });
  const starts = dialog.getByLabel(/^Starts/);
  await starts.fill('2020-01-07T19:00');
  await dialog.getByRole('textbox', { name: 'Label', exact: true }).fill('Open rehearsal');
  await dialog.getByRole('button', { name: 'Add date', exact: true }).click();
  await dialog.getByText('A date on sale must start in the future.').waitFor();
  await expectEventually(() => starts.evaluate((el) => el === document.activeElement)).toBe(true);
  await expectAccessible(page, 'date-modal-error');
  await starts.fill(`${day}T11:00`);
  await dialog.getByLabel(/^Ends/).fill(`${day}T12:30`);
  await dialog.getByRole('button', { name: 'Add date', exact: true }).click();
  await page.getByText('The date has been added.').waitFor();
  await dialog.waitFor({ state: 'hidden' });
  const row = rows(datesTable(page, EN)).filter({ hasText: 'Open rehearsal' });
  await row.getByText('0 sold', { exact: true }).waitFor();
  await row.getByText('12:30 PM', { exact: true }).waitFor();
}

async function datesOf(session: OrganizerSession): Promise<EventDateResponse[]> {
  return (await session.api<{ data: EventDateResponse[] }>('GET', `/api/events/${session.eventId}/dates`))
    .data;
}

describe('the dates of an event', () => {
  it('adds dates by a weekly rule, shows them in the list and the calendar, edits and deletes', async () => {
    const session = await organizerSession(browser);
    const { page, errors, eventId } = session;
    await openDates(page, eventId, EN);
    await expectAccessible(page, 'list-one');

    const days = await addByRule(page, EN, 'Evening class');
    await expectAccessible(page, 'list');
    await checkCalendar(page, EN, { name: 'Evening class', days });
    await editFromCalendar(page, EN, { from: 'Evening class', to: 'Evening class, guest teacher' });
    await changeAndDelete(page, EN, 'Evening class');
    await addOne(page, days[5] ?? '');
    await expectAccessibleAtWidths(page, 'list-done');

    const dates = (await datesOf(session)).filter((d) => d.label !== 'Open rehearsal');
    expect(dates).toHaveLength(6);
    const rule = dates.filter((d) => d.label?.startsWith('Evening class'));
    expect(rule).toHaveLength(5);
    expect(rule.map((d) => d.label)).toEqual([
      'Evening class, guest teacher',
      'Evening class',
      'Evening class',
      'Evening class',
      'Evening class',
    ]);
    expect(rule.map((d) => d.status)).toEqual(['ON_SALE', 'SOLD_OUT', 'ON_SALE', 'ON_SALE', 'ON_SALE']);
    expect(rule.every((d) => d.capacity === 40 && d.sold === 0)).toBe(true);
    // 19:00 to 21:00 in Lisbon, the event's zone, on the rule's days but the deleted one.
    const local = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Lisbon',
      dateStyle: 'short',
      timeStyle: 'short',
      hourCycle: 'h23',
    });
    expect(rule.map((d) => local.format(new Date(d.starts_at)))).toEqual(
      [days[0], days[1], days[3], days[4], days[5]].map((day) => `${day}, 19:00`),
    );
    expect(rule.map((d) => local.format(new Date(d.ends_at ?? '')).slice(-5))).toEqual(
      Array(5).fill('21:00'),
    );
    // The one 422 the page asked for on purpose.
    expect(errors.filter((e) => !e.includes('422'))).toEqual([]);
  });

  it('reads in German, and says the last date cannot be deleted', async () => {
    const session = await organizerSession(browser, { locale: 'de-DE' });
    const { page, errors, eventId } = session;
    await openDates(page, eventId, DE);
    await refuseLastDate(page, DE);

    const days = await addByRule(page, DE, 'Abendkurs');
    await expectAccessible(page, 'list-de');
    await checkCalendar(page, DE, { name: 'Abendkurs', days });
    await editFromCalendar(page, DE, { from: 'Abendkurs', to: 'Abendkurs mit Gast' });
    await changeAndDelete(page, DE, 'Abendkurs');
    expect(await datesOf(session)).toHaveLength(6);
    // The one 409 the page asked for on purpose.
    expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
  });
});
