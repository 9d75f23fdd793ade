import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { expectCount, expectText, focusIn } from './expect';
import { readMailbox, waitForMail } from './mailbox';
import { apiCall, organizerSession } from './session';

// How a message is filled in for its recipients (decision 035), seen by the organizer and in
// the mailboxes: a buyer's name that would make a link run script is dropped as a link in the
// review and in the mails; the sender's copy reads as the first recipient's, marked as a copy;
// and the message page says the right thing when nobody is listed.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// A buyer's name is theirs to choose: once filled into a link's address it is a script.
const HOSTILE = 'javascript:alert(document.domain)//';
const SCRIPT_LINK = /href\s*=\s*["']?\s*javascript/i;

/** A free order of one ticket through the public checkout, for one person. */
async function place(eventId: number, ticketId: number, person: { first_name: string; email: string }) {
  const base = `/api/public/events/${eventId}/orders`;
  const order = await apiCall<{ short_id: string }>('POST', base, {
    tickets: [{ ticket_id: ticketId, quantity: 1 }],
  });
  const who = { ...person, last_name: 'Reis' };
  await apiCall('PUT', `${base}/${order.short_id}`, { ...who, attendees: [{ ticket_id: ticketId, ...who }] });
  await apiCall('POST', `${base}/${order.short_id}/complete`, {});
}

describe('a message filled in for its recipients', () => {
  it('drops a link a hostile name would make run, in the review and the mails; the copy reads as the first recipient’s', async () => {
    const session = await organizerSession(browser, {
      confirmEmail: true,
      eventTitle: `Open Studios ${Date.now()}`,
      eventSettings: { reply_to_email: 'box@riverside.example' },
    });
    const { api, eventId, page, email: sender } = session;
    const ticket = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'Studio pass',
      type: 'FREE',
      quantity_available: 10,
    });
    await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
    const mallory = `mallory.${Date.now()}@example.com`;
    await place(eventId, ticket.id, { first_name: HOSTILE, email: mallory });
    const dialogs: string[] = [];
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });

    await page.goto(`/manage/event/${eventId}/messages/new`);
    const form = page.getByRole('form', { name: 'Compose a message' });
    await form.getByRole('textbox', { name: 'Subject' }).fill('Your page');
    const body = form.getByTestId('message-body');
    await body.click();
    // The ticket link's button, then what is typed after it: right after it, outside the link.
    await page.keyboard.type('Hi your page, and ');
    await form.getByRole('button', { name: 'Ticket link' }).click();
    await focusIn(body);
    await page.keyboard.type('. See you!');
    await expectText(body).toBe('Hi your page, and {{ticket_url}}. See you!');
    await expectText(body.locator('a[href="{{ticket_url}}"]')).toBe('{{ticket_url}}');
    // A link whose address is the attendee's name, made with the toolbar as an organizer would.
    // Selected by keyboard, again until it holds: on a busy machine the editor may still be
    // settling the link just typed after, and move the caret once under the first keys.
    await expect
      .poll(async () => {
        await focusIn(body);
        await page.keyboard.press('Home');
        for (let n = 0; n < 'Hi '.length; n++) await page.keyboard.press('ArrowRight');
        for (let n = 0; n < 'your page'.length; n++) await page.keyboard.press('Shift+ArrowRight');
        return page.evaluate(() => window.getSelection()?.toString());
      })
      .toBe('your page');
    await form
      .getByRole('toolbar', { name: 'Formatting' })
      .getByRole('button', { name: 'Link', exact: true })
      .click();
    await page.getByRole('textbox', { name: 'Link address' }).fill('{{attendee_name}}');
    await page.keyboard.press('Enter');
    await expectText(body.locator('a[href="{{attendee_name}}"]')).toBe('your page');

    await form.getByRole('radio', { name: 'Individual attendees' }).check();
    const picker = page
      .getByRole('textbox', { name: 'Attendees' })
      .or(page.getByRole('combobox', { name: 'Attendees' }));
    await picker.first().fill('mallory');
    await page.getByRole('option', { name: new RegExp(mallory.replace(/\./g, '\\.')) }).click();
    await page.keyboard.press('Escape');
    const copy = form.getByRole('checkbox', { name: 'Send me a copy' });
    await form
      .getByText(`One copy to ${sender}, filled in as for the first recipient and marked as a copy.`)
      .waitFor();
    await copy.check();
    await form.getByRole('checkbox', { name: /is not promotional/ }).check();
    const before = await readMailbox();
    await form.getByRole('button', { name: 'Send message' }).click();

    // The review: the name is shown as text, the link it would have made is gone.
    const review = page.getByRole('dialog', { name: 'Review and send' });
    const shown = review.getByTestId('review-body');
    await expectText(shown).toMatch(/^Hi your page, and http\S+\/ticket\/\S+\. See you!$/);
    expect(SCRIPT_LINK.test(await shown.innerHTML())).toBe(false);
    await expectCount(shown.locator('a')).toBe(1);
    await shown.getByText('Hi your page').click();
    await screenshot(page, 'messages-review-hostile-name');
    await review.getByRole('button', { name: 'Send now' }).click();
    await page.waitForURL(/\/messages\/\d+$/);
    await expectText(page.getByTestId('message-percent'), { timeout: 30_000 }).toBe('100%');

    // The mail: from the organizer, replies to the event, the link dropped and its text kept.
    const mail = await waitForMail({ to: mallory, subject: /^Your page$/, seen: before });
    expect(mail.from).toBe('Riverside Music <no-reply@tessera.local>');
    expect(mail.replyTo).toBe('box@riverside.example');
    expect(mail.html).not.toMatch(SCRIPT_LINK);
    expect(mail.text).toMatch(/Hi your page, and http\S+\/ticket\/\S+\. See you!/);
    // The copy reads as Mallory's mail, says whose, and is marked as a copy.
    const copied = await waitForMail({ to: sender, subject: /^\[Copy\] Your page$/, seen: before });
    expect(copied.text).toContain(`filled in as for its first recipient, ${HOSTILE} Reis.`);
    expect(copied.html).not.toMatch(SCRIPT_LINK);
    expect(copied.links.filter((l) => l.includes('/ticket/'))).toEqual(
      mail.links.filter((l) => l.includes('/ticket/')),
    );
    expect(dialogs).toEqual([]);
    await session.context.close();
  }, 120_000);
});

