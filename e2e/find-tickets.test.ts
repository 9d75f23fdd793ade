import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityCheckAtWidths, launchBrowser, openPage } from './browser';
import { publish } from './checkout-steps';
import { expectText, expectVisible } from './expect';
import { readMailbox, waitForMail } from './mailbox';
import { apiCall, organizerSession } from './session';

// "Find my tickets" (decision 056): a buyer who lost the mail finds the order by e-mail from the
// event page, opens it from the mail's link, and sends a ticket to its holder; a link that
// expired says so and leads back to the form.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheckAtWidths('find-tickets', { backToWide: true });

describe('find my tickets', () => {
  it('finds a lost order by e-mail, opens it from the mail, sends a ticket to its holder and gives another ticket to someone new, who receives it', async () => {
    const session = await organizerSession(browser, {
      confirmEmail: true,
      eventTitle: `Lisbon Jazz Night ${Date.now()}`,
    });
    const { eventId } = session;
    const ticket = await session.api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'Standing',
      type: 'FREE',
    });
    // Buyers may change who holds their tickets (decision 057).
    await session.api('PUT', `/api/events/${eventId}`, {
      settings: {
        self_service: {
          edit_enabled: true,
          edit_until_hours: 24,
          edit_fields: ['ATTENDEE_NAME', 'ATTENDEE_EMAIL'],
          cancel_mode: 'NEVER',
          cancel_until_hours: 48,
          cancel_fee_fixed: 0,
          cancel_fee_bps: 0,
        },
      },
    });
    const eventPath = await publish(session);

    const stamp = Date.now();
    const buyer = `marta.${stamp}@example.com`;
    const holder = `joao.${stamp}@example.com`;
    const base = `/api/public/events/${eventId}/orders`;
    const placed = await apiCall<{ short_id: string }>('POST', base, {
      tickets: [{ ticket_id: ticket.id, quantity: 2 }],
    });
    await apiCall('PUT', `${base}/${placed.short_id}`, {
      first_name: 'Marta',
      last_name: 'Reis',
      email: buyer,
      attendees: [
        { ticket_id: ticket.id, first_name: 'Marta', last_name: 'Reis', email: buyer },
        { ticket_id: ticket.id, first_name: 'João', last_name: 'Silva', email: holder },
      ],
    });
    const order = await apiCall<{ reference: string }>('POST', `${base}/${placed.short_id}/complete`, {});
    // The order's own mails went out; the buyer lost them.
    await waitForMail({ to: holder });

    const { page, errors, context } = await openPage(browser);
    await page.goto(eventPath);
    await page.getByRole('link', { name: 'Find my tickets' }).click();
    await page.waitForURL(`**/find-tickets/${eventId}`);
    await expectVisible(page.getByRole('heading', { name: 'Find my tickets', level: 1 })).toBe(true);
    await expectAccessible(page, 'form');

    // Keyboard only: the address, then Enter.
    const email = page.getByLabel('E-mail address');
    await email.fill('not an address');
    await email.press('Enter');
    await expectVisible(page.getByText('Enter a valid e-mail address', { exact: false })).toBe(true);
    await email.fill(buyer);
    const seen = await readMailbox();
    await email.press('Enter');
    await expectVisible(page.getByTestId('find-tickets-sent')).toBe(true);
    await expectText(page.getByTestId('find-tickets-sent')).toContain(buyer);
    await expectAccessible(page, 'sent');

    const mail = await waitForMail({ to: buyer, subject: /Your orders and tickets/, seen });
    expect(mail.to).toBe(buyer);
    expect(mail.text).toContain(order.reference);
    const link = mail.links.find((l) => l.includes('/order-link/'));
    expect(link).toBeDefined();
    await page.goto(new URL(link ?? '').pathname);
    await page.waitForURL(`**/checkout/${eventId}/${placed.short_id}/summary`);
    await expectText(page.getByTestId('order-reference')).toBe(order.reference);

    const before = await readMailbox();
    const joao = page.getByTestId('summary-ticket').filter({ hasText: 'João' });
    await joao.getByRole('button', { name: /Send to holder/ }).click();
    await expectVisible(page.getByText(`The ticket is on its way to ${holder}.`)).toBe(true);
    const ticketMail = await waitForMail({ to: holder, seen: before });
    expect(ticketMail.text).toContain('João');
    expect(
      (await readMailbox()).filter((m) => !before.some((b) => b.file === m.file) && m.to !== holder),
    ).toEqual([]);
    await expectAccessible(page, 'order-page');

    // João cannot come: the buyer gives his ticket to Rui, who then receives it.
    const panel = page.getByRole('region', { name: 'Change or cancel your order' });
    await panel.getByTestId('self-edit-holder').filter({ hasText: holder }).getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: 'Change the ticket holder' });
    await dialog.getByLabel('First name').fill('Rui');
    await dialog.getByLabel('Last name').fill('Costa');
    const rui = `rui.${stamp}@example.com`;
    await dialog.getByLabel('E-mail').fill(rui);
    await dialog.getByRole('button', { name: /Save/ }).click();
    await dialog.waitFor({ state: 'detached' });
    await panel.getByTestId('self-edit-holder').filter({ hasText: rui }).waitFor();
    const ruiMail = await waitForMail({ to: rui });
    expect(ruiMail.text).toContain('Rui');
    expect(ruiMail.links.some((l) => l.includes(`/ticket/${eventId}/`))).toBe(true);

    // A link that expired (or never was): said plainly, with the way back to the form.
    await page.goto(`/order-link/${eventId}/${'A'.repeat(22)}`);
    await expectVisible(page.getByTestId('order-link-expired')).toBe(true);
    await expectAccessible(page, 'expired');
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await page.waitForURL(`**/find-tickets/${eventId}`);

    // Asked too often for one address: the limit's message, translated, in place.
    for (let i = 0; i < 3; i++) {
      await page.getByLabel('E-mail address').fill(buyer);
      await page.getByRole('button', { name: 'Send me my orders' }).click();
      const sent = page.getByTestId('find-tickets-sent');
      const alert = page.getByRole('alert').filter({ hasText: 'Too many' });
      await expectVisible(sent.or(alert)).toBe(true);
      if (await alert.isVisible()) break;
      await page.getByRole('button', { name: 'Try another address' }).click();
    }
    await expectVisible(page.getByRole('alert').filter({ hasText: 'Too many' })).toBe(true);
    await expectAccessible(page, 'rate-limited');
    // The browser logs the expired link's 410 and the limit's 429 it was shown; nothing else.
    expect(errors.filter((e) => !/\b(410|429)\b/.test(e))).toEqual([]);
    await context.close();
  });
});
