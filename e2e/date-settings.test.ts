import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DateTicketResponse, EventDateResponse } from '../common/event-dates';
import type { PublicTicketsResponse } from '../common/public-tickets';
import { accessibilityCheck, launchBrowser } from './browser';
import { expectCount, expectEventually, expectText } from './expect';
import { apiCall, type OrganizerSession, organizerSession } from './session';

// A date's own settings on the Dates screen (issue 36): a live event with a weekly rule's three
// Tuesdays, a paid ticket and a free one with a seat sold on the first Tuesday. "Ticket
// settings" of that Tuesday gives the paid ticket its own price and quantity there (the form
// first refusing an amount it cannot read), which buyers then see on that date only; the free
// ticket cannot go below its sold seat (the server's refusal on the field). "Edit all future
// dates of this rule", reached with the keyboard, gives every Tuesday a new label and start
// time; a date opened from the calendar offers its ticket settings too. Once in English, once
// in German.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheck('date-settings');

/** What the journey reads and clicks, in the language it runs in. */
interface Words {
  lang: string;
  table: string;
  actions: RegExp;
  ticketSettings: string;
  ticketsDialog: RegExp;
  ticketsTable: string;
  editDeck: string;
  editStalls: string;
  belowTaken: string;
  cancel: string;
  ownQuantity: string;
  quantity: string;
  price: string;
  priceTyped: string;
  amountError: RegExp;
  saveTicket: string;
  savedTicket: string;
  editSeries: string;
  label: string;
  startTime: string;
  changeDates: string;
  nothingChanged: string;
  changed: string;
  ruleLabel: string;
  newLabel: string;
  calendar: string;
  editDialog: string;
}

const EN: Words = {
  lang: 'en',
  table: 'Dates of this event',
  actions: /^Actions for /,
  ticketSettings: 'Ticket settings',
  ticketsDialog: /^Ticket settings: /,
  ticketsTable: 'Tickets of this date',
  editDeck: 'Edit Deck on this date',
  editStalls: 'Edit Stalls on this date',
  belowTaken: 'The quantity cannot be lower than what is already sold or reserved.',
  cancel: 'Cancel',
  ownQuantity: 'Own quantity on this date',
  quantity: 'Quantity on this date',
  price: 'Price on this date',
  priceTyped: '19.50',
  amountError: /^Enter an amount such as 25\.00\.$/,
  saveTicket: 'Save ticket settings',
  savedTicket: 'Deck has been saved for this date.',
  editSeries: 'Edit all future dates of this rule',
  label: 'Label',
  startTime: 'Start time',
  changeDates: 'Change future dates',
  nothingChanged: 'Change at least one field.',
  changed: '3 dates have been changed.',
  ruleLabel: 'Evening class',
  newLabel: 'Evening class, late',
  calendar: 'Calendar',
  editDialog: 'Edit date',
};

const DE: Words = {
  lang: 'de',
  table: 'Termine dieser Veranstaltung',
  actions: /^Aktionen für /,
  ticketSettings: 'Ticket-Einstellungen',
  ticketsDialog: /^Ticket-Einstellungen: /,
  ticketsTable: 'Tickets dieses Termins',
  editDeck: 'Deck an diesem Termin bearbeiten',
  editStalls: 'Stalls an diesem Termin bearbeiten',
  belowTaken: 'Die Menge darf nicht kleiner sein als das bereits Verkaufte oder Reservierte.',
  cancel: 'Abbrechen',
  ownQuantity: 'Eigene Menge an diesem Termin',
  quantity: 'Menge an diesem Termin',
  price: 'Preis an diesem Termin',
  priceTyped: '19,50',
  amountError: /^Geben Sie einen Betrag wie 25[.,]00 ein\.$/,
  saveTicket: 'Ticket-Einstellungen speichern',
  savedTicket: 'Deck wurde für diesen Termin gespeichert.',
  editSeries: 'Alle künftigen Termine dieser Regel bearbeiten',
  label: 'Bezeichnung',
  startTime: 'Beginn',
  changeDates: 'Künftige Termine ändern',
  nothingChanged: 'Ändern Sie mindestens ein Feld.',
  changed: '3 Termine wurden geändert.',
  ruleLabel: 'Abendkurs',
  newLabel: 'Abendkurs, spät',
  calendar: 'Kalender',
  editDialog: 'Termin bearbeiten',
};

const DAY = 86_400_000;
const iso = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The event's one date, a Deck ticket at €25.00 for 100 seats (showing the seats left), a free
 * Stalls ticket, and a rule's three Tuesdays; the event live, one Stalls seat sold on the first.
 */
