import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES, type WebhookResponse } from '../common/webhooks';
import {
  accessibilityCheckAtWidths,
  baseUrl,
  launchBrowser,
  openPage,
  screenshot,
  waitForToastsToClose,
} from './browser';
import { expectCount, expectEventually, expectInnerText, expectText } from './expect';
import { apiCall, type OrganizerSession, organizerSession } from './session';
import { startWebhookReceiver, verifySignature, type WebhookReceiver } from './webhook-receiver';

// The account admin connects a tool on /account/integrations: an ADMIN API key for it, then a
// webhook endpoint at the tool's address. A ticket is bought; the tool receives order.completed,
// signed with the secret shown once; the delivery log shows it delivered, and Resend sends the
// same body again (decision 027).

let browser: Browser;
let receiver: WebhookReceiver;
beforeAll(async () => {
  browser = await launchBrowser();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await browser?.close();
});

const expectAccessible = accessibilityCheckAtWidths('webhooks', { backToWide: true });

/** The browser logs every 4xx answer to the console; the expected ones are left out. */
const unexpected = (errors: string[]) => errors.filter((e) => !e.startsWith('Failed to load resource'));

/** A free ticket bought as a buyer would, through the public API. */
async function buyFreeTicket(eventId: number, ticketId: number): Promise<string> {
  const base = `/api/public/events/${eventId}/orders`;
  const created = await apiCall<{ short_id: string }>('POST', base, {
    tickets: [{ ticket_id: ticketId, quantity: 1 }],
  });
  const buyer = { first_name: 'Inês', last_name: 'Moura', email: `ines.${Date.now()}@example.com` };
  await apiCall('PUT', `${base}/${created.short_id}`, {
    ...buyer,
    attendees: [{ ticket_id: ticketId, ...buyer }],
  });
  const done = await apiCall<{ status: string }>('POST', `${base}/${created.short_id}/complete`, {});
  expect(done.status).toBe('COMPLETED');
  return created.short_id;
}

/** Creates an ADMIN key on the screen, as the tool's owner would, and answers it. */
async function createAdminKey(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Create an API key' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create an API key' });
  await dialog.getByLabel('Name').fill('Box office sync');
  await dialog.getByRole('radio', { name: 'Administrator' }).check();
  await dialog.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('dialog', { name: 'Copy your new API key' });
  const key = (await shown.getByTestId('new-api-key').textContent())?.trim() ?? '';
  expect(key).toMatch(/^tsk_/);
  await shown.getByRole('button', { name: 'Done' }).click();
  await shown.waitFor({ state: 'detached' });
  return key;
}

