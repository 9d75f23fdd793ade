import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityCheckAtWidths, launchBrowser, openPage } from './browser';
import { expectAttribute, expectCount, expectInnerText } from './expect';
import { organizerSession } from './session';

// A buyer's view of an event's tickets: prices with a 20 % tax shown inclusive, then exclusive,
// a promo code that is refused, then one that unlocks a hidden ticket and lowers the prices.
// Beside them, a "Where" card only once the event has a place (here: online).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheckAtWidths('public-tickets');

interface EventBody {
  id: number;
  title: string;
  slug: string;
  organizer_id: number;
  start_date: string;
}

describe('public tickets', () => {
  it('shows prices with taxes per display mode, and a promo code unlocks and discounts tickets', async () => {
    const session = await organizerSession(browser, {
      confirmEmail: true,
      eventTitle: `Riverside Sessions ${Date.now()}`,
      // Paid tickets go live only with a way to pay.
      eventSettings: { offline_payments_enabled: true },
    });
    const { api, eventId } = session;
    await api('POST', '/api/taxes-and-fees', {
      name: 'VAT',
      type: 'TAX',
      calculation_type: 'PERCENTAGE',
      rate: '20',
      is_default: true,
    });
    // Left without tax_and_fee_ids, new tickets take the account's default tax.
    await api('POST', `/api/events/${eventId}/tickets`, {
      title: 'General admission',
      description: '<p>Standing room, doors at 19:00.</p>',
      type: 'PAID',
      price: 1000,
    });
    await api('POST', `/api/events/${eventId}/tickets`, { title: 'Community ticket', type: 'FREE' });
    await api('POST', `/api/events/${eventId}/tickets`, {
      title: 'Pay what you want',
      type: 'DONATION',
      price: 500,
    });
    await api('POST', `/api/events/${eventId}/tickets`, {
      title: 'Backstage pass',
      type: 'PAID',
      price: 2000,
      is_hidden_without_promo_code: true,
      quantity_available: 10,
      show_quantity_remaining: true,
    });
    await api('POST', `/api/events/${eventId}/promo-codes`, {
      code: 'FRIENDS',
      discount_type: 'PERCENTAGE',
      discount: '20',
    });
    await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
    const event = await api<EventBody>('GET', `/api/events/${eventId}`);
    await session.context.close();

    // A visitor who is not logged in.
    const { context, page, errors } = await openPage(browser);
    await page.goto(`/e/${eventId}/${event.slug}`);
    const tickets = page.getByRole('region', { name: 'Tickets' });
    const ticket = (title: string) => tickets.getByRole('listitem').filter({ hasText: title }).first();
    await ticket('General admission').getByText('€12.00').waitFor();
    await expect(ticket('General admission').innerText()).resolves.toContain('incl. taxes and fees');
    await expect(ticket('Community ticket').innerText()).resolves.toContain('Free');
    await expect(ticket('Community ticket').innerText()).resolves.not.toContain('taxes');
    await expectCount(tickets.getByText('Backstage pass')).toBe(0);
    // The organizer gave no place: no empty "Where" card.
    await expectCount(page.getByRole('region', { name: 'Where' })).toBe(0);
    await expectAccessible(page, 'inclusive');

    // The organizer shows prices without taxes and makes the event online: the page says so
    // after a reload.
    await api('PUT', `/api/events/${eventId}`, {
      title: event.title,
      organizer_id: event.organizer_id,
      start_date: event.start_date,
      online_event_details: 'The stream opens at 19:00.',
      settings: { price_display_mode: 'EXCLUSIVE' },
    });
    await page.reload();
    await ticket('General admission').getByText('€10.00').waitFor();
    await page.getByRole('region', { name: 'Where' }).getByText('Online', { exact: true }).waitFor();
    await expect(ticket('General admission').innerText()).resolves.toContain('plus taxes and fees');

    // A code the event does not have is refused, and nothing changes.
    await tickets.getByRole('button', { name: 'Have a promo code?' }).click();
    const codeInput = tickets.getByLabel('Promo code');
    await codeInput.fill('NOPE');
    await tickets.getByRole('button', { name: 'Apply' }).click();
    await tickets.getByRole('alert').getByText('This promo code is invalid or not recognized.').waitFor();
    expect(new URL(page.url()).searchParams.get('promo_code')).toBeNull();
    await expectAccessible(page, 'invalid-code');

    // The real code (typed in lower case) unlocks the hidden ticket and takes 20 % off.
    await codeInput.fill('friends');
    await tickets.getByRole('button', { name: 'Apply' }).click();
    await tickets.getByTestId('promo-code-applied').getByText('FRIENDS').waitFor();
    expect(new URL(page.url()).searchParams.get('promo_code')).toBe('FRIENDS');
    await ticket('Backstage pass').getByText('€16.00').waitFor();
    await expect(ticket('Backstage pass').innerText()).resolves.toContain('10 left');
    const general = ticket('General admission');
    await general.getByText('€8.00').waitFor();
    await expectInnerText(general.locator('s')).toContain('€10.00');
    await expectAccessible(page, 'code-applied');

    // The link with the code keeps it; removing the code hides the ticket again.
    await page.reload();
    await ticket('Backstage pass').waitFor();
    await tickets.getByRole('button', { name: 'Remove code' }).click();
    await tickets.getByRole('button', { name: 'Have a promo code?' }).waitFor();
    await expectCount(tickets.getByText('Backstage pass')).toBe(0);

    // A donation is typed in euros: one that is not an amount, or above the largest price, says so.
    await tickets.getByRole('button', { name: 'More Pay what you want' }).click();
    const amount = tickets.getByLabel('Your amount per ticket (EUR)');
    await expectAttribute(amount, 'placeholder').toBe('5.00');
    await amount.fill('5.005');
    await tickets.getByTestId('checkout-button').click();
    await tickets.getByText('Enter an amount.').waitFor();
    await amount.fill('1000000.01');
    await tickets.getByText('At most €1,000,000.00.').waitFor();
    await expectAccessible(page, 'donation-too-large');
    expect(errors).toEqual([]);
    await context.close();
  });
});
