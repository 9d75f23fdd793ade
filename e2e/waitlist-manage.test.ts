import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventResponse } from '../common/events';
import type { TicketResponse } from '../common/tickets';
import type { PublicWaitlistEntry, WaitlistResponse } from '../common/waitlist';
import { accessibilityCheck, launchBrowser, openPage, waitForToastsToClose } from './browser';
import { expectCount, expectText, expectValue } from './expect';
import { apiCall, organizerSession } from './session';

// An organizer turns the waiting list on, with offers by hand. A ticket of one sells out through
// the public API and three people join its list; the organizer sees them in order, offers the
// freed seat by keyboard once the quantity goes up, removes one, filters, and exports the list.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheck('waitlist-manage');

/** The browser logs every 4xx answer to the console; the expected ones are left out. */
const unexpected = (errors: string[]) => errors.filter((e) => !e.startsWith('Failed to load resource'));

/** Presses Tab until the element with this accessible name has the focus (at most 60 times). */
async function tabTo(page: Page, accessibleName: string): Promise<void> {
  for (let i = 0; i < 60; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el ? (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() : '';
    });
    if (focused === accessibleName) return;
  }
  throw new Error(`Tab never reached ${accessibleName}`);
}

/** A Mantine select, whichever role the browser gives its input. */
const selectBox = (scope: Page | Locator, name: string): Locator =>
  scope.getByRole('textbox', { name }).or(scope.getByRole('combobox', { name }));

/** A free order of one ticket, placed and completed through the public API. */
async function buyOne(eventId: number, ticketId: number): Promise<void> {
  const base = `/api/public/events/${eventId}/orders`;
  const person = { first_name: 'Rita', last_name: 'Sousa', email: 'rita.sousa@example.com' };
  const created = await apiCall<{ short_id: string }>('POST', base, {
    tickets: [{ ticket_id: ticketId, quantity: 1 }],
  });
  await apiCall('PUT', `${base}/${created.short_id}`, {
    ...person,
    attendees: [{ ticket_id: ticketId, ...person, answers: [] }],
  });
  const done = await apiCall<{ status: string }>('POST', `${base}/${created.short_id}/complete`, {});
  expect(done.status).toBe('COMPLETED');
}

const row = (page: Page, name: string): Locator => page.getByTestId('waitlist-row').filter({ hasText: name });

