import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityCheckAtWidths, launchBrowser, waitForToastsToClose } from './browser';
import { expectAttribute, expectChecked, expectCount, expectText, expectValue } from './expect';
import { readMailbox, waitForMail } from './mailbox';
import { apiCall, organizerSession } from './session';

// The organizer's attendee screens: find a buyer, add someone by hand (their ticket is mailed),
// cancel and reactivate that ticket (not one of a refunded order), and export the list as CSV
// with and without a search.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheckAtWidths('attendees', { backToWide: true });

/** A free order placed as a buyer would, through the public API. */
async function buy(
  eventId: number,
  ticketId: number,
  person: { first_name: string; last_name: string; email: string },
  answers: { question_id: number; answer: unknown }[] = [],
) {
  const base = `/api/public/events/${eventId}/orders`;
  const created = await apiCall<{ short_id: string }>('POST', base, {
    tickets: [{ ticket_id: ticketId, quantity: 1 }],
  });
  await apiCall('PUT', `${base}/${created.short_id}`, {
    ...person,
    attendees: [{ ticket_id: ticketId, ...person, answers }],
  });
  const done = await apiCall<{ status: string; reference: string }>(
    'POST',
    `${base}/${created.short_id}/complete`,
    {},
  );
  expect(done.status).toBe('COMPLETED');
  return done.reference;
}

/** The rows of the attendee table (without its header). */
const rows = (page: Page): Locator =>
  page.getByRole('table', { name: 'Attendees of this event' }).locator('tbody tr');

/** Downloads the export in the format chosen, and reads the CSV's lines. */
async function exportCsv(page: Page): Promise<{ name: string; lines: string[] }> {
  await page.getByRole('button', { name: 'Export' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'CSV' }).click(),
  ]);
  const file = await download.path();
  const text = await readFile(file, 'utf8');
  return {
    name: download.suggestedFilename(),
    lines: text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n'),
  };
}

