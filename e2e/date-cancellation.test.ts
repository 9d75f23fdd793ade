import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DateCancellationResponse } from '../common/date-cancellation';
import type { EventDateResponse } from '../common/event-dates';
import { accessibilityCheck, launchBrowser } from './browser';
import { expectCount } from './expect';
import { waitForMail } from './mailbox';
import { apiCall, organizerSession } from './session';

// Cancelling a date from the Dates screen (decision 050): an event of two dates with a ticket
// holder on the first; "Cancel date…" moves everyone to the second date, the form first
// refusing a move without a date; the progress shows it done, and the holder's mail names the
// new date and links to the ticket.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheck('date-cancellation');

describe('cancelling a date', () => {
  it('moves everyone to another date and shows the progress', async () => {
    const session = await organizerSession(browser, { confirmEmail: true });
    const { page, errors, eventId, api } = session;
    const ticket = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'Deck',
      type: 'FREE',
    });
    await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
    const [first] = (await api<{ data: EventDateResponse[] }>('GET', `/api/events/${eventId}/dates`)).data;
    const later = new Date(Date.parse(first?.starts_at ?? '') + 7 * 86_400_000).toISOString();
    const second = await api<EventDateResponse>('POST', `/api/events/${eventId}/dates`, {
      starts_at: later,
      label: 'Second night',
    });
    const stamp = Date.now();
    const person = { first_name: 'Ana', last_name: 'Faria', email: `ana.moved.${stamp}@example.com` };
    const base = `/api/public/events/${eventId}/orders`;
    const reserved = await apiCall<{ short_id: string }>('POST', base, {
      date_id: first?.id,
      tickets: [{ ticket_id: ticket.id, quantity: 1 }],
    });
    await apiCall('PUT', `${base}/${reserved.short_id}`, {
      ...person,
      attendees: [{ ticket_id: ticket.id, ...person }],
    });
    await apiCall('POST', `${base}/${reserved.short_id}/complete`, {});

    await page.goto(`/manage/event/${eventId}/dates`);
    const table = page.getByRole('table', { name: 'Dates of this event' });
    await expectCount(table.locator('tbody tr')).toBe(2);
    await table
      .locator('tbody tr')
      .first()
      .getByRole('button', { name: /^Actions for / })
      .click();
    await page.getByRole('menuitem', { name: 'Cancel date…' }).click();
    const dialog = page.getByRole('dialog', { name: /^Cancel / });
    const moveId = await dialog.getByRole('radio', { name: 'Move to another date' }).getAttribute('id');
    await dialog.locator(`label[for="${moveId}"]`).click();
    await dialog.getByRole('textbox', { name: /^Subject/ }).fill('The first night moves');
    await dialog.getByRole('textbox', { name: 'Message' }).fill('The hall is closed that week.');
    await dialog.getByRole('button', { name: 'Cancel this date' }).click();
    await dialog.getByText('Choose the date the orders move to.').waitFor();
    await expectAccessible(page, 'form-error');

    await dialog.getByLabel(/^New date/).click();
    await page.getByRole('option').first().click();
    await dialog.getByRole('button', { name: 'Cancel this date' }).click();
    const progress = page.getByRole('dialog', { name: /^Cancellation of / });
    await progress.getByText('Every order of this date has been handled.').waitFor({ timeout: 30_000 });
    await progress.getByText('1 of 1 orders handled.').waitFor();
    await expectAccessible(page, 'progress');
    await progress.getByRole('button', { name: 'Close' }).last().click();
    await table.locator('tbody tr').first().getByText('Cancelled').waitFor();

    const state = await api<DateCancellationResponse>(
      'GET',
      `/api/events/${eventId}/dates/${first?.id}/cancellation`,
    );
    expect(state).toMatchObject({ status: 'DONE', action: 'MOVE', move_to_date_id: second.id, moved: 1 });
    const mail = await waitForMail({ to: person.email, subject: /^The first night moves$/ });
    expect(mail.text).toContain('The hall is closed that week.');
    expect(mail.text).toContain('Your ticket has been moved to');
    expect(mail.links.some((link) => link.includes(`/ticket/${eventId}/`))).toBe(true);
    // The one 422 the page asked for on purpose.
    expect(errors.filter((e) => !e.includes('422'))).toEqual([]);
  });

  it('cancels a date with the later dates of its rule, refunding all', async () => {
    const session = await organizerSession(browser, { confirmEmail: true });
    const { page, errors, eventId, api } = session;
    const ticket = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'Deck',
      type: 'FREE',
    });
    await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
    const [first] = (await api<{ data: EventDateResponse[] }>('GET', `/api/events/${eventId}/dates`)).data;
    const from = new Date(Date.parse(first?.starts_at ?? '') + 14 * 86_400_000).toISOString().slice(0, 10);
    const until = new Date(Date.parse(from) + 15 * 86_400_000).toISOString().slice(0, 10);
    const ruled = (
      await api<{ data: EventDateResponse[] }>('POST', `/api/events/${eventId}/dates/rule`, {
        frequency: 'WEEKLY',
        from,
        until,
        start_time: '19:00',
      })
    ).data;
    expect(ruled).toHaveLength(3);
    const stamp = Date.now();
    const holders = ruled.slice(0, 2).map((date, i) => ({
      date,
      person: { first_name: 'Rui', last_name: 'Sousa', email: `rui.${i}.${stamp}@example.com` },
    }));
    const base = `/api/public/events/${eventId}/orders`;
    for (const { date, person } of holders) {
      const reserved = await apiCall<{ short_id: string }>('POST', base, {
        date_id: date.id,
        tickets: [{ ticket_id: ticket.id, quantity: 1 }],
      });
      await apiCall('PUT', `${base}/${reserved.short_id}`, {
        ...person,
        attendees: [{ ticket_id: ticket.id, ...person }],
      });
      await apiCall('POST', `${base}/${reserved.short_id}/complete`, {});
    }

    await page.goto(`/manage/event/${eventId}/dates`);
    const table = page.getByRole('table', { name: 'Dates of this event' });
    await expectCount(table.locator('tbody tr')).toBe(4);
    // The first date of the rule: the second row, after the event's own date.
    await table
      .locator('tbody tr')
      .nth(1)
      .getByRole('button', { name: /^Actions for / })
      .click();
    await page.getByRole('menuitem', { name: 'Cancel date…' }).click();
    const dialog = page.getByRole('dialog', { name: /^Cancel / });
    const seriesId = await dialog
      .getByRole('radio', { name: 'This and all later dates of its rule' })
      .getAttribute('id');
    await dialog.locator(`label[for="${seriesId}"]`).click();
    // A series is refunded, never moved.
    await expectCount(dialog.getByRole('radio', { name: 'Move to another date' })).toBe(0);
    await dialog.getByRole('textbox', { name: /^Subject/ }).fill('The Tuesday series ends');
    await dialog.getByRole('textbox', { name: 'Message' }).fill('The venue closes for the summer.');
    await expectAccessible(page, 'series');
    await dialog.getByRole('button', { name: 'Cancel these dates' }).click();
    await page.getByText('3 dates have been cancelled.').waitFor();
    const progress = page.getByRole('dialog', { name: /^Cancellation of / });
    await progress.getByText('Every order of this date has been handled.').waitFor({ timeout: 30_000 });
    await progress.getByRole('button', { name: 'Close' }).last().click();

    const dates = (await api<{ data: EventDateResponse[] }>('GET', `/api/events/${eventId}/dates`)).data;
    expect(dates.map((d) => d.status)).toEqual(['ON_SALE', 'CANCELLED', 'CANCELLED', 'CANCELLED']);
    for (const { person } of holders) {
      const mail = await waitForMail({ to: person.email, subject: /^The Tuesday series ends$/ });
      expect(mail.text).toContain('The venue closes for the summer.');
    }
    expect(errors).toEqual([]);
  });
});
