import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicWaitlistEntry } from '../common/waitlist';
import {
  accessibilityCheck,
  accessibilityCheckAtWidths,
  launchBrowser,
  openPage,
  screenshot,
} from './browser';
import { expectCount, expectText, expectValue } from './expect';
import { readMailbox, waitForMail } from './mailbox';
import { apiCall, type OrganizerSession, organizerSession } from './session';

// The waiting list of a sold-out ticket, as a buyer meets it (issue 20, decision 030): join it
// on the event page, get the freed seat offered by e-mail, buy it; or leave the list.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheck('waitlist');
/** At desktop and phone width; the page stays at phone width. */
const expectAccessibleAtWidths = accessibilityCheckAtWidths('waitlist');
const PHONE = { width: 390, height: 844 };

/** A live event with one FREE ticket of quantity 1 and the waiting list on; its public address. */
async function soldOutEvent(
  session: OrganizerSession,
  title: string,
): Promise<{ ticketId: number; path: string; orderId: number }> {
  const { api, eventId } = session;
  const ticket = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
    title,
    type: 'FREE',
    quantity_available: 1,
  });
  await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
  const event = await api<{ slug: string }>('GET', `/api/events/${eventId}`);
  // Someone buys the only ticket.
  const base = `/api/public/events/${eventId}/orders`;
  const order = await apiCall<{ short_id: string }>('POST', base, {
    tickets: [{ ticket_id: ticket.id, quantity: 1 }],
  });
  await apiCall('PUT', `${base}/${order.short_id}`, {
    first_name: 'Ana',
    last_name: 'Lima',
    email: 'ana.lima@example.com',
    attendees: [
      { ticket_id: ticket.id, first_name: 'Ana', last_name: 'Lima', email: 'ana.lima@example.com' },
    ],
  });
  await apiCall('POST', `${base}/${order.short_id}/complete`, {});
  const orders = await api<{ data: { id: number; short_id: string }[] }>(
    'GET',
    `/api/events/${eventId}/orders`,
  );
  const orderId = orders.data.find((o) => o.short_id === order.short_id)?.id;
  if (orderId === undefined) throw new Error('the first order is not in the list');
  return { ticketId: ticket.id, path: `/e/${eventId}/${event.slug}`, orderId };
}

const ticketRow = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Tickets' }).getByRole('listitem').filter({ hasText: title }).first();

const linkOf = (mail: { links: string[] }) => {
  const link = mail.links.find((l) => l.includes('/waitlist/'));
  if (!link) throw new Error('no waiting-list link in the e-mail');
  const url = new URL(link);
  return url.pathname;
};

