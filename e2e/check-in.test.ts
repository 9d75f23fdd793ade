import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityCheck, launchBrowser, openPage, screenshot, waitForToastsToClose } from './browser';
import { expectAttribute, expectCount, expectText } from './expect';
import { writeQrVideo } from './fake-camera';
import { apiCall, organizerSession } from './session';

// At the door: the organizer makes a check-in list and shares its link; a phone (Chromium with a
// fake camera showing a ticket's QR code) scans it in, then sees it already scanned. Two guests
// share a name: the phone marks the one scanned, and offline still lets the other in. With the
// network cut, another phone lets a third person in from the name search, and those check-ins
// reach the server once the network is back.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheck('check-in');

interface Attendee {
  first_name: string;
  ticket_code: string;
  reference: string;
}

/** Where each offline indicator on the page is: the page's own banner, the app-wide notice. */
async function offlineIndicators(page: Page) {
  const boxes = [];
  for (const indicator of [page.getByTestId('offline-banner'), page.getByText(/You are offline/)]) {
    for (const shown of await indicator.all())
      if (await shown.isVisible()) boxes.push(await shown.boundingBox());
  }
  return boxes;
}

async function overlaps(box: Awaited<ReturnType<Locator['boundingBox']>>, control: Locator) {
  const other = await control.boundingBox();
  if (!box || !other) return false;
  return (
    box.x < other.x + other.width &&
    other.x < box.x + box.width &&
    box.y < other.y + other.height &&
    other.y < box.y + box.height
  );
}

async function placeFreeOrder(
  eventId: number,
  ticketId: number,
  name: string,
  lastName = 'Costa',
): Promise<Attendee> {
  const base = `/api/public/events/${eventId}/orders`;
  const order = await apiCall<{ short_id: string }>('POST', base, {
    tickets: [{ ticket_id: ticketId, quantity: 1 }],
  });
  await apiCall('PUT', `${base}/${order.short_id}`, {
    first_name: name,
    last_name: lastName,
    email: `${name.toLowerCase()}@example.com`,
    attendees: [
      {
        ticket_id: ticketId,
        first_name: name,
        last_name: lastName,
        email: `${name.toLowerCase()}@example.com`,
      },
    ],
  });
  const done = await apiCall<{ reference: string; attendees: Omit<Attendee, 'reference'>[] }>(
    'POST',
    `${base}/${order.short_id}/complete`,
    {},
  );
  const [attendee] = done.attendees;
  if (!attendee) throw new Error('no attendee');
  return { ...attendee, reference: done.reference };
}

/** An order placed through the public checkout and left to be paid offline (at the door). */
async function placeOfflineOrder(
  eventId: number,
  ticketId: number,
  people: [string, string][],
): Promise<{ reference: string }> {
  const base = `/api/public/events/${eventId}/orders`;
  const order = await apiCall<{ short_id: string }>('POST', base, {
    tickets: [{ ticket_id: ticketId, quantity: people.length }],
  });
  const email = (first: string, last: string) =>
    `${first}.${last}@example.com`
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .toLowerCase();
  const [buyerFirst = '', buyerLast = ''] = people[0] ?? [];
  await apiCall('PUT', `${base}/${order.short_id}`, {
    first_name: buyerFirst,
    last_name: buyerLast,
    email: email(buyerFirst, buyerLast),
    attendees: people.map(([first, last]) => ({
      ticket_id: ticketId,
      first_name: first,
      last_name: last,
      email: email(first, last),
    })),
  });
  return apiCall('POST', `${base}/${order.short_id}/complete`, { payment_provider: 'OFFLINE' });
}