describe('attendees', () => {
  it('finds, adds, cancels, reactivates and exports attendees', async () => {
    const stamp = Date.now();
    const session = await organizerSession(browser, {
      confirmEmail: true,
      eventTitle: `Harbour Night ${stamp}`,
      // Paid tickets go live only with a way to pay.
      eventSettings: { offline_payments_enabled: true },
    });
    const { api, eventId, page, errors } = session;
    const ticket = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'General admission',
      type: 'FREE',
      quantity_available: 10,
    });
    const vip = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'Backstage',
      type: 'FREE',
      quantity_available: 1,
    });
    const patron = await api<{ id: number; prices: { id: number; label: string }[] }>(
      'POST',
      `/api/events/${eventId}/tickets`,
      {
        title: 'Patron',
        type: 'TIERED',
        prices: [
          { label: 'Early', price: 1000 },
          { label: 'Late', price: 1500 },
        ],
      },
    );
    const music = await api<{ id: number }>('POST', `/api/events/${eventId}/questions`, {
      title: 'Music you like',
      type: 'CHECKBOX',
      options: ['Jazz', 'Blues', 'Fado'],
    });
    const address = await api<{ id: number }>('POST', `/api/events/${eventId}/questions`, {
      title: 'Postal address',
      type: 'ADDRESS',
    });
    await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
    const ana = { first_name: 'Ana', last_name: 'Lima', email: `ana.${stamp}@example.com` };
    const rui = { first_name: 'Rui', last_name: 'Costa', email: `rui.${stamp}@example.com` };
    // Before any order: the empty list offers to add someone.
    await page.goto(`/manage/event/${eventId}/attendees`);
    await page.getByRole('heading', { name: 'No attendees yet' }).waitFor();
    await page.getByRole('button', { name: 'Add an attendee' }).waitFor();
    await expectAccessible(page, 'empty');

    const anaReference = await buy(eventId, ticket.id, ana, [
      { question_id: music.id, answer: ['Jazz', 'Fado'] },
      {
        question_id: address.id,
        answer: {
          address_line_1: 'Rua Augusta 10',
          city: 'Lisboa',
          zip_or_postal_code: '1100-053',
          country: 'PT',
        },
      },
    ]);
    await buy(eventId, ticket.id, rui);

    // The list, newest first, reached from the event's navigation.
    await page.goto(`/manage/event/${eventId}`);
    await page
      .getByRole('navigation', { name: 'Event pages' })
      .getByRole('link', { name: 'Attendees' })
      .click();
    await page.getByRole('heading', { name: 'Attendees', level: 2 }).waitFor();
    await expectCount(rows(page)).toBe(2);
    await expectText(rows(page).first()).toContain('Rui Costa');
    await expectAccessible(page, 'list');

    // A search by e-mail asks the server, and stays in the address through a reload.
    await page.getByRole('searchbox', { name: 'Search' }).fill(ana.email);
    await page.waitForURL((url) => url.searchParams.get('query') === ana.email);
    await expectCount(rows(page)).toBe(1);
    await expectText(rows(page).first()).toContain(anaReference);
    await page.reload();
    await expectCount(rows(page)).toBe(1);
    await expectValue(page.getByRole('searchbox', { name: 'Search' })).toBe(ana.email);

    // Ana's details: her answers, readable; edit her name, resend her ticket.
    await rows(page).first().getByRole('link', { name: 'Ana Lima' }).click();
    const drawer = page.getByRole('dialog', { name: 'Attendee', exact: true });
    await drawer.getByRole('heading', { name: 'Ana Lima' }).waitFor();
    await drawer.getByText('Jazz, Fado').waitFor();
    await drawer.getByText('1100-053 Lisboa').waitFor();
    await drawer.getByText(anaReference).waitFor();
    await drawer.getByRole('button', { name: 'Edit' }).click();
    await drawer.getByRole('textbox', { name: 'Last name' }).fill('Lima Reis');
    await drawer.getByRole('textbox', { name: 'E-mail' }).fill('not an address');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.getByText('valid e-mail', { exact: false }).waitFor();
    await drawer.getByRole('textbox', { name: 'E-mail' }).fill(ana.email);
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.getByRole('heading', { name: 'Ana Lima Reis' }).waitFor();
    const beforeResend = await readMailbox();
    await drawer.getByRole('button', { name: 'Resend ticket e-mail' }).click();
    await page.getByText(`The ticket has been sent again to ${ana.email}.`).waitFor();
    await waitForMail({ to: ana.email, subject: /Your ticket for Harbour Night/, seen: beforeResend });
    await expectAccessible(page, 'detail-answers');
    await drawer.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL((url) => !url.searchParams.has('attendee'));
    await waitForToastsToClose(page);

    // The export applies the search: only Ana.
    const searched = await exportCsv(page);
    expect(searched.name).toBe(`attendees-${eventId}.csv`);
    expect(searched.lines).toHaveLength(2);
    expect(searched.lines[1]).toContain(ana.email);
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await page.waitForURL((url) => !url.searchParams.has('query'));
    await expectCount(rows(page)).toBe(2);

    // Add an attendee by hand, by keyboard.
    const mia = { first_name: 'Mia', last_name: 'Sousa', email: `mia.${stamp}@example.com` };
    const seen = await readMailbox();
    await page.getByRole('button', { name: 'Add an attendee' }).focus();
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: 'Add an attendee' });
    await modal.getByText('cannot be refunded').waitFor();
    // Submitting empty says what is missing, on the fields.
    await modal.getByRole('button', { name: 'Add attendee' }).click();
    await modal.getByText('This field is required').first().waitFor();
    await expectAccessible(page, 'add-modal');
    const ticketSelect = modal
      .getByRole('textbox', { name: 'Ticket' })
      .or(modal.getByRole('combobox', { name: 'Ticket' }))
      .first();
    await ticketSelect.focus();
    await page.keyboard.press('ArrowDown');
    // The list marks the option Enter takes a moment after it opens: Enter before that takes none.
    await expectAttribute(
      page.getByRole('option', { name: 'General admission' }),
      'data-combobox-selected',
    ).toBe('true');
    await page.keyboard.press('Enter');
    await expectValue(ticketSelect).toBe('General admission');
    await page.keyboard.press('Tab');
    await page.keyboard.type(mia.first_name);
    await page.keyboard.press('Tab');
    await page.keyboard.type(mia.last_name);
    await page.keyboard.press('Tab');
    await page.keyboard.type(mia.email);
    await expectChecked(modal.getByRole('checkbox', { name: 'Send the ticket by e-mail' })).toBe(true);
    await page.keyboard.press('Enter');

    // The new attendee opens beside the list, marked as added by hand; their ticket is mailed.
    await drawer.getByRole('heading', { name: 'Mia Sousa' }).waitFor();
    await drawer.getByText('Added by hand').waitFor();
    expect(new URL(page.url()).searchParams.get('attendee')).toMatch(/^\d+$/);
    const mail = await waitForMail({ to: mia.email, subject: /Your ticket for Harbour Night/, seen });
    expect(mail.links.some((link) => link.includes(`/ticket/${eventId}/`))).toBe(true);
    const ticketLink = drawer.getByRole('link', { name: /Open the ticket/ });
    await expectAttribute(ticketLink, 'href').toMatch(new RegExp(`^/ticket/${eventId}/`));
    await expectAttribute(ticketLink, 'target').toBe('_blank');
    await expectCount(rows(page)).toBe(3);
    await waitForToastsToClose(page);
    await expectAccessible(page, 'detail');

    // Cancel the ticket by keyboard, after a confirmation that says the seat goes back on sale.
    await drawer.getByRole('button', { name: 'Cancel ticket' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Cancel the ticket of Mia Sousa?' });
    await confirm.getByText('goes back on sale').waitFor();
    await confirm.getByRole('button', { name: 'Cancel ticket' }).focus();
    await page.keyboard.press('Enter');
    await drawer.getByTestId('attendee-status').filter({ hasText: 'Cancelled' }).waitFor();
    const sold = async () =>
      (await api<{ data: { id: number; quantity_sold: number }[] }>('GET', `/api/events/${eventId}/tickets`))
        .data[0]?.quantity_sold;
    expect(await sold()).toBe(2);

    // Reactivate it: the seat is taken again.
    await drawer.getByRole('button', { name: 'Reactivate' }).focus();
    await page.keyboard.press('Enter');
    await drawer.getByTestId('attendee-status').filter({ hasText: 'Active' }).waitFor();
    expect(await sold()).toBe(3);

    // Escape closes the details; the list shows Mia's status, and the address forgets her.
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => !url.searchParams.has('attendee'));
    await expectText(rows(page).first()).toContain('Mia Sousa');

    // Open her again from the list by keyboard.
    await rows(page).first().getByRole('link', { name: 'Mia Sousa' }).focus();
    await page.keyboard.press('Enter');
    await drawer.getByRole('heading', { name: 'Mia Sousa' }).waitFor();
    // The drawer takes the focus once it is in, so that Escape reaches it.
    await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') !== null);
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => !url.searchParams.has('attendee'));

    // The whole list as CSV: a header and one line per attendee.
    await waitForToastsToClose(page);
    const all = await exportCsv(page);
    expect(all.lines[0]).toBe(
      'Attendee ID,First name,Last name,E-mail,Status,Checked in,Checked in at (UTC),Ticket,Price tier,Order reference,Order status,Added by hand,Created (UTC),Music you like,Postal address',
    );
    expect(all.lines).toHaveLength(4);
    const emails = all.lines.slice(1).map((line) => line.split(',')[3]);
    expect(emails.sort()).toEqual([ana.email, mia.email, rui.email].sort());
    const anaLine = all.lines.find((line) => line.includes(ana.email)) ?? '';
    expect(anaLine).toContain('Lima Reis');
    expect(anaLine).toContain('Jazz');
    expect(anaLine).toContain('Lisboa');

    // A cancelled ticket whose seat was sold meanwhile cannot come back: the refusal says why.
    const leo = await api<{ id: number }>('POST', `/api/events/${eventId}/attendees`, {
      ticket_id: vip.id,
      first_name: 'Leo',
      last_name: 'Matos',
      email: `leo.${stamp}@example.com`,
      send_ticket_email: false,
    });
    await api('POST', `/api/events/${eventId}/attendees/${leo.id}/cancel`);
    await buy(eventId, vip.id, { first_name: 'Eva', last_name: 'Pinto', email: `eva.${stamp}@example.com` });
    await page.goto(`/manage/event/${eventId}/attendees?attendee=${leo.id}`);
    await drawer.getByRole('heading', { name: 'Leo Matos' }).waitFor();
    await drawer.getByRole('button', { name: 'Reactivate' }).click();
    await drawer.getByRole('alert').getByText('No places are left for this ticket').waitFor();
    await drawer.getByTestId('attendee-status').filter({ hasText: 'Cancelled' }).waitFor();
    await drawer.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL((url) => !url.searchParams.has('attendee'));

    // Filtering by status narrows the list; a search on top that finds nothing says so.
    const status = page
      .getByRole('textbox', { name: 'Status' })
      .or(page.getByRole('combobox', { name: 'Status' }))
      .first();
    await status.click();
    await page.getByRole('option', { name: 'Cancelled' }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'CANCELLED');
    await expectCount(rows(page)).toBe(1);
    await expectText(rows(page).first()).toContain('Leo Matos');
    await page.getByRole('searchbox', { name: 'Search' }).fill('nobody-here');
    await page.getByText('No attendee matches').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expectCount(rows(page)).toBe(5);

    // A tiered ticket needs its tier; without the e-mail, no ticket is mailed.
    await page.getByRole('button', { name: 'Add an attendee' }).click();
    const addModal = page.getByRole('dialog', { name: 'Add an attendee' });
    await addModal
      .getByRole('textbox', { name: 'Ticket' })
      .or(addModal.getByRole('combobox', { name: 'Ticket' }))
      .first()
      .click();
    await page.getByRole('option', { name: 'Patron' }).click();
    await addModal.getByRole('textbox', { name: 'First name' }).fill('Nina');
    await addModal.getByRole('textbox', { name: 'E-mail' }).fill(`nina.${stamp}@example.com`);
    // Both names, as the form marks them.
    await addModal.getByRole('button', { name: 'Add attendee' }).click();
    await addModal.getByText('This field is required.').waitFor();
    await addModal.getByRole('textbox', { name: 'Last name' }).fill('Pires');
    await addModal.getByRole('checkbox', { name: 'Send the ticket by e-mail' }).uncheck();
    await addModal.getByRole('button', { name: 'Add attendee' }).click();
    await addModal.getByText('Choose a price of this ticket.').waitFor();
    await addModal
      .getByRole('textbox', { name: 'Price tier' })
      .or(addModal.getByRole('combobox', { name: 'Price tier' }))
      .first()
      .click();
    await page.getByRole('option', { name: 'Late · €15.00' }).click();
    await addModal.getByRole('button', { name: 'Add attendee' }).click();
    await drawer.getByRole('heading', { name: 'Nina Pires' }).waitFor();
    await drawer.getByText('Patron · Late').waitFor();
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expectCount(rows(page)).toBe(6);
    expect((await readMailbox()).some((m) => m.to.includes(`nina.${stamp}@`))).toBe(false);

    // A cancelled ticket of an order refunded since cannot come back: the drawer does not offer it.
    const ivo = { first_name: 'Ivo', last_name: 'Reis', email: `ivo.${stamp}@example.com` };
    const early = patron.prices.find((tier) => tier.label === 'Early')?.id;
    const line = { ticket_id: patron.id, price_id: early };
    const base = `/api/public/events/${eventId}/orders`;
    const placed = await apiCall<{ short_id: string }>('POST', base, { tickets: [{ ...line, quantity: 1 }] });
    await apiCall('PUT', `${base}/${placed.short_id}`, { ...ivo, attendees: [{ ...line, ...ivo }] });
    await apiCall('POST', `${base}/${placed.short_id}/complete`, { payment_provider: 'OFFLINE' });
    const [ivoAttendee] = (
      await api<{ data: { id: number; order_id: number }[] }>(
        'GET',
        `/api/events/${eventId}/attendees?query=${encodeURIComponent(ivo.email)}`,
      )
    ).data;
    const orderUrl = `/api/events/${eventId}/orders/${ivoAttendee?.order_id}`;
    await api('POST', `${orderUrl}/mark-paid`);
    await api('POST', `/api/events/${eventId}/attendees/${ivoAttendee?.id}/cancel`);
    const { total } = await api<{ total: number }>('GET', orderUrl);
    await api('POST', `${orderUrl}/offline-refunds`, {
      amount: total,
      note: 'Cash back at the door.',
      notify_buyer: false,
    });
    await page.goto(`/manage/event/${eventId}/attendees?attendee=${ivoAttendee?.id}`);
    await drawer.getByRole('heading', { name: 'Ivo Reis' }).waitFor();
    await drawer.getByText('Refunded').waitFor();
    await drawer.getByTestId('attendee-status').filter({ hasText: 'Cancelled' }).waitFor();
    await drawer.getByRole('button', { name: 'Edit' }).waitFor();
    await expectCount(drawer.getByRole('button', { name: 'Reactivate' })).toBe(0);
    await expectCount(drawer.getByRole('button', { name: 'Cancel ticket' })).toBe(0);

    // The one refusal asked for above (reactivating without a seat) is the only failed call.
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 409 (Conflict)']);
    await session.context.close();
  });
});