describe('the message page', () => {
  it('never says "no recipients yet" once sending is over', async () => {
    const session = await organizerSession(browser, { confirmEmail: true });
    const { api, eventId, page } = session;
    const ticket = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'General admission',
      type: 'FREE',
      quantity_available: 10,
    });
    await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
    const stamp = Date.now();
    await place(eventId, ticket.id, { first_name: 'Ana', email: `ana.${stamp}@example.com` });
    await place(eventId, ticket.id, { first_name: 'Bea', email: `bea.${stamp}@example.com` });

    // The recipients are slow to come once the message has moved on: the page waits for them
    // rather than showing the empty list it had before.
    let asked = 0;
    await page.route('**/messages/*/recipients?*', async (route) => {
      asked += 1;
      if (asked > 1) await new Promise((resolve) => setTimeout(resolve, 4000));
      await route.continue().catch(() => {});
    });
    await page.goto(`/manage/event/${eventId}/messages/new`);
    const form = page.getByRole('form', { name: 'Compose a message' });
    await form.getByRole('textbox', { name: 'Subject' }).fill('Parking');
    await form.getByTestId('message-body').click();
    await page.keyboard.type('The car park opens at six.');
    await form.getByRole('checkbox', { name: /is not promotional/ }).check();
    await form.getByRole('button', { name: 'Send message' }).click();
    await page
      .getByRole('dialog', { name: 'Review and send' })
      .getByRole('button', { name: 'Send now' })
      .click();
    await page.waitForURL(/\/messages\/\d+$/);
    await expectText(page.getByTestId('message-percent'), { timeout: 30_000 }).toBe('100%');
    expect(await page.getByText('No recipients yet').count()).toBe(0);
    await screenshot(page, 'messages-detail-recipients-loading');
    await expectCount(page.getByTestId('recipient-row'), { timeout: 15_000 }).toBe(2);
    await page.unroute('**/messages/*/recipients?*');

    // A scheduled message that reached nobody when its time came: finished, with nobody.
    const list = await api<{ data: { id: number; first_name: string }[] }>(
      'GET',
      `/api/events/${eventId}/attendees`,
    );
    const ana = list.data.find((a) => a.first_name === 'Ana')?.id ?? 0;
    const soon = await api<{ id: number }>('POST', `/api/events/${eventId}/messages`, {
      subject: 'Just for Ana',
      body: '<p>Your locker is number 4.</p>',
      scope: { type: 'ATTENDEES', attendee_ids: [ana] },
      scheduled_at: new Date(Date.now() + 3000).toISOString(),
      acknowledged_not_promotional: true,
    });
    await api('POST', `/api/events/${eventId}/attendees/${ana}/cancel`);
    for (let tries = 0; tries < 100; tries++) {
      const message = await api<{ status: string }>('GET', `/api/events/${eventId}/messages/${soon.id}`);
      if (message.status === 'FAILED') break;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    await page.goto(`/manage/event/${eventId}/messages/${soon.id}`);
    await page.getByText('The message could not be sent').waitFor();
    const empty = page.getByTestId('no-recipients');
    await expectText(empty).toContain('Nobody received this message');
    await expectText(empty).toContain('It could not be sent to anyone, for the reason shown above.');
    expect(await page.getByText('No recipients yet').count()).toBe(0);
    await screenshot(page, 'messages-detail-failed-nobody');
    await session.context.close();
  }, 120_000);
});