async function setUp(session: OrganizerSession, words: Words) {
  const { api, eventId } = session;
  const ticket = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
    title: 'Deck',
    type: 'PAID',
    price: 2500,
    quantity_available: 100,
    show_quantity_remaining: true,
  });
  const stalls = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
    title: 'Stalls',
    type: 'FREE',
    quantity_available: 10,
  });
  let monday = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 8);
  while (new Date(monday).getUTCDay() !== 1) monday += DAY;
  const made = await api<{ data: EventDateResponse[] }>('POST', `/api/events/${eventId}/dates/rule`, {
    frequency: 'WEEKLY',
    weekdays: ['TU'],
    from: iso(monday),
    until: iso(monday + 18 * DAY),
    start_time: '19:00',
    end_time: '21:00',
    label: words.ruleLabel,
  });
  expect(made.data).toHaveLength(3);
  await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
  await buyOne(eventId, { dateId: made.data[0]?.id ?? 0, ticketId: stalls.id });
  return { ticketId: ticket.id, tuesdays: made.data };
}

/** A free order of one seat on one date, placed as a buyer would through the public API. */
async function buyOne(eventId: number, order: { dateId: number; ticketId: number }) {
  const base = `/api/public/events/${eventId}/orders`;
  const reserved = await apiCall<{ short_id: string }>('POST', base, {
    date_id: order.dateId,
    tickets: [{ ticket_id: order.ticketId, quantity: 1 }],
  });
  const person = { first_name: 'Ana', last_name: 'Faria', email: `ana.${Date.now()}@example.com` };
  await apiCall('PUT', `${base}/${reserved.short_id}`, {
    ...person,
    attendees: [{ ticket_id: order.ticketId, ...person }],
  });
  const done = await apiCall<{ status: string }>('POST', `${base}/${reserved.short_id}/complete`, {});
  expect(done.status).toBe('COMPLETED');
}

const rows = (page: Page, words: Words): Locator =>
  page.getByRole('table', { name: words.table }).locator('tbody tr');

/** Whether the locator's element has the keyboard focus, once it settles. */
const hasFocus = (locator: Locator) =>
  expectEventually(() => locator.evaluate((el) => el === document.activeElement));

/** The ticket's own price and quantity on the first Tuesday, through its "Ticket settings". */
async function setTicketOnDate(page: Page, words: Words): Promise<void> {
  await rows(page, words)
    .filter({ hasText: words.ruleLabel })
    .first()
    .getByRole('button', { name: words.actions })
    .click();
  await page.getByRole('menuitem', { name: words.ticketSettings }).click();
  const dialog = page.getByRole('dialog', { name: words.ticketsDialog });
  const table = dialog.getByRole('table', { name: words.ticketsTable });
  await expectCount(table.locator('tbody tr')).toBe(2);
  const deck = table.locator('tbody tr').filter({ hasText: 'Deck' });
  await expectAccessible(page, `tickets-${words.lang}`);

  await table.getByRole('button', { name: words.editDeck }).click();
  const form = page.getByRole('dialog');
  // The form takes the focus from the list: the keyboard ticks "own quantity" from there.
  const own = form.getByRole('checkbox', { name: words.ownQuantity });
  await hasFocus(own).toBe(true);
  await page.keyboard.press('Space');
  await expectEventually(() => own.isChecked()).toBe(true);
  await form.getByLabel(words.quantity, { exact: true }).fill('12');
  const price = form.getByLabel(words.price, { exact: true });
  await price.fill('19.5.0');
  await form.getByRole('button', { name: words.saveTicket }).click();
  await form.getByText(words.amountError).waitFor();
  await expectAccessible(page, `ticket-form-error-${words.lang}`);

  await price.fill(words.priceTyped);
  await form.getByRole('button', { name: words.saveTicket }).click();
  await page.getByText(words.savedTicket).waitFor();
  // Back on the list, which shows the date's own price and quantity.
  await expectText(deck.getByTestId('date-ticket-price')).toMatch(/19[.,]50/);
  await expectText(deck.getByTestId('date-ticket-quantity')).toBe('12');

  // Stalls has a seat sold here: no quantity of 0, says the server, on the field.
  await table.getByRole('button', { name: words.editStalls }).click();
  await form.getByRole('checkbox', { name: words.ownQuantity }).check();
  await form.getByLabel(words.quantity, { exact: true }).fill('0');
  await form.getByRole('button', { name: words.saveTicket }).click();
  await form.getByText(words.belowTaken).waitFor();
  await hasFocus(form.getByLabel(words.quantity, { exact: true })).toBe(true);
  await expectAccessible(page, `ticket-form-refused-${words.lang}`);
  await form.getByRole('button', { name: words.cancel }).click();
  await expectCount(table.locator('tbody tr')).toBe(2);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

/** A new label and start time for every Tuesday, the menu and the form driven by the keyboard. */
async function editRule(page: Page, words: Words): Promise<void> {
  await rows(page, words)
    .filter({ hasText: words.ruleLabel })
    .nth(1)
    .getByRole('button', { name: words.actions })
    .focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: words.editSeries }).waitFor();
  for (let step = 0; step < 10; step += 1) {
    const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
    if (focused === words.editSeries) break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: words.editSeries });
  const label = dialog.getByRole('textbox', { name: words.label, exact: true });
  // The label has the focus; Enter with nothing changed is refused.
  await hasFocus(label).toBe(true);
  await page.keyboard.press('Enter');
  await dialog.getByText(words.nothingChanged).waitFor();
  await expectAccessible(page, `series-${words.lang}`);

  await label.fill(words.newLabel);
  await dialog.getByLabel(words.startTime, { exact: true }).fill('20:30');
  await label.focus();
  await page.keyboard.press('Enter');
  await page.getByText(words.changed).waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await expectCount(rows(page, words).filter({ hasText: words.newLabel })).toBe(3);
}

