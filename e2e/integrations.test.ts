import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyResponse } from '../common/api-keys';
import { accessibilityCheck, baseUrl, launchBrowser, openPage, waitForToastsToClose } from './browser';
import { expectCount, expectText } from './expect';
import { organizerSession } from './session';

// The account admin makes an API key on /account/integrations with the keyboard, copies it
// from the one screen that shows it, calls the API with it, and revokes it (decision 025).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const expectAccessible = accessibilityCheck('integrations');

/** GET /api/events with the key, as another tool would call it. */
async function eventsWith(key: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(new URL('/api/events', baseUrl()), {
    headers: { Authorization: `Bearer ${key}` },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The browser logs every 4xx answer to the console; the expected ones are left out. */
const unexpected = (errors: string[]) => errors.filter((e) => !e.startsWith('Failed to load resource'));

describe('API keys on the integrations screen', () => {
  it('creates a key by keyboard, shows it once, calls the API with it, and revokes it', async () => {
    const title = `Harbour Nights ${Date.now()}`;
    const session = await organizerSession(browser, { eventTitle: title });
    const { page, context, errors } = session;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto('/account/integrations');
    await page.getByRole('heading', { name: 'No API keys yet' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Account pages' })
      .getByRole('link', { name: 'Integrations' })
      .waitFor();
    await expectAccessible(page, 'empty');

    // Keyboard only: the button, the name (focused when the dialog opens), the role, Enter.
    const name = 'CRM sync <img src=x onerror=self.__xss=1>';
    await page.getByRole('button', { name: 'Create an API key' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create an API key' });
    await dialog.waitFor();
    await page.keyboard.press('Enter');
    await dialog.getByText('This field is required').first().waitFor();
    await dialog.getByLabel('Name').focus();
    await page.keyboard.type(name);
    await page.keyboard.press('Tab');
    // The role group takes focus on its checked radio (Organizer); arrow keys move it.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowDown');
    expect(await dialog.getByRole('radio', { name: 'Organizer' }).isChecked()).toBe(true);
    await expectAccessible(page, 'create');
    await dialog.getByLabel('Name').focus();
    await page.keyboard.press('Enter');

    const shown = page.getByRole('dialog', { name: 'Copy your new API key' });
    await shown.waitFor();
    await shown.getByText('This is the only time the key is shown').waitFor();
    const key = (await shown.getByTestId('new-api-key').textContent())?.trim() ?? '';
    expect(key).toMatch(/^tsk_[A-Za-z0-9_-]{8}_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole('button', { name: 'Copy key' }).focus();
    await page.keyboard.press('Enter');
    await shown.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await expectAccessible(page, 'shown-once');
    await shown.getByRole('button', { name: 'Done' }).focus();
    await page.keyboard.press('Enter');
    await shown.waitFor({ state: 'detached' });

    // The list knows the key by name and prefix only; the name is text, never markup.
    const row = page.getByTestId('api-key-row');
    await expectCount(row).toBe(1);
    await expectText(row.getByText('CRM sync', { exact: false }).first()).toBe(name);
    await row.getByText(`${key.slice(0, 12)}…`).waitFor();
    await row.getByText('Active').waitFor();
    expect(await page.content()).not.toContain(key);
    expect(await page.evaluate(() => (self as { __xss?: unknown }).__xss)).toBeUndefined();

    // Another tool calls the API with it and gets the account's events.
    const allowed = await eventsWith(key);
    expect(allowed.status).toBe(200);
    expect((allowed.body.data as { title: string }[]).map((e) => e.title)).toContain(title);
    // The last use shows after a reload.
    await page.reload();
    await row.waitFor();
    await expectCount(row.getByText('Never')).toBe(1); // the expiry only
    await expectAccessible(page, 'list');

    // Phone width: the same screen, the table scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, 'list-phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Revoke by keyboard; the same call is then refused.
    await row.getByRole('button', { name: `Revoke ${name}` }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: `Revoke ${name}?` });
    await confirm.waitFor();
    await expectAccessible(page, 'revoke');
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText(`${name} has been revoked.`).waitFor();
    await row.getByText('Revoked').waitFor();
    await expectCount(row.getByRole('button', { name: `Revoke ${name}` })).toBe(0);
    const refused = await eventsWith(key);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('API_KEY_REVOKED');
    const stored = await session.api<{ data: ApiKeyResponse[] }>('GET', '/api/api-keys');
    expect(stored.data).toMatchObject([{ name, role: 'ORGANIZER', status: 'REVOKED' }]);
    expect(stored.data[0]?.last_used_at).not.toBeNull();
    await waitForToastsToClose(page);
    await expectAccessible(page, 'revoked');

    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('has the API reference explain how to call it with a key and curl', async () => {
    const { page, context } = await openPage(browser);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/api/docs');
    await page.getByText('Calling the API with a key.').waitFor();
    await page.getByText('curl -H "Authorization: Bearer $TESSERA_KEY"', { exact: false }).first().waitFor();
    // The top only: the whole reference is some 20,000 px tall.
    await page.screenshot({ path: 'test-results/integrations-api-docs.png' });
    await context.close();
  });
});