describe('waiting list, organizer screen', () => {
  it('turns the list on, shows sign-ups in order, offers by hand, removes, filters and exports', async () => {
    const session = await organizerSession(browser, {
      confirmEmail: true,
      eventTitle: 'Lighthouse Sessions',
    });
    const { page, errors, api, eventId } = session;
    const ticket = await api<TicketResponse>('POST', `/api/events/${eventId}/tickets`, {
      title: 'Front row',
      type: 'FREE',
      quantity_available: 1,
    });
    await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/manage/event/${eventId}`);
    await page
      .getByRole('navigation', { name: 'Event pages' })
      .getByRole('link', { name: 'Waiting list' })
      .click();
    await page.getByRole('heading', { name: 'Nobody is on the waiting list yet' }).waitFor();
    await page
      .getByText('Turn on “Enable the waiting list for sold-out tickets” above', { exact: false })
      .waitFor();
    await expectAccessible(page, 'empty');

    // On, with offers by hand and 48 hours to buy.
    const settings = page.getByRole('form', { name: 'Waiting list settings' });
    await settings.getByRole('switch', { name: 'Enable the waiting list for sold-out tickets' }).check();
    await settings.getByRole('switch', { name: 'Offer freed tickets automatically' }).uncheck();
    // Out of range: the field brings it back to the longest hold, a week.
    const hours = settings.getByRole('textbox', { name: 'Hours an offer holds its ticket' });
    await hours.fill('200');
    await hours.press('Tab');
    await expectValue(hours).toBe('168');
    await hours.fill('48');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('The waiting list settings have been saved.').waitFor();
    const saved = await api<EventResponse>('GET', `/api/events/${eventId}`);
    expect(saved.settings).toMatchObject({
      waitlist_enabled: true,
      waitlist_auto_offer: false,
      waitlist_offer_hours: 48,
    });

    // The only ticket sells; three people join its list through the public API.
    await buyOne(eventId, ticket.id);
    const people = [
      { first_name: 'Ana', last_name: 'Lima', email: 'ana.lima@example.com' },
      { first_name: 'Bruno', last_name: 'Costa', email: 'bruno.costa@example.com' },
      { first_name: 'Chen', last_name: 'Wei', email: 'chen.wei@example.com' },
    ];
    for (const person of people) {
      const joined = await apiCall<PublicWaitlistEntry>('POST', `/api/public/events/${eventId}/waitlist`, {
        ticket_id: ticket.id,
        ...person,
      });
      expect(joined.status).toBe('WAITING');
    }

    await page.reload();
    await expectCount(page.getByTestId('waitlist-row')).toBe(3);
    await expectText(row(page, 'Ana Lima').getByTestId('waitlist-position')).toBe('1');
    await expectText(row(page, 'Chen Wei').getByTestId('waitlist-position')).toBe('3');
    await row(page, 'Bruno Costa').getByText('bruno.costa@example.com').waitFor();
    const counts = page.getByTestId('waitlist-counts').filter({ hasText: 'Front row' });
    await expectText(counts.getByTestId('count-waiting')).toBe('3');
    await expectAccessible(page, 'list');
    await page.screenshot({ path: '/tmp/wl-manage-en-1280.png', fullPage: true });

    // No seat is free yet: the API's 409 is said in a notification.
    await row(page, 'Ana Lima').getByRole('button', { name: 'Offer a ticket to Ana Lima' }).click();
    await page.getByText('No ticket is free to offer.', { exact: false }).waitFor();
    await waitForToastsToClose(page);

    // One more seat; with automatic offers off it waits for the organizer, who offers it by keyboard.
    await api('PUT', `/api/events/${eventId}/tickets/${ticket.id}`, {
      title: 'Front row',
      type: 'FREE',
      quantity_available: 2,
    });
    await page.reload();
    await expectText(row(page, 'Ana Lima').getByTestId('waitlist-position')).toBe('1');
    await page.getByRole('heading', { name: 'Waiting list', exact: true }).click();
    await tabTo(page, 'Offer a ticket to Ana Lima');
    await page.keyboard.press('Enter');
    await page.getByText('A ticket has been offered to Ana Lima.', { exact: false }).waitFor();
    await row(page, 'Ana Lima').getByText('Offered', { exact: true }).waitFor();
    await row(page, 'Ana Lima').getByText('Held until', { exact: false }).waitFor();
    await expectText(row(page, 'Bruno Costa').getByTestId('waitlist-position')).toBe('1');

    // Bruno is removed, by keyboard, after a confirmation.
    await waitForToastsToClose(page);
    await page.getByRole('heading', { name: 'Waiting list', exact: true }).click();
    await tabTo(page, 'Remove Bruno Costa');
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Remove Bruno Costa from the waiting list?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Bruno Costa has been removed from the waiting list.').waitFor();
    await row(page, 'Bruno Costa').getByText('Removed', { exact: true }).waitFor();
    await expectText(row(page, 'Chen Wei').getByTestId('waitlist-position')).toBe('1');
    await expectText(counts.getByTestId('count-offered')).toBe('1');
    await expectText(counts.getByTestId('count-removed')).toBe('1');
    const list = await api<WaitlistResponse>('GET', `/api/events/${eventId}/waitlist`);
    expect(list.data.map((e) => [e.name, e.status])).toEqual([
      ['Ana Lima', 'OFFERED'],
      ['Bruno Costa', 'REMOVED'],
      ['Chen Wei', 'WAITING'],
    ]);

    // Filtered by status: only Chen waits.
    await waitForToastsToClose(page);
    await selectBox(page, 'Status').click();
    await page.getByRole('option', { name: 'Waiting', exact: true }).click();
    await expectCount(page.getByTestId('waitlist-row')).toBe(1);
    await row(page, 'Chen Wei').waitFor();
    expect(new URL(page.url()).searchParams.get('status')).toBe('WAITING');
    await expectAccessible(page, 'filtered');

    // The export has everyone.
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`waitlist-${eventId}.csv`);
    const [header, ...rows] = (await readFile(await download.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header).toBe(
      'Position,Name,E-mail,Ticket,Status,Language,Offered (UTC),Offer expires (UTC),Order ID,Joined (UTC)',
    );
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/^,Ana Lima,ana\.lima@example\.com,Front row,OFFERED,en,\d{4}-/);
    expect(rows[1]).toMatch(/^,Bruno Costa,bruno\.costa@example\.com,Front row,REMOVED,en,,,/);
    expect(rows[2]).toMatch(/^1,Chen Wei,chen\.wei@example\.com,Front row,WAITING,en,,,/);
    expect(unexpected(errors)).toEqual([]);

    // The same screen in Simplified Chinese.
    const zh = await openPage(browser, { locale: 'zh-CN', cookies: { tessera_locale: 'zh-CN' } });
    await zh.context.addInitScript((value) => localStorage.setItem('tessera_token', value), session.token);
    await zh.page.setViewportSize({ width: 1280, height: 900 });
    await zh.page.goto(`/manage/event/${eventId}/waitlist`);
    await zh.page.getByRole('heading', { name: '候补名单', exact: true }).waitFor();
    await expectCount(zh.page.getByTestId('waitlist-row')).toBe(3);
    await zh.page.screenshot({ path: '/tmp/wl-manage-zh-CN-1280.png', fullPage: true });
    expect(unexpected(zh.errors)).toEqual([]);
    await zh.context.close();
  });

  it('sets a ticket’s own waiting list in the ticket form', async () => {
    const { page, api, eventId } = await organizerSession(browser, { eventTitle: 'Quay Talks' });
    const ticket = await api<TicketResponse>('POST', `/api/events/${eventId}/tickets`, {
      title: 'Talk pass',
      type: 'FREE',
    });
    expect(ticket.waitlist_enabled).toBeNull();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/manage/event/${eventId}/tickets`);
    await page.getByRole('button', { name: 'Actions for Talk pass' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit ticket' });
    const select = selectBox(dialog, 'Waiting list');
    expect(await select.inputValue()).toBe('Event default');
    await select.click();
    await page.getByRole('option', { name: 'Off', exact: true }).click();
    await dialog.getByRole('button', { name: 'Save ticket' }).click();
    await dialog.waitFor({ state: 'detached' });
    const saved = await api<{ data: TicketResponse[] }>('GET', `/api/events/${eventId}/tickets`);
    expect(saved.data[0]?.waitlist_enabled).toBe(false);

    // A quick change from the list keeps it.
    await page.getByRole('button', { name: 'Actions for Talk pass' }).click();
    await page.getByRole('menuitem', { name: /Pause sales/ }).click();
    await page.getByText('Sales of Talk pass', { exact: false }).first().waitFor();
    const paused = await api<{ data: TicketResponse[] }>('GET', `/api/events/${eventId}/tickets`);
    expect(paused.data[0]).toMatchObject({ is_paused: true, waitlist_enabled: false });
  });
});