/** Adds the receiver as an endpoint for order.created and order.completed of one event, by keyboard. */
async function addEndpoint(page: Page, eventTitle: string): Promise<string> {
  await page.getByRole('button', { name: 'Add endpoint' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
  await dialog.waitFor();
  // Nothing filled in: the address and the types are asked for.
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await dialog.getByText('This field is required.').waitFor();
  await dialog.getByText('Choose at least one event type.').waitFor();
  // The address field has the focus after the failed submit.
  await page.keyboard.type(receiver.url);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Box office sync');
  // "Select all" selects every type (and itself) and clears them again.
  const all = dialog.getByRole('checkbox', { name: 'Select all' });
  await all.click();
  await expectCount(dialog.getByRole('checkbox', { checked: true })).toBe(WEBHOOK_EVENT_TYPES.length + 1);
  await all.click();
  await expectCount(dialog.getByRole('checkbox', { checked: true })).toBe(0);
  await dialog.getByRole('checkbox', { name: 'Order placed' }).focus();
  await page.keyboard.press('Space');
  await dialog.getByRole('checkbox', { name: 'Order completed' }).click();
  expect(await all.evaluate((box: HTMLInputElement) => box.indeterminate)).toBe(true);
  // The event filter searches the account's events by title.
  const filter = dialog.getByRole('combobox', { name: 'Only for this event' });
  await filter.click();
  await filter.fill(eventTitle.slice(0, 10));
  await page.getByRole('option', { name: eventTitle, exact: false }).click();
  await expectAccessible(page, 'add');
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();

  const shown = page.getByRole('dialog', { name: 'Copy the signing secret' });
  await shown.getByText('This is the only time the secret is shown').waitFor();
  const secret = (await shown.getByTestId('new-webhook-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  await shown.getByRole('button', { name: 'Copy secret' }).click();
  await shown.getByRole('button', { name: 'Copied' }).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expectAccessible(page, 'secret');
  await shown.getByRole('button', { name: 'Done' }).click();
  await shown.waitFor({ state: 'detached' });
  return secret;
}

/** The same pages, logged in as the same admin, in Simplified Chinese. */
async function chinesePages(session: OrganizerSession, logPath: string): Promise<void> {
  const zh = await openPage(browser, { locale: 'zh-CN', cookies: { tessera_locale: 'zh-CN' } });
  await zh.context.addInitScript((value) => localStorage.setItem('tessera_token', value), session.token);
  await zh.page.setViewportSize({ width: 1280, height: 900 });
  await zh.page.goto('/account/integrations');
  await zh.page.getByTestId('webhook-row').waitFor();
  await screenshot(zh.page, 'webhooks-zh-CN-list-wide');
  await zh.page.goto(logPath);
  await zh.page.getByTestId('delivery-row').first().waitFor();
  await screenshot(zh.page, 'webhooks-zh-CN-log-wide');
  await zh.page.setViewportSize({ width: 390, height: 844 });
  await screenshot(zh.page, 'webhooks-zh-CN-log-narrow');
  expect(unexpected(zh.errors)).toEqual([]);
  await zh.context.close();
}

describe('webhooks on the integrations screen', () => {
  it('sends a signed order.completed to a new endpoint, shows it in the log, and resends it', async () => {
    const eventTitle = `Quayside Jazz ${Date.now()}`;
    const session = await organizerSession(browser, { confirmEmail: true, eventTitle });
    const { api, eventId, page, context, errors } = session;
    const ticket = await api<{ id: number }>('POST', `/api/events/${eventId}/tickets`, {
      title: 'Open air',
      type: 'FREE',
    });
    await api('PUT', `/api/events/${eventId}/status`, { status: 'LIVE' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto('/account/integrations');
    await page.getByRole('heading', { name: 'No webhook endpoints yet' }).waitFor();
    await expectAccessible(page, 'empty');

    // The tool's key, and the tool calling the API with it.
    const key = await createAdminKey(page);
    const secret = await addEndpoint(page, eventTitle);
    const row = page.getByTestId('webhook-row');
    await expectCount(row).toBe(1);
    await row.getByRole('link', { name: receiver.url }).waitFor();
    await row.getByText('order.completed').waitFor();
    await row.getByText(eventTitle).waitFor();
    await row.getByText('Active').waitFor();
    expect(await page.content()).not.toContain(secret);
    const byTool = await fetch(new URL('/api/webhooks', baseUrl()), {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(byTool.status).toBe(200);
    const listed = (await byTool.json()) as { data: WebhookResponse[] };
    expect(listed.data).toMatchObject([
      {
        url: receiver.url,
        event_types: ['order.created', 'order.completed'],
        event_id: eventId,
        active: true,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(secret);
    await expectAccessible(page, 'list');

    // A buyer takes a ticket: the tool is told, and the signature holds with the secret.
    await buyFreeTicket(eventId, ticket.id);
    const [completed] = await receiver.waitFor('order.completed');
    if (!completed) throw new Error('no order.completed');
    expect(verifySignature(secret, completed)).toBe(true);
    expect(verifySignature(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, completed)).toBe(false);
    expect(completed.headers['webhook-id']).toBe(completed.body.id);
    expect(completed.headers).not.toHaveProperty('tessera-webhook-signature');
    expect(completed.body.data).toMatchObject({ status: 'COMPLETED' });
    await receiver.waitFor('order.created');

    // The delivery log, from the endpoint's address.
    await row.getByRole('link', { name: receiver.url }).click();
    await page.getByRole('heading', { name: 'Delivery log' }).waitFor();
    const logPath = new URL(page.url()).pathname;
    expect(logPath).toMatch(/^\/account\/integrations\/webhooks\/\d+$/);
    const deliveries = page.getByTestId('delivery-row');
    await expectCount(deliveries).toBe(2);
    const completedRow = deliveries.filter({ hasText: 'order.completed' });
    await expectInnerText(completedRow).toMatch(/Order completed[\s\S]*Delivered[\s\S]*\s1\s+200/);
    await expectAccessible(page, 'log');

    // One delivery: its attempt and its body; Resend sends the same body again.
    await completedRow.getByRole('link', { name: 'Order completed' }).click();
    const drawer = page.getByRole('dialog', { name: 'Delivery' });
    await drawer.getByTestId('delivery-attempt').waitFor();
    await expectInnerText(drawer.getByTestId('delivery-attempt')).toMatch(/Attempt 1[\s\S]*HTTP 200/);
    await drawer.getByText('received, thanks').waitFor();
    const body = JSON.parse((await drawer.getByTestId('delivery-body').textContent()) ?? '{}');
    expect(body).toEqual(completed.body);
    expect(new URL(page.url()).searchParams.get('delivery')).toMatch(/^\d+$/);
    await expectAccessible(page, 'delivery');
    await drawer.getByRole('button', { name: 'Resend' }).click();
    const again = await receiver.waitFor('order.completed', 2);
    expect(again[1]?.body.id).toBe(completed.body.id);
    expect(again[1]?.raw).toBe(completed.raw);
    expect(verifySignature(secret, again[1] as (typeof again)[number])).toBe(true);
    // The drawer follows the new delivery: delivered on its first attempt.
    await expectInnerText(drawer, { timeout: 15_000 }).toMatch(/Delivered[\s\S]*Attempt 1[\s\S]*HTTP 200/);
    await drawer.getByText('A copy of an earlier delivery, with the same id.').waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await expectCount(deliveries).toBe(3);
    await expectCount(deliveries.filter({ hasText: 'order.completed' })).toBe(2);
    await expectText(deliveries.first()).toContain('resent');

    // A test event, from the log.
    await page.getByRole('button', { name: 'Send test event' }).first().click();
    await receiver.waitFor('webhook.test');
    await expectInnerText(deliveries.first(), { timeout: 15_000 }).toMatch(/Test event[\s\S]*Delivered/);
    await waitForToastsToClose(page);
    await expectAccessible(page, 'log-after-resend');
    await chinesePages(session, logPath);

    // Back on the list: deactivate, edit, delete.
    await page.getByRole('link', { name: 'Integrations' }).first().click();
    const actions = row.getByRole('button', { name: `Actions for ${receiver.url}` });
    await actions.click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    await row.getByText('Inactive').waitFor();
    await actions.click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit the webhook endpoint' });
    await expectEventually(() => edit.getByLabel('Description').inputValue()).toBe('Box office sync');
    expect(await edit.getByRole('switch', { name: 'Active' }).isChecked()).toBe(false);
    // Made after Standard Webhooks: no old headers to switch off (decision 045).
    expect(
      await edit.getByRole('switch', { name: 'Also send the old Tessera-Webhook headers' }).count(),
    ).toBe(0);
    await edit.getByLabel('Description').fill('Box office sync (paused)');
    await edit.getByRole('button', { name: 'Save endpoint' }).click();
    await edit.waitFor({ state: 'detached' });
    await row.getByText('Box office sync (paused)').waitFor();
    await actions.click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${receiver.url}?` });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('heading', { name: 'No webhook endpoints yet' }).waitFor();
    const gone = await api<{ data: WebhookResponse[] }>('GET', '/api/webhooks');
    expect(gone.data).toEqual([]);
    // Its log's address now says so.
    await page.goto(logPath);
    await page.getByRole('heading', { name: 'This webhook endpoint does not exist' }).waitFor();

    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});