/** Each row's "Check in" button shows its whole label, beside the row's text, inside the page. */
async function expectRowsUnclipped(page: Page, rows: Locator) {
  const width = page.viewportSize()?.width ?? 0;
  for (const row of await rows.all()) {
    const button = row.getByRole('button');
    const fits = await button.evaluate((el) => {
      const label = el.querySelector<HTMLElement>('.mantine-Button-label') ?? el;
      return label.scrollWidth <= label.clientWidth && el.getBoundingClientRect().right <= window.innerWidth;
    });
    expect(fits, (await row.textContent()) ?? undefined).toBe(true);
    const text = await row.locator('div').first().boundingBox();
    const box = await button.boundingBox();
    expect((text?.x ?? 0) + (text?.width ?? 0)).toBeLessThanOrEqual(box?.x ?? 0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
  }
}

describe('check-in at the door', () => {
  it('scans a ticket with the camera, refuses it twice, and checks in offline to sync later', async () => {
    const session = await organizerSession(browser, {
      confirmEmail: true,
      eventTitle: `Door Night ${Date.now()}`,
    });
    const { api, eventId, page } = session;
    const ticket = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'Entry',
      type: 'FREE',
    });
    await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
    await placeFreeOrder(eventId, ticket.id, 'Maria', 'Silva');
    const namesake = await placeFreeOrder(eventId, ticket.id, 'Maria', 'Silva');
    const tiago = await placeFreeOrder(eventId, ticket.id, 'Tiago');

    // The organizer makes a list through the page and opens its staff link.
    await page.goto(`/manage/event/${eventId}/check-in`);
    await page.getByRole('heading', { name: 'No check-in lists yet' }).waitFor();
    await page.getByRole('button', { name: 'Add a check-in list' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a check-in list' });
    await dialog.getByLabel('Name').fill('Front door');
    await dialog.getByLabel('Tickets checked in on this list').click();
    await page.getByRole('option', { name: 'Entry' }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Front door has been added.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByTestId('check-in-list').filter({ hasText: 'Front door' });
    await card.getByText('0 / 3').waitFor();
    await waitForToastsToClose(page);
    await expectAccessible(page, 'lists');
    await card.getByRole('button', { name: 'Staff link' }).click();
    await expectText(page.getByTestId('staff-link')).toMatch(/\/check-in\/[A-Za-z0-9_-]{22}$/);
    await page.getByRole('img', { name: 'QR code of the staff link' }).waitFor();
    await expectAccessible(page, 'staff-link');
    const link = await page.getByTestId('staff-link').textContent();
    await session.context.close();
    const staffPath = new URL(link ?? '').pathname;

    // A phone whose camera sees the ticket of the second Maria Silva.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tessera-camera-'));
    const video = path.join(dir, 'ticket.y4m');
    await writeQrVideo(video, namesake.ticket_code);
    const phone = await launchBrowser([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ]);
    try {
      const { context, page: door } = await openPage(phone);
      await context.grantPermissions(['camera']);
      await door.setViewportSize({ width: 390, height: 844 });
      await door.goto(staffPath);
      const outcome = door.locator('[data-outcome]');
      await door.locator('[data-outcome="CHECKED_IN"]').waitFor({ timeout: 20_000 });
      await expectText(outcome).toContain('Maria Silva · Entry');
      await door.getByTestId('checked-in-count').getByText('1 / 3').waitFor();
      await expectAccessible(door, 'scanned');
      // The list shows namesakes in the order they bought: the second is in, the first is not.
      await door.getByLabel('Find by name, order reference or e-mail').fill('maria silva');
      const marias = door.getByTestId('staff-attendee');
      await marias.nth(1).getByText('Entry · Checked in').waitFor();
      await expectCount(marias).toBe(2);
      await expectText(marias.nth(0)).not.toContain('Checked in');
      // The code stays in view: after the pause, the same ticket is refused as already scanned.
      await door.locator('[data-outcome="ALREADY_CHECKED_IN"]').waitFor({ timeout: 20_000 });
      await expectText(outcome).toContain('Ticket already scanned at');

      // Offline, one indicator says so, clear of the scanning controls; the scanned Maria is
      // still refused, the other can still be let in.
      await context.setOffline(true);
      await door.getByTestId('offline-banner').waitFor();
      await door.evaluate(() => window.scrollTo(0, 0));
      const indicators = await offlineIndicators(door);
      expect(indicators).toHaveLength(1);
      for (const control of [
        door.getByLabel('Camera view for scanning tickets'),
        door.getByRole('button', { name: 'Light on' }),
        door.getByLabel('Find by name, order reference or e-mail'),
      ]) {
        expect(await overlaps(indicators[0] ?? null, control)).toBe(false);
      }
      await door.getByText('Decided on this device while offline').waitFor({ timeout: 20_000 });
      await expectAttribute(door.locator('[data-outcome]'), 'data-outcome').toBe('ALREADY_CHECKED_IN');
      await marias.nth(0).getByRole('button', { name: 'Check in Maria Silva' }).click();
      await marias.nth(0).getByText('Entry · Checked in').waitFor();
      await door.getByTestId('checked-in-count').getByText('2 / 3').waitFor();
      await door.getByTestId('offline-banner').getByText('1 waiting to be sent').waitFor();
      await door.evaluate(() => window.scrollTo(0, 0));
      await screenshot(door, 'check-in-offline-390');
      await context.setOffline(false);
      await door.getByTestId('offline-banner').waitFor({ state: 'detached', timeout: 20_000 });
      await context.close();
    } finally {
      await phone.close();
    }

    // Another phone, without a camera: it loads the list, loses the network, checks Tiago in.
    const { context, page: door, errors } = await openPage(browser);
    await door.setViewportSize({ width: 390, height: 844 });
    await door.goto(staffPath);
    await door.getByText('No camera', { exact: true }).waitFor();
    await door.getByTestId('checked-in-count').getByText('2 / 3').waitFor();
    // Found by the order reference (the server searches while online).
    await door.getByLabel('Find by name, order reference or e-mail').fill(tiago.reference.toLowerCase());
    await door.getByRole('button', { name: 'Check in Tiago Costa' }).waitFor();
    await context.setOffline(true);
    await door.getByLabel('Find by name, order reference or e-mail').fill('tiago');
    await door.getByRole('button', { name: 'Check in Tiago Costa' }).click();
    await door.locator('[data-outcome="CHECKED_IN"]').waitFor();
    await door.getByText('Decided on this device while offline').waitFor();
    await door.getByTestId('offline-banner').getByText('1 waiting to be sent').waitFor();
    await expectAccessible(door, 'offline');

    await context.setOffline(false);
    await door.getByTestId('offline-banner').waitFor({ state: 'detached', timeout: 20_000 });
    const lists = await apiCall<{ data: { name: string; checked_in: number }[] }>(
      'GET',
      `/api/events/${eventId}/check-in-lists`,
      undefined,
      session.token,
    );
    expect(lists.data).toMatchObject([{ name: 'Front door', checked_in: 3 }]);
    expect(errors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await context.close();
  }, 120_000);

  it('tells namesakes apart, and takes an order’s payment at the door once, also offline', async () => {
    const session = await organizerSession(browser, {
      confirmEmail: true,
      eventTitle: `Cash Night ${Date.now()}`,
      eventSettings: { offline_payments_enabled: true, offline_payment_instructions: 'Pay at the door.' },
    });
    const { api, eventId } = session;
    const standing = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'General admission, standing area by the river stage',
      type: 'FREE',
    });
    const family = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'Family ticket',
      type: 'PAID',
      price: 2500,
    });
    await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
    const first = await placeFreeOrder(eventId, standing.id, 'Maria', 'Silva');
    const second = await placeFreeOrder(eventId, standing.id, 'Maria', 'Silva');
    const reis = await placeOfflineOrder(eventId, family.id, [
      ['Rosa', 'Reis'],
      ['Duarte', 'Reis'],
      ['Inês', 'Reis'],
    ]);
    const costa = await placeOfflineOrder(eventId, family.id, [
      ['Lia', 'Costa'],
      ['Rui', 'Costa'],
    ]);
    await placeOfflineOrder(eventId, family.id, [['Eva', 'Lopes']]);
    const list = await api<{ short_id: string }>('POST', `/api/events/${eventId}/check-in-lists`, {
      name: 'Garden gate',
      ticket_ids: [standing.id, family.id],
    });
    const staffPath = `/check-in/${list.short_id}`;

    const { context, page: door, errors } = await openPage(browser);
    await door.setViewportSize({ width: 390, height: 844 });
    await door.goto(staffPath);
    await door.getByTestId('checked-in-count').getByText('0 / 2').waitFor();
    const search = door.getByLabel('Find by name, order reference or e-mail');
    const rows = door.getByTestId('staff-attendee');

    // Two Maria Silvas: each row names the order and a hint of the e-mail, and the button fits.
    await search.fill('maria silva');
    await expectCount(rows).toBe(2);
    const orders = await door.getByTestId('staff-attendee-order').allTextContents();
    expect(orders.sort()).toEqual(
      [first.reference, second.reference].map((r) => `Order ${r} · m•••@example.com`).sort(),
    );
    await expectRowsUnclipped(door, rows);
    await screenshot(door, 'check-in-namesakes-390');

    // The Reis family's order, to be paid at the door: €75.00 for three tickets.
    await search.fill(reis.reference.toLowerCase());
    await expectCount(rows).toBe(3);
    await expectText(rows.first()).toContain('Awaiting payment (€75.00)');
    await rows.filter({ hasText: 'Rosa Reis' }).getByRole('button', { name: 'Check in Rosa Reis' }).click();
    await door.locator('[data-outcome="AWAITING_PAYMENT"]').waitFor();
    await expectText(door.getByTestId('payment-due')).toBe(`To collect: €75.00 · Order ${reis.reference}`);
    await screenshot(door, 'check-in-awaiting-payment-390');
    await door.getByRole('button', { name: 'Mark paid and check in' }).click();
    const collect = door.getByRole('dialog', { name: 'Collect €75.00' });
    await expectText(collect).toContain('3 × Family ticket');
    await expectText(collect).toContain('become valid too: Duarte Reis, Inês Reis.');
    await expectAccessible(door, 'collect-payment-390');
    // Not yet: cancelling leaves the order unpaid.
    await collect.getByRole('button', { name: 'Cancel' }).click();
    await collect.waitFor({ state: 'detached' });
    await door.getByRole('button', { name: 'Mark paid and check in' }).click();
    await collect.getByRole('button', { name: '€75.00 received: check in' }).click();
    await door.locator('[data-outcome="CHECKED_IN"]').waitFor();
    // The whole family holds valid tickets on this device now, without a reload.
    await expectText(rows.filter({ hasText: 'Duarte Reis' })).not.toContain('Awaiting payment');
    await expectText(rows.filter({ hasText: 'Inês Reis' })).not.toContain('Awaiting payment');
    await door.getByTestId('checked-in-count').getByText('1 / 5').waitFor();
    await expectAccessible(door, 'paid-at-the-door-390');

    // Offline, the Costas pay at the door: decided on the device, sent once back online.
    await context.setOffline(true);
    await search.fill('costa');
    await rows.filter({ hasText: 'Lia Costa' }).getByRole('button', { name: 'Check in Lia Costa' }).click();
    await door.locator('[data-outcome="AWAITING_PAYMENT"]').waitFor();
    await door.getByRole('button', { name: 'Mark paid and check in' }).click();
    const offlineCollect = door.getByRole('dialog', { name: 'Collect €50.00' });
    await expectText(offlineCollect).toContain('Offline: recorded on this device');
    await offlineCollect.getByRole('button', { name: '€50.00 received: check in' }).click();
    await door.locator('[data-outcome="CHECKED_IN"]').waitFor();
    await expectText(rows.filter({ hasText: 'Rui Costa' })).not.toContain('Awaiting payment');
    await door.getByTestId('offline-banner').getByText('1 waiting to be sent').waitFor();
    await door.getByTestId('checked-in-count').getByText('2 / 7').waitFor();
    await context.setOffline(false);
    await door.getByTestId('offline-banner').waitFor({ state: 'detached', timeout: 20_000 });
    for (const order of [reis, costa]) {
      const [found] = (
        await api<{ data: { id: number; status: string }[] }>(
          'GET',
          `/api/events/${eventId}/orders?query=${order.reference}`,
        )
      ).data;
      expect(found?.status).toBe('COMPLETED');
      const detail = await api<{ activity: { kind: string }[] }>(
        'GET',
        `/api/events/${eventId}/orders/${found?.id}`,
      );
      expect(detail.activity.filter((a) => a.kind === 'MARKED_PAID')).toHaveLength(1);
    }
    expect(errors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await context.close();

    // In German, with its longer words, at phone and desktop width.
    const german = await openPage(browser, { cookies: { tessera_locale: 'de' } });
    await german.page.setViewportSize({ width: 390, height: 844 });
    await german.page.goto(staffPath);
    const suche = german.page.getByLabel('Nach Name, Bestellnummer oder E-Mail suchen');
    await suche.fill('silva');
    const zeilen = german.page.getByTestId('staff-attendee');
    await expectCount(zeilen).toBe(2);
    await expectRowsUnclipped(german.page, zeilen);
    await screenshot(german.page, 'check-in-namesakes-390-de');
    await suche.fill('lopes');
    await expectText(zeilen.first()).toMatch(/Zahlung ausstehend \(25,00\s€\)/);
    await zeilen.first().getByRole('button', { name: 'Eva Lopes einchecken' }).click();
    await german.page.getByRole('button', { name: 'Als bezahlt markieren und einchecken' }).click();
    const kasse = german.page.getByRole('dialog', { name: /^25,00\s€ kassieren$/ });
    await kasse.waitFor();
    await expectAccessible(german.page, 'collect-payment-390-de');
    await german.page.setViewportSize({ width: 1280, height: 900 });
    await expectAccessible(german.page, 'collect-payment-1280-de');
    // Closed by keyboard: nothing is marked paid.
    await german.page.keyboard.press('Escape');
    await kasse.waitFor({ state: 'detached' });
    await german.page.locator('[data-outcome="AWAITING_PAYMENT"]').waitFor();
    await german.context.close();
  }, 120_000);
});
