import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityCheck, launchBrowser, openPage } from './browser';
import { fillBuyer, publish, ticketRow } from './checkout-steps';
import { expectAttribute, expectCount, expectEventually, expectText, expectValue } from './expect';
import { organizerSession } from './session';

// The buyer's checkout: pick tickets on the event page, reserve, give details, pay, see the summary.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheck('checkout');

/** "1:45" → 105. */
const secondsLeft = (countdown: string | null) => {
  const [minutes = 0, seconds = 0] = (countdown ?? '').split(':').map(Number);
  return minutes * 60 + seconds;
};

describe('checkout', () => {
  it('reserves with a promo code, asks the questions and completes a free order', async () => {
    const session = await organizerSession(browser, {
      confirmEmail: true,
      eventSettings: {
        offline_payments_enabled: true,
        pre_checkout_message: 'Bring your ID.',
        post_checkout_message: 'See you at the door!',
      },
    });
    const { api, eventId } = session;
    await api('POST', `/api/events/${eventId}/tickets`, { title: 'Early bird', type: 'PAID', price: 1500 });
    await api('POST', `/api/events/${eventId}/promo-codes`, {
      code: 'ALLFREE',
      discount_type: 'PERCENTAGE',
      discount: '100',
    });
    await api('POST', `/api/events/${eventId}/questions`, {
      title: 'Dietary needs',
      type: 'SINGLE_LINE',
      required: true,
    });
    await api('POST', `/api/events/${eventId}/questions`, {
      title: 'How did you hear of us?',
      type: 'DROPDOWN',
      options: ['Friends', 'Radio'],
      scope: 'PER_ORDER',
    });
    const path = await publish(session);

    const { context, page, errors } = await openPage(browser);
    await page.goto(`${path}?promo_code=ALLFREE`);
    const row = ticketRow(page, 'Early bird');
    await row.getByText('Free').waitFor();
    // Nothing picked: the button says so instead of reserving.
    await page.getByTestId('checkout-button').click();
    await page.getByText('Choose at least one ticket.').waitFor();
    await row.getByRole('button', { name: 'More Early bird' }).click();
    await row.getByRole('button', { name: 'More Early bird' }).click();
    await expectText(row.getByTestId('ticket-quantity')).toBe('2');
    await expectAccessible(page, 'picker');
    await page.getByRole('button', { name: 'Check out (2)' }).click();
    await page.waitForURL(/\/checkout\/\d+\/[\w-]{22}\/details$/);

    await page.getByTestId('pre-checkout-message').getByText('Bring your ID.').waitFor();
    await page.getByTestId('reservation-bar').getByRole('timer').waitFor();
    await expectText(page.getByTestId('order-total')).toContain('€0.00');
    // Sent empty: the shared rules say what is missing, before any call.
    await page.getByTestId('details-submit').click();
    await page.getByText('This field is required.').first().waitFor();
    await fillBuyer(page);
    await page.getByRole('button', { name: 'Copy my details' }).click();
    const attendees = page.getByTestId('attendee-form');
    await expectCount(attendees).toBe(2);
    await expectValue(attendees.nth(0).getByLabel('First name')).toBe('Ana');
    await attendees.nth(0).getByLabel('Dietary needs').fill('None');
    await attendees.nth(1).getByLabel('First name').fill('Rui');
    await attendees.nth(1).getByLabel('Last name').fill('Costa');
    await attendees.nth(1).getByLabel('E-mail').fill('rui.costa@example.com');
    await attendees.nth(1).getByLabel('Dietary needs').fill('Vegetarian');
    await page.getByLabel('How did you hear of us?').selectOption('Radio');
    await expectAccessible(page, 'details');
    await page.getByRole('button', { name: 'Complete order' }).click();

    await page.waitForURL('**/summary');
    await page.getByTestId('order-status').getByText('Completed').waitFor();
    await expectText(page.getByTestId('order-reference')).toMatch(/^[A-Z0-9]{8}$/);
    await page.getByTestId('post-checkout-message').getByText('See you at the door!').waitFor();
    const tickets = page.getByTestId('summary-ticket');
    await expectCount(tickets).toBe(2);
    await expectText(tickets.nth(1)).toContain('Rui Costa');
    await expectAttribute(tickets.first().getByRole('link'), 'href').toMatch(
      new RegExp(`^/ticket/${eventId}/[\\w-]+$`),
    );
    await expectAttribute(page.getByRole('link', { name: 'Print order' }), 'href').toMatch(/\/print$/);
    await expectAccessible(page, 'summary-free');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('places an offline order that awaits payment, with the event’s instructions', async () => {
    const session = await organizerSession(browser, {
      confirmEmail: true,
      eventSettings: {
        offline_payments_enabled: true,
        offline_payment_instructions: 'Transfer to IBAN PT50 0000 0000 and quote your reference.',
      },
    });
    await session.api('POST', `/api/events/${session.eventId}/tickets`, {
      title: 'Standard',
      type: 'PAID',
      price: 2500,
      quantity_available: 1,
    });
    await session.api('POST', `/api/events/${session.eventId}/questions`, {
      title: 'Dietary needs',
      type: 'SINGLE_LINE',
      required: true,
    });
    const path = await publish(session);
    const { context, page, errors } = await openPage(browser, { locale: 'en-US' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    const row = ticketRow(page, 'Standard');
    await row.getByRole('button', { name: 'More Standard' }).click();
    await row.getByRole('button', { name: 'More Standard' }).click();
    // Only one is left (not shown): the server refuses two, and the picks stay as they were.
    await page.getByTestId('checkout-button').click();
    await page
      .getByRole('alert')
      .filter({ hasText: /not enough|left|available/i })
      .first()
      .waitFor();
    await expectText(row.getByTestId('ticket-quantity')).toBe('2');
    await expectAccessible(page, 'picker-refused-phone');
    await row.getByRole('button', { name: 'Fewer Standard' }).click();
    await page.getByTestId('checkout-button').click();
    await page.waitForURL('**/details');
    await fillBuyer(page);
    await page.getByRole('button', { name: 'Copy my details' }).click();
    const diet = page.getByTestId('attendee-form').getByLabel('Dietary needs');
    await diet.fill('Vegan');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL('**/payment');
    // Back to the form: the names and answers given are still there.
    await page.goBack();
    await page.waitForURL('**/details');
    await page.getByTestId('attendee-form').waitFor();
    await expectValue(diet).toBe('Vegan');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL('**/payment');
    await page
      .getByTestId('offline-instructions')
      .getByText(/IBAN PT50/)
      .waitFor();
    await expectAccessible(page, 'payment-offline-phone');
    // By keyboard.
    await page.getByTestId('place-order').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/summary');
    await page.getByTestId('order-status').getByText('Awaiting payment').waitFor();
    await page
      .getByTestId('payment-instructions')
      .getByText(/IBAN PT50/)
      .waitFor();
    await expectAccessible(page, 'summary-offline-phone');
    // The refused reservation is the browser's only complaint.
    expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
    await context.close();
  });

  it('warns before the reservation ends and offers more time each time, ten times, then shows it expired', async () => {
    const session = await organizerSession(browser, {
      confirmEmail: true,
      eventSettings: { order_timeout_minutes: 1 },
    });
    await session.api('POST', `/api/events/${session.eventId}/tickets`, { title: 'Meetup', type: 'FREE' });
    const path = await publish(session);
    const { context, page, errors } = await openPage(browser);
    // The browser's clock is moved on instead of waited for; the server's runs as ever.
    await page.clock.install();
    await page.goto(path);
    await ticketRow(page, 'Meetup').getByRole('button', { name: 'More Meetup' }).click();
    await page.getByTestId('checkout-button').click();
    await page.waitForURL('**/details');
    // A minute is under the two-minute warning: the live region speaks at once.
    const announcement = page.getByTestId('reservation-announcement');
    await announcement
      .getByText('Less than 2 minutes left to complete your order. You can ask for more time.')
      .waitFor();
    await expectAccessible(page, 'warning');
    const moreTime = page.getByRole('button', { name: 'I need more time' });
    const left = async () => secondsLeft(await page.getByTestId('countdown').textContent());
    for (let extension = 1; extension <= 10; extension += 1) {
      // The warning shows (under two minutes left), and with it the offer of more time.
      await expectEventually(left).toBeLessThan(120);
      const before = await left();
      await moreTime.click();
      // The event's timeout (a minute) on top of what was left, counted on the server's clock.
      await expectEventually(left).toBeGreaterThan(before + 45);
      await announcement.getByText('Your reservation was extended.').waitFor();
      // On to the next warning.
      const now = await left();
      if (now >= 120) await page.clock.fastForward((now - 90) * 1000);
    }
    // Ten were all: the next warning no longer offers more time, and says so.
    await expectEventually(left).toBeLessThan(120);
    await announcement
      .getByText('Less than 2 minutes left to complete your order.', { exact: true })
      .waitFor();
    await expectCount(moreTime).toBe(0);
    await page.clock.fastForward((await left()) * 1000 + 5000);
    await page.getByTestId('order-problem-expired').waitFor();
    await page.getByRole('heading', { name: 'Your reservation has expired' }).waitFor();
    await expectAccessible(page, 'expired');
    await page.getByRole('link', { name: 'Start a new order' }).click();
    await page.waitForURL(`**${path}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('pays by card: a declined card fails and can be retried, then the summary', async () => {
    const session = await organizerSession(browser, { confirmEmail: true });
    const { url } = await session.api<{ url: string }>('POST', '/api/accounts/payment/stripe/connect');
    await session.page.goto(url);
    await session.page.waitForURL('**/account/payment?stripe=return');
    await session.page.getByText('Connected', { exact: true }).waitFor();
    await session.api('POST', `/api/events/${session.eventId}/tickets`, {
      title: 'Concert',
      type: 'PAID',
      price: 3000,
    });
    const path = await publish(session);
    const { context, page, errors } = await openPage(browser);
    await page.clock.install();
    await page.goto(path);
    await ticketRow(page, 'Concert').getByRole('button', { name: 'More Concert' }).click();
    await page.getByTestId('checkout-button').click();
    await page.waitForURL('**/details');
    await fillBuyer(page);
    await page.getByRole('button', { name: 'Copy my details' }).click();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL('**/payment');
    await page.getByTestId('test-card-form').waitFor();
    await page.getByLabel('Visa 0002 – card is declined').check();
    await page.getByTestId('pay-button').click();
    await page.getByTestId('payment-failed-banner').getByText('Your payment failed').waitFor();
    await expectAccessible(page, 'card-declined');

    // Under two minutes before the end (the browser's clock jumps; the server's does not), the
    // declined card's reservation still offers more time, and says so once to screen readers.
    const moreTime = page.getByRole('button', { name: 'I need more time' });
    const announcement = page.getByTestId('reservation-announcement');
    await expectCount(moreTime).toBe(0);
    await expectText(announcement).toBe('');
    await page.clock.fastForward('13:15');
    await announcement
      .getByText('Less than 2 minutes left to complete your order. You can ask for more time.')
      .waitFor();
    await expectEventually(async () =>
      secondsLeft(await page.getByTestId('countdown').textContent()),
    ).toBeLessThan(120);
    await expectAccessible(page, 'more-time');
    await moreTime.click();
    // The answer's Date header sets the countdown back on the server's time: 15 minutes more
    // than the reservation had there, and no warning for now.
    await announcement.getByText('Your reservation was extended.').waitFor();
    await expectCount(moreTime).toBe(0);
    await expectEventually(async () =>
      secondsLeft(await page.getByTestId('countdown').textContent()),
    ).toBeGreaterThan(28 * 60);
    await page.getByLabel('Visa 4242 – payment succeeds').check();
    await page.getByTestId('pay-button').click();
    await page.waitForURL('**/summary', { timeout: 20_000 });
    await page.getByTestId('order-status').getByText('Completed').waitFor();
    await expectAccessible(page, 'summary-card');
    expect(errors.filter((e) => !e.includes('402'))).toEqual([]);
    await context.close();
  }, 60_000);

  it('in German at 390 px: asks both names, and the main lines of an optional address once begun', async () => {
    const session = await organizerSession(browser, { confirmEmail: true });
    await session.api('POST', `/api/events/${session.eventId}/tickets`, { title: 'Eintritt', type: 'FREE' });
    await session.api('POST', `/api/events/${session.eventId}/questions`, {
      title: 'Postanschrift für die Rechnung',
      type: 'ADDRESS',
      scope: 'PER_ORDER',
    });
    const path = await publish(session);
    const { context, page, errors } = await openPage(browser, { cookies: { tessera_locale: 'de' } });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    await page
      .getByRole('region', { name: 'Tickets' })
      .getByRole('listitem')
      .filter({ hasText: 'Eintritt' })
      .getByRole('button', { name: 'Mehr Eintritt' })
      .click();
    await page.getByRole('button', { name: 'Zur Kasse (1)' }).click();
    await page.waitForURL(/\/details$/);

    const address = page.getByRole('group', { name: 'Postanschrift für die Rechnung' });
    const line = (label: string) => address.getByRole('textbox', { name: label, exact: true });
    // Optional and empty: no line is marked.
    for (const label of ['Adresszeile 1', 'Stadt', 'Land'])
      await expectAttribute(line(label), 'required').toBe(null);
    // Begun: the lines an address needs are marked, the others not.
    await line('Stadt').fill('Berlin');
    for (const label of ['Adresszeile 1', 'Stadt', 'Land'])
      await expectAttribute(line(label), 'required').toBe('');
    await expectAttribute(line('Adresszeile 2'), 'required').toBe(null);

    const buyer = page.getByRole('region', { name: 'Ihre Angaben' });
    await buyer.getByLabel('Vorname').fill('Jürgen');
    await buyer.getByLabel('E-Mail').fill('juergen@example.com');
    await page.getByRole('button', { name: 'Meine Angaben übernehmen' }).click();
    await page.getByRole('button', { name: 'Bestellung abschließen' }).click();
    // The last names are required, as marked; the address says which lines it still needs.
    await expectCount(page.getByText('Dieses Feld ist erforderlich.')).toBe(2);
    await address
      .getByText('Füllen Sie Adresszeile 1, Stadt und Land aus oder lassen Sie die ganze Adresse leer.')
      .waitFor();
    await expectAttribute(line('Land'), 'aria-invalid').toBe('true');
    await expectAccessible(page, 'details-de-390');

    await buyer.getByLabel('Nachname').fill('Groß');
    await page.getByTestId('attendee-form').getByLabel('Nachname').fill('Groß');
    // Cleared again, the optional address asks nothing.
    await line('Stadt').fill('');
    await expectAttribute(line('Land'), 'required').toBe(null);
    await page.getByRole('button', { name: 'Bestellung abschließen' }).click();
    await page.waitForURL('**/summary');
    expect(errors).toEqual([]);
    await context.close();
  });
});