/** A date opened from the calendar offers its ticket settings too. */
async function ticketsFromCalendar(page: Page, words: Words): Promise<void> {
  const id = await page.getByRole('radio', { name: words.calendar }).getAttribute('id');
  await page.locator(`label[for="${id}"]`).click();
  await page.getByTestId('calendar-date').filter({ hasText: words.newLabel }).first().focus();
  await page.keyboard.press('Enter');
  const edit = page.getByRole('dialog', { name: words.editDialog });
  await edit.getByRole('button', { name: words.ticketSettings }).click();
  await edit.waitFor({ state: 'hidden' });
  const dialog = page.getByRole('dialog', { name: words.ticketsDialog });
  await expectCount(dialog.getByRole('table', { name: words.ticketsTable }).locator('tbody tr')).toBe(2);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

/** What the API says afterwards: the price and quantity on the first Tuesday only, every Tuesday moved. */
async function checkSaved(
  session: OrganizerSession,
  set: { ticketId: number; tuesdays: EventDateResponse[]; words: Words },
) {
  const { api, eventId } = session;
  const onDate = async (date: EventDateResponse | undefined) =>
    (
      await api<{ data: DateTicketResponse[] }>('GET', `/api/events/${eventId}/dates/${date?.id}/tickets`)
    ).data.find((row) => row.ticket_id === set.ticketId);
  expect(await onDate(set.tuesdays[0])).toMatchObject({
    own_quantity: true,
    quantity_available: 12,
    price: 1950,
  });
  expect(await onDate(set.tuesdays[1])).toMatchObject({
    own_quantity: false,
    quantity_available: 100,
    price: null,
  });
  // Buyers see the price and the seats left of the date they pick.
  const publicDeck = async (date: EventDateResponse | undefined) =>
    (
      await apiCall<PublicTicketsResponse>('GET', `/api/public/events/${eventId}/tickets?date_id=${date?.id}`)
    ).data.find((ticket) => ticket.id === set.ticketId);
  const first = await publicDeck(set.tuesdays[0]);
  expect([first?.prices[0]?.price, first?.quantity_remaining]).toEqual([1950, 12]);
  const second = await publicDeck(set.tuesdays[1]);
  expect([second?.prices[0]?.price, second?.quantity_remaining]).toEqual([2500, 100]);

  const dates = (await api<{ data: EventDateResponse[] }>('GET', `/api/events/${eventId}/dates`)).data;
  const local = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Lisbon',
    timeStyle: 'short',
    hourCycle: 'h23',
  });
  const rule = dates.filter((d) => d.rule_id !== null);
  expect(rule.map((d) => d.label)).toEqual(Array(3).fill(set.words.newLabel));
  expect(rule.map((d) => local.format(new Date(d.starts_at)))).toEqual(Array(3).fill('20:30'));
  // Each keeps its day and its two hours.
  expect(rule.map((d) => d.id)).toEqual(set.tuesdays.map((d) => d.id));
  expect(rule.map((d) => Date.parse(d.ends_at ?? '') - Date.parse(d.starts_at))).toEqual(
    Array(3).fill(2 * 3600 * 1000),
  );
  // The event's own date, made by no rule, is left as it was.
  expect(dates.filter((d) => d.rule_id === null).map((d) => d.label)).toEqual([null]);
}

async function journey(words: Words, locale: string): Promise<void> {
  const session = await organizerSession(browser, {
    locale,
    confirmEmail: true,
    eventSettings: { offline_payments_enabled: true },
  });
  const { page, errors, eventId } = session;
  const { ticketId, tuesdays } = await setUp(session, words);
  await page.goto(`/manage/event/${eventId}/dates`);
  await expectCount(rows(page, words)).toBe(4);

  await setTicketOnDate(page, words);
  await editRule(page, words);
  await ticketsFromCalendar(page, words);
  await checkSaved(session, { ticketId, tuesdays, words });
  // The one 422 the page asked for on purpose.
  expect(errors.filter((e) => !e.includes('422'))).toEqual([]);
  await session.context.close();
}

describe('a date’s own settings', () => {
  it('sets a ticket’s price and quantity on one date, and changes a rule’s future dates', async () => {
    await journey(EN, 'en-US');
  });

  it('reads in German', async () => {
    await journey(DE, 'de-DE');
  });
});
