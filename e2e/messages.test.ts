import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityCheck, baseUrl, launchBrowser, waitForToastsToClose } from './browser';
import { expectAttribute, expectChecked, expectCount, expectText, expectVisible, focusIn } from './expect';
import { readMailbox, waitForMail } from './mailbox';
import { apiCall, organizerSession } from './session';

// Messages to attendees: write one by keyboard to the holders of one ticket, send a test to
// yourself, send it, watch the progress reach 100 %, and find it in the recipients' mailboxes;
// delete a scheduled one; an unconfirmed sender is told why they cannot send.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheck('messages');

/** Presses Tab until `target` has the focus: proves it is reachable by keyboard, in order. */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let presses = 0; presses <= max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

/** A free order of one ticket through the public checkout; answers the buyer's e-mail. */
async function place(eventId: number, ticketId: number, firstName: string, stamp: number): Promise<string> {
  const base = `/api/public/events/${eventId}/orders`;
  const order = await apiCall<{ short_id: string }>('POST', base, {
    tickets: [{ ticket_id: ticketId, quantity: 1 }],
  });
  const email = `${firstName.toLowerCase()}.${stamp}@example.com`;
  const person = { first_name: firstName, last_name: 'Reis', email };
  await apiCall('PUT', `${base}/${order.short_id}`, {
    ...person,
    attendees: [{ ticket_id: ticketId, ...person }],
  });
  await apiCall('POST', `${base}/${order.short_id}/complete`, {});
  return email;
}