describe('waiting list', () => {
  it('a buyer joins the list of a sold-out ticket, is offered the freed seat by e-mail and buys it', async () => {
    const session = await organizerSession(browser, {
      confirmEmail: true,
      eventTitle: `Jazz Night ${Date.now()}`,
      eventSettings: { waitlist_enabled: true },
    });
    const { ticketId, path, orderId } = await soldOutEvent(session, 'Front row');
    const email = `marta.${Date.now()}@example.com`;

    const { context, page, errors } = await openPage(browser);
    await page.goto(path);
    const row = ticketRow(page, 'Front row');
    await row.getByText('Sold out').waitFor();
    // Nothing is on sale: no "Get tickets" button that could only fail.
    await expectCount(page.getByTestId('checkout-button')).toBe(0);
    await row.getByRole('button', { name: 'Join the waiting list' }).click();
    const form = page.getByTestId('waitlist-form');
    // The shared schema's messages, before any call.
    await form.getByRole('button', { name: 'Join the waiting list' }).click();
    await expectCount(form.getByText('This field is required.')).toBe(3);
    await form.getByLabel('First name').fill('Marta');
    await form.getByLabel('Last name').fill('Reis');
    await form.getByLabel('E-mail address').fill('marta@');
    await form.getByRole('button', { name: 'Join the waiting list' }).click();
    await form.getByText('Enter a valid e-mail address.').waitFor();
    await form.getByLabel('E-mail address').fill(email);
    await page.setViewportSize(PHONE);
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/wl-buyer-join-en.png' });
    await expectAccessibleAtWidths(page, 'join-form');
    // Enter in a field joins the list (and does not go to checkout).
    await form.getByLabel('E-mail address').press('Enter');
    const joined = page.getByTestId('waitlist-joined');
    await joined.getByText('You are number 1 in line.').waitFor();
    await joined.getByText('You are on the waiting list for Front row.').waitFor();
    expect(page.url()).toContain(path);

    // The same address again: the API's 409, translated, beside the form.
    await page.reload();
    await ticketRow(page, 'Front row').getByRole('button', { name: 'Join the waiting list' }).click();
    await form.getByLabel('First name').fill('Marta');
    await form.getByLabel('Last name').fill('Reis');
    await form.getByLabel('E-mail address').fill(email);
    await form.getByRole('button', { name: 'Join the waiting list' }).click();
    await expectText(page.getByTestId('waitlist-error')).toContain('already on the waiting list');

    // The confirmation e-mail's link: the place in line.
    const confirmation = await waitForMail({ to: email });
    const entryPath = linkOf(confirmation);
    expect(entryPath).toMatch(new RegExp(`^/waitlist/${session.eventId}/`));
    await page.goto(entryPath);
    await page.getByRole('heading', { name: /Jazz Night/ }).waitFor();
    await page.getByText('You are number 1 in line.').waitFor();
    await expectText(page.getByTestId('waitlist-status')).toBe('Waiting');
    await expectAccessible(page, 'waiting');

    // The organizer cancels the first order: its seat is offered to Marta by e-mail.
    const before = await readMailbox();
    await session.api('POST', `/api/events/${session.eventId}/orders/${orderId}/cancel`, {
      notify_buyer: false,
    });
    const offer = await waitForMail({ to: email, seen: before });
    expect(linkOf(offer)).toBe(entryPath);
    await page.goto(entryPath);
    await page.getByText(/A ticket is held for you until/).waitFor();
    await expectText(page.getByTestId('waitlist-status')).toBe('Ticket held for you');
    await page.screenshot({ path: '/tmp/wl-buyer-offer-en.png', fullPage: true });
    await expectAccessibleAtWidths(page, 'offered');

    // Buying: the normal checkout, as after "Get tickets".
    await page.getByRole('button', { name: 'Buy your ticket' }).click();
    await page.waitForURL(/\/checkout\/\d+\/[\w-]{22}\/details$/);
    // The list knows who Marta is: her details are filled in, as buyer and as the ticket's holder.
    const buyerCard = page.getByRole('region', { name: 'Your details' });
    await expectValue(buyerCard.getByLabel('First name')).toBe('Marta');
    await expectValue(buyerCard.getByLabel('Last name')).toBe('Reis');
    await expectValue(buyerCard.getByLabel('E-mail')).toBe(email);
    const holder = page.getByTestId('attendee-form');
    await expectValue(holder.getByLabel('First name')).toBe('Marta');
    await expectValue(holder.getByLabel('Last name')).toBe('Reis');
    await expectValue(holder.getByLabel('E-mail')).toBe(email);
    await screenshot(page, 'waitlist-checkout-prefilled');
    await page.getByRole('button', { name: 'Complete order' }).click();
    await page.waitForURL('**/summary');
    await page.getByTestId('order-status').getByText('Completed').waitFor();
    const orderPath = new URL(page.url()).pathname;

    // The link now leads to the order.
    await page.goto(entryPath);
    await page.getByText('You bought your ticket with this offer.').waitFor();
    await page.getByRole('link', { name: 'See your order' }).click();
    await page.waitForURL(`**${orderPath}`);
    const token = entryPath.split('/').pop();
    const entry = await apiCall<PublicWaitlistEntry>(
      'GET',
      `/api/public/events/${session.eventId}/waitlist/${token}`,
    );
    expect(entry).toMatchObject({ status: 'PURCHASED', ticket_id: ticketId });

    expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
    await context.close();
  });

  it('shows the join form and the offer in Chinese, lets an offered and a waiting person leave, and refuses a bad link', async () => {
    const session = await organizerSession(browser, {
      confirmEmail: true,
      eventTitle: `Opera Gala ${Date.now()}`,
      eventSettings: { waitlist_enabled: true },
    });
    const { eventId } = session;
    const { ticketId, path, orderId } = await soldOutEvent(session, 'Balcony');
    const join = (name: string) =>
      apiCall<PublicWaitlistEntry>('POST', `/api/public/events/${eventId}/waitlist`, {
        ticket_id: ticketId,
        first_name: name,
        last_name: 'Chen',
        email: `${name.toLowerCase()}.${Date.now()}@example.com`,
        locale: 'zh-CN',
      });
    const first = await join('Li');
    const second = await join('Wang');
    expect(second).toMatchObject({ status: 'WAITING', position: 2 });

    const { context, page, errors } = await openPage(browser, {
      locale: 'zh-CN',
      cookies: { tessera_locale: 'zh-CN' },
    });
    await page.setViewportSize(PHONE);
    await page.goto(path);
    await page.getByRole('button', { name: '加入候补名单' }).click();
    await page.getByTestId('waitlist-form').getByRole('textbox', { name: '姓', exact: true }).fill('张');
    await page.getByTestId('waitlist-form').getByRole('textbox', { name: '名', exact: true }).fill('伟');
    await page.getByTestId('waitlist-form').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/wl-buyer-join-zh-CN.png' });

    // The second in line leaves, after saying yes.
    await page.goto(`/waitlist/${eventId}/${second.token}`);
    await page.getByText('您排在第 2 位。').waitFor();
    await page.getByRole('button', { name: '退出候补名单' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '退出名单' }).click();
    await page.getByText('您已不在此门票的候补名单中。').waitFor();
    await page.getByRole('link', { name: '返回活动页面' }).waitFor();

    // A seat frees: the first is offered it, and can give it up too.
    await session.api('POST', `/api/events/${eventId}/orders/${orderId}/cancel`, { notify_buyer: false });
    await page.goto(`/waitlist/${eventId}/${first.token}`);
    await page.getByText(/已为您保留一张门票，保留至/).waitFor();
    await page.screenshot({ path: '/tmp/wl-buyer-offer-zh-CN.png', fullPage: true });
    await page.getByRole('button', { name: '退出候补名单' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('为您保留的门票将转给名单上的下一位。此操作无法撤销。').waitFor();
    await expectAccessible(page, 'leave-offer');
    await dialog.getByRole('button', { name: '退出名单' }).click();
    await page.getByText('您已不在此门票的候补名单中。').waitFor();
    await expectAccessible(page, 'left');

    // A link that leads nowhere.
    await page.goto(`/waitlist/${eventId}/${'x'.repeat(32)}`);
    await page.getByRole('heading', { name: '此链接无效' }).waitFor();

    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    await context.close();
  });
});
