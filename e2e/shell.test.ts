import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, baseUrl, launchBrowser, openPage, screenshot } from './browser';
import { expectAttribute, expectEventually, expectText, expectVisible } from './expect';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the web shell', () => {
  it('sends a visitor without a session from / to the login page, which is clean and accessible', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto('/');
    await page.waitForURL('**/auth/login');
    await expectText(page.getByRole('heading', { level: 1 })).toBeTruthy();
    await page.getByLabel('E-mail').waitFor();
    await expectVisible(page.getByRole('button', { name: 'Log in' })).toBe(true);
    await expectAttribute(page.locator('html'), 'lang').toBe('en');
    await screenshot(page, 'login-en');
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('validates the login form with the shared schema, in the visitor’s language', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/auth/login');
    await page.getByLabel('E-mail').fill('not-an-email');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Enter a valid e-mail address.').waitFor();
    await expectVisible(page.getByText('This field is required.')).toBe(true);
    await context.close();
  });

  it('speaks German when the locale cookie says so', async () => {
    const { context, page, errors } = await openPage(browser, { cookies: { tessera_locale: 'de' } });
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Anmelden' }).waitFor();
    await expectVisible(page.getByLabel('Passwort')).toBe(true);
    await expectAttribute(page.locator('html'), 'lang').toBe('de');
    await screenshot(page, 'login-de');
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('follows the browser language when there is no cookie', async () => {
    const { context, page } = await openPage(browser, { locale: 'fr-FR' });
    await page.goto('/auth/login');
    await page.waitForFunction(() => document.documentElement.lang === 'fr');
    await context.close();
  });

  it('switches language from the switcher and remembers the choice', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await page.getByRole('button', { name: /Language/ }).click();
    await page.getByRole('menuitemradio', { name: 'Español' }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'tessera_locale')?.value).toBe('es');
    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    await context.close();
  });

  it('shows the error page for an unknown path', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto('/this/does/not/exist');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await expectVisible(page.getByRole('img', { name: 'Error' })).toBe(true);
    const home = page.getByRole('link', { name: 'Go back to the home page' });
    await expectAttribute(home, 'href').toBe('/');
    await screenshot(page, 'not-found');
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await home.click();
    await page.waitForURL('**/auth/login');
    await context.close();
  });

  it('keeps the organizer app behind login and remembers where the visitor was going', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/manage/events?tab=ended');
    await page.waitForURL('**/auth/login');
    // The page to come back to after login (the login journey itself arrives with accounts).
    await expectEventually(() => page.evaluate(() => sessionStorage.getItem('tessera_return_to'))).toBe(
      '/manage/events?tab=ended',
    );
    await context.close();
  });

  it('shows the empty-event state for an event that does not exist, with only the buyer catalog', async () => {
    const { context, page } = await openPage(browser);
    const assets: string[] = [];
    page.on('request', (request) => assets.push(new URL(request.url()).pathname));
    await page.goto('/e/123/summer-festival');
    await page.getByRole('heading', { name: 'This event is not available' }).waitFor();
    // A buyer downloads the buyer part of the messages, never the organizer app's.
    expect(assets.some((path) => /^\/assets\/buyer-[\w-]+\.js$/.test(path))).toBe(true);
    expect(assets.filter((path) => /^\/assets\/manage-/.test(path))).toEqual([]);
    await screenshot(page, 'event-not-available');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('tells the user when the browser goes offline', async () => {
    const { context, page } = await openPage(browser);
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await context.setOffline(true);
    const notice = page.getByText(/You are offline/);
    await notice.first().waitFor();
    await context.setOffline(false);
    await notice.first().waitFor({ state: 'hidden' });
    await context.close();
  });
});

describe('the API as a browser sees it', () => {
  it('answers an unknown API path with JSON 404', async () => {
    const res = await fetch(`${baseUrl()}/api/nope`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });

  it('renders the API docs page', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto('/api/docs');
    await page.getByText('Tessera API').first().waitFor();
    await page.getByText('/api/health').first().waitFor();
    await screenshot(page, 'api-docs');
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });

  it('says the health of the embedded database', async () => {
    const res = await fetch(`${baseUrl()}/api/health`);
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'pglite' });
  });
});