describe('messages', () => {
  it('writes to the holders of one ticket: a test to the sender, then the real thing, to 100 %', async () => {
    const title = `Harbour Jazz ${Date.now()}`;
    const session = await organizerSession(browser, { confirmEmail: true, eventTitle: title });
    const { api, eventId, page, email: sender } = session;
    const floor = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'Floor',
      type: 'FREE',
      quantity_available: 10,
    });
    const balcony = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'Balcony',
      type: 'FREE',
      quantity_available: 10,
    });
    await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
    const stamp = Date.now();
    const ana = await place(eventId, floor.id, 'Ana', stamp);
    const bruno = await place(eventId, floor.id, 'Bruno', stamp);
    const carla = await place(eventId, balcony.id, 'Carla', stamp);

    // No message yet: the list says so and offers to write one.
    await page.goto(`/manage/event/${eventId}/messages`);
    await page.getByRole('heading', { name: 'No messages yet' }).waitFor();
    await expectAccessible(page, 'empty-list');
    await page.getByRole('link', { name: 'Compose a message' }).click();
    await page.waitForURL(`**/manage/event/${eventId}/messages/new`);
    const form = page.getByRole('form', { name: 'Compose a message' });
    await form.getByTestId('message-body').waitFor();
    const toolbar = form.getByRole('toolbar', { name: 'Formatting' });
    for (const name of ['Bold', 'Italic', 'Bulleted list', 'Link'])
      await toolbar.getByRole('button', { name, exact: true }).waitFor();
    await expectAccessible(page, 'compose');

    // Everything by keyboard: subject, body with placeholders, recipients, acknowledgement.
    const subject = form.getByRole('textbox', { name: 'Subject' });
    await tabTo(page, subject);
    await page.keyboard.type('Doors open at 19:00 for {{event_title}}');
    const body = form.getByTestId('message-body');
    await tabTo(page, body);
    await page.keyboard.type('Hello ');
    await tabTo(page, form.getByRole('button', { name: 'Attendee name' }));
    await page.keyboard.press('Enter');
    await focusIn(body);
    // What is typed next follows the placeholder as typed: no space of the button's before the comma.
    await page.keyboard.type(', the doors open at 19:00. Your ticket: ');
    await tabTo(page, form.getByRole('button', { name: 'Ticket link' }));
    await page.keyboard.press('Enter');
    await focusIn(body);
    await page.keyboard.type('. See you soon!');
    await expectText(body).toBe(
      'Hello {{attendee_name}}, the doors open at 19:00. Your ticket: {{ticket_url}}. See you soon!',
    );
    // The ticket link is the placeholder alone; what follows it is not part of the link.
    await expectText(body.locator('a')).toBe('{{ticket_url}}');
    await tabTo(page, form.getByRole('radio', { name: 'All attendees' }));
    await page.keyboard.press('ArrowDown');
    await expectChecked(form.getByRole('radio', { name: 'Holders of selected tickets' })).toBe(true);
    const tickets = form
      .getByRole('textbox', { name: 'Tickets' })
      .or(form.getByRole('combobox', { name: 'Tickets' }));
    await tabTo(page, tickets.first());
    await page.keyboard.type('Flo');
    await page.getByRole('option', { name: 'Floor' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await form.getByText('Floor', { exact: true }).waitFor();
    const acknowledgement = form.getByRole('checkbox', { name: /is not promotional/ });
    // Sending before acknowledging is refused on the checkbox, with the contract's words.
    await form.getByRole('button', { name: 'Send message' }).click();
    await form.getByText('Confirm that this message is about the event and is not promotional.').waitFor();
    await expectAccessible(page, 'compose-errors');
    await tabTo(page, acknowledgement);
    await page.keyboard.press('Space');
    await expectChecked(acknowledgement).toBe(true);

    // A test reaches the sender alone.
    const before = await readMailbox();
    await tabTo(page, form.getByRole('button', { name: 'Send a test to me' }));
    await page.keyboard.press('Enter');
    await page.getByText(`A test is on its way to ${sender}`).waitFor();
    const test = await waitForMail({
      to: sender,
      subject: new RegExp(`Doors open at 19:00 for ${title}`),
      seen: before,
    });
    expect(test.subject).toBe(`[Test] Doors open at 19:00 for ${title}`);
    const strangers = (await readMailbox()).filter(
      (mail) => !before.some((old) => old.file === mail.file) && [ana, bruno, carla].includes(mail.to),
    );
    expect(strangers).toEqual([]);
    await waitForToastsToClose(page);

    // The real thing: the message page follows it to 100 %.
    const afterTest = await readMailbox();
    await tabTo(page, form.getByRole('button', { name: 'Send message' }));
    await page.keyboard.press('Enter');
    // First the review: how many it reaches, and the message as the first of them reads it.
    const review = page.getByRole('dialog', { name: 'Review and send' });
    await expectText(review.getByTestId('review-recipients')).toBe(
      'This message goes to 2 people now. It cannot be called back.',
    );
    await expectText(review).toContain(`As Ana Reis (${ana}) will read it:`);
    await expectText(review.getByTestId('review-subject')).toBe(`Doors open at 19:00 for ${title}`);
    await expectText(review.getByTestId('review-body')).toMatch(
      /^Hello Ana Reis, the doors open at 19:00\. Your ticket: http\S+\/ticket\/\S+\. See you soon!$/,
    );
    await expectAccessible(page, 'review');
    await review.getByRole('button', { name: 'Send now' }).click();
    await page.waitForURL(/\/messages\/\d+$/);
    await page.getByRole('heading', { name: `Doors open at 19:00 for {{event_title}}` }).waitFor();
    await expectText(page.getByTestId('message-percent'), { timeout: 30_000 }).toBe('100%');
    await expectText(page.getByTestId('message-total')).toBe('2');
    await expectText(page.getByTestId('message-sent')).toBe('2');
    await expectText(page.getByTestId('message-failed')).toBe('0');
    await page.locator('[data-testid="message-progress"][data-done]').waitFor();
    const recipientRows = page.getByTestId('recipient-row');
    await expectCount(recipientRows).toBe(2);
    await expectCount(recipientRows.filter({ has: page.locator('[data-status="SENT"]') })).toBe(2);
    await recipientRows.filter({ hasText: ana }).waitFor();
    await recipientRows.filter({ hasText: bruno }).waitFor();
    await expect(page.getByTestId('message-body-view').innerText()).resolves.toContain('{{attendee_name}}');
    await waitForToastsToClose(page);
    await expectAccessible(page, 'detail');

    // Each holder of the ticket received it once, filled in for them; the balcony did not.
    const subjectLine = new RegExp(`^Doors open at 19:00 for ${title}$`);
    const toAna = await waitForMail({ to: ana, subject: subjectLine, seen: afterTest });
    expect(toAna.text).toContain('Hello Ana Reis, the doors open at 19:00.');
    expect(toAna.text).not.toContain('{{');
    expect(toAna.links.some((link) => /\/(ticket|order)\//.test(link))).toBe(true);
    await waitForMail({ to: bruno, subject: subjectLine, seen: afterTest });
    const sent = (await readMailbox()).filter((mail) => subjectLine.test(mail.subject));
    expect(sent.filter((mail) => mail.to === ana)).toHaveLength(1);
    expect(sent.filter((mail) => mail.to === bruno)).toHaveLength(1);
    expect(sent.filter((mail) => mail.to === carla)).toHaveLength(0);
    // The sender had the test (marked as one) and, without asking for a copy, nothing else.
    expect(sent.filter((mail) => mail.to === sender)).toHaveLength(0);

    // The list shows both, newest first: the message, then the test.
    await page.getByRole('link', { name: 'All messages' }).click();
    const rows = page.getByTestId('message-row');
    await expectCount(rows).toBe(2);
    await expectText(rows.first().getByTestId('message-counts')).toBe('2 / 0 / 2');
    await expectText(rows.first()).toContain('Holders of Floor');
    await expectText(rows.nth(1)).toContain('Test');
    await expectAccessible(page, 'list');
    await session.context.close();
  }, 120_000);

  it('finds one attendee, then one order, by search and writes to that person alone', async () => {
    const session = await organizerSession(browser, { confirmEmail: true });
    const { api, eventId, page } = session;
    const ticket = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'General admission',
      type: 'FREE',
      quantity_available: 10,
    });
    await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
    const stamp = Date.now();
    const emil = await place(eventId, ticket.id, 'Emil', stamp);
    const fatima = await place(eventId, ticket.id, 'Fatima', stamp);
    const orders = await api<{ data: { reference: string; email: string }[] }>(
      'GET',
      `/api/events/${eventId}/orders`,
    );
    const fatimasOrder = orders.data.find((order) => order.email === fatima)?.reference ?? '';

    const compose = async (subject: string, scope: string, pick: () => Promise<void>) => {
      await page.goto(`/manage/event/${eventId}/messages/new`);
      const form = page.getByRole('form', { name: 'Compose a message' });
      await form.getByRole('textbox', { name: 'Subject' }).fill(subject);
      await form.getByTestId('message-body').click();
      await page.keyboard.type('See you soon.');
      await form.getByRole('radio', { name: scope }).check();
      await pick();
      await form.getByRole('checkbox', { name: /is not promotional/ }).check();
      await form.getByRole('button', { name: 'Send message' }).click();
      await page
        .getByRole('dialog', { name: 'Review and send' })
        .getByRole('button', { name: 'Send now' })
        .click();
      await page.waitForURL(/\/messages\/\d+$/);
      await expectText(page.getByTestId('message-percent'), { timeout: 30_000 }).toBe('100%');
      await expectText(page.getByTestId('message-total')).toBe('1');
    };

    await compose('Just for Emil', 'Individual attendees', async () => {
      const picker = page
        .getByRole('textbox', { name: 'Attendees' })
        .or(page.getByRole('combobox', { name: 'Attendees' }));
      await picker.first().fill('emil');
      await page.getByRole('option', { name: new RegExp(emil.replace('.', '\\.')) }).click();
      await page.keyboard.press('Escape');
    });
    await waitForMail({ to: emil, subject: /^Just for Emil$/ });

    await compose('Your order', "One order's owner", async () => {
      const picker = page
        .getByRole('textbox', { name: 'Order' })
        .or(page.getByRole('combobox', { name: 'Order' }));
      await picker.first().fill(fatimasOrder);
      await page.getByRole('option', { name: new RegExp(fatimasOrder) }).click();
    });
    await waitForMail({ to: fatima, subject: /^Your order$/ });
    await page.getByRole('link', { name: 'Open the order' }).waitFor();
    const mails = (await readMailbox()).filter((mail) => /^(Just for Emil|Your order)$/.test(mail.subject));
    expect(mails.map((mail) => `${mail.to} ${mail.subject}`).sort()).toEqual(
      [`${emil} Just for Emil`, `${fatima} Your order`].sort(),
    );
    await session.context.close();
  }, 90_000);

  it('deletes a scheduled message before its time', async () => {
    const session = await organizerSession(browser, { confirmEmail: true });
    const { api, eventId, page } = session;
    const ticket = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'General admission',
      type: 'FREE',
      quantity_available: 10,
    });
    await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
    await place(eventId, ticket.id, 'Dora', Date.now());
    const when = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
    await api('POST', `/api/events/${eventId}/messages`, {
      subject: 'See you next week',
      body: '<p>Reminder</p>',
      scope: { type: 'ALL_ATTENDEES' },
      scheduled_at: when,
      acknowledged_not_promotional: true,
    });
    await page.goto(`/manage/event/${eventId}/messages`);
    const row = page.getByTestId('message-row').filter({ hasText: 'See you next week' });
    await row.locator('[data-status="SCHEDULED"]').waitFor();
    await expectText(row).toContain('Scheduled for');
    await row.getByRole('button', { name: 'Delete message See you next week' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete the message “See you next week”?' });
    await confirm.getByText('will not be sent at its scheduled time').waitFor();
    await expectAccessible(page, 'delete-modal');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('has been deleted').waitFor();
    await page.getByRole('heading', { name: 'No messages yet' }).waitFor();
    await session.context.close();
  }, 60_000);

  it('reads in every language at phone width: compose, review, the message page, the folded event pages', async () => {
    const session = await organizerSession(browser, { confirmEmail: true });
    const { api, context, eventId, page } = session;
    const ticket = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'General admission',
      type: 'FREE',
      quantity_available: 10,
    });
    await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
    await place(eventId, ticket.id, 'Hugo', Date.now());
    const sent = await api<{ id: number }>('POST', `/api/events/${eventId}/messages`, {
      subject: 'Parking opens at six',
      body: '<p>Hello {{attendee_name}}, the car park opens at 18:00.</p>',
      scope: { type: 'ALL_ATTENDEES' },
      acknowledged_not_promotional: true,
    });
    await page.setViewportSize({ width: 390, height: 844 });
    const host = new URL(baseUrl()).hostname;
    const english = 'Compose a message';
    const noSideways = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    // On a phone the event's pages fold into one button above the page.
    await page.goto(`/manage/event/${eventId}/messages`);
    const pages = page.getByRole('navigation', { name: 'Event pages' });
    const toggle = page.getByRole('button', { name: 'Event pages' });
    await expectVisible(pages).toBe(false);
    await expectAttribute(toggle, 'aria-expanded').toBe('false');
    await toggle.click();
    await expectVisible(pages).toBe(true);
    await pages.getByRole('link', { name: 'Attendees' }).click();
    await page.waitForURL(`**/manage/event/${eventId}/attendees`);
    await expectVisible(pages).toBe(false);
    for (const locale of ['de', 'fr', 'pt', 'pt-BR', 'es', 'zh-CN']) {
      await context.addCookies([{ name: 'tessera_locale', value: locale, domain: host, path: '/' }]);
      await page.goto(`/manage/event/${eventId}/messages/new`);
      await expectAttribute(page.locator('html'), 'lang').toBe(locale);
      const form = page.locator('form');
      await form.getByTestId('message-body').waitFor();
      const heading = page.getByRole('heading', { level: 2 });
      await expectText(heading).not.toBe(english);
      await form.getByRole('textbox').first().fill('Parking {{event_title}}');
      await form.getByTestId('message-body').click();
      await page.keyboard.type('See you soon.');
      await form.locator('input[type="checkbox"][required]').check();
      await form.locator('button[type="submit"]').click();
      const review = page.getByRole('dialog');
      await review.getByTestId('review-recipients').waitFor();
      await expectText(review.getByTestId('review-recipients')).not.toContain('This message goes to');
      expect(await noSideways(), `${locale}: compose wider than the phone`).toBe(true);
      await expectAccessible(page, `review-${locale}-390`);
      await page.keyboard.press('Escape');
      await page.goto(`/manage/event/${eventId}/messages/${sent.id}`);
      await page.locator('[data-testid="message-progress"][data-done]').waitFor({ timeout: 30_000 });
      await page.getByTestId('recipient-row').first().waitFor();
      expect(await noSideways(), `${locale}: message page wider than the phone`).toBe(true);
      await expectAccessible(page, `detail-${locale}-390`);
    }
    await context.close();
  }, 120_000);

  it('tells a sender whose e-mail is not confirmed why they cannot send', async () => {
    const session = await organizerSession(browser);
    const { eventId, page } = session;
    await page.goto(`/manage/event/${eventId}/messages/new`);
    await page.getByTestId('unconfirmed-sender').getByText('You cannot send messages yet.').waitFor();
    const form = page.getByRole('form', { name: 'Compose a message' });
    expect(await form.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(true);
    expect(await form.getByRole('button', { name: 'Send a test to me' }).isDisabled()).toBe(true);
    await session.context.close();
  }, 60_000);
});
