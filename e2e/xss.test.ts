import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser } from './browser';
import { type ReceivedMail, readMailbox } from './mailbox';
import { fields, type Seeded, seed } from './xss-data';
import { expectedMails, visits } from './xss-pages';

// Stored XSS (issue #15): every text a user can type holds a classic payload; every page and
// e-mail that shows them must show them as text. Each page is opened twice: with the server's
// Content-Security-Policy, and with it bypassed, so that what is tested is the escaping, not
// only the policy. A payload that ran would open a dialog or set `self.__xss`; one that was
// inserted as markup would leave an event-handler attribute, a script, a javascript: link or
// a frame in the page, whether it ran or not.

let browser: Browser;
let data: Seeded;
beforeAll(async () => {
  browser = await launchBrowser();
  data = await seed();
});
afterAll(async () => {
  await browser?.close();
});

/** All the text a page shows a person: its title, its text, and the values of its fields. */
function shownText(page: Page): Promise<string> {
  return page.evaluate(() =>
    [
      document.title,
      document.body.textContent ?? '',
      ...[...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].map(
        (f) => f.value,
      ),
    ].join('\n'),
  );
}

/**
 * Markup that only a payload could have put there: event-handler attributes, inline scripts,
 * javascript: URLs, frames with inline documents, <base>/<meta refresh>; and whether a payload ran.
 */
function injected(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const el of document.querySelectorAll('*')) {
      const tag = el.tagName.toLowerCase();
      for (const name of el.getAttributeNames()) {
        const value = el.getAttribute(name) ?? '';
        if (name.startsWith('on')) found.push(`<${tag} ${name}="${value}">`);
        // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers skip them in a scheme
        const scheme = value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
        if (/(^|:)(href|src|action|formaction|data)$/.test(name) && scheme.startsWith('javascript:'))
          found.push(`<${tag} ${name}="${value}">`);
        if (name === 'srcdoc') found.push(`<${tag} srcdoc>`);
      }
      // Data, never run: JSON-LD, and the event page's seeded queries (a payload that ended
      // that element early would leave a script of its own, caught here).
      const data =
        el.getAttribute('type') === 'application/ld+json' ||
        (el.id === 'tessera-data' && el.getAttribute('type') === 'application/json');
      if (tag === 'script' && !el.hasAttribute('src') && !data)
        found.push(`<script>${el.textContent}</script>`);
      if (
        tag === 'script' &&
        el.hasAttribute('src') &&
        !(el as HTMLScriptElement).src.startsWith(location.origin)
      )
        found.push(`<script src="${el.getAttribute('src')}">`);
      if (tag === 'base' || (tag === 'meta' && el.getAttribute('http-equiv')))
        found.push(el.outerHTML.slice(0, 120));
    }
    const flag = (window as { __xss?: unknown }).__xss;
    if (flag !== undefined) found.push(`self.__xss = ${String(flag)}`);
    return found;
  });
}

/** One browser context for a pass, logged in as the organizer, recording dialogs and policy violations. */
async function passContext(
  bypassCSP: boolean,
): Promise<{ context: BrowserContext; page: Page; ran: string[] }> {
  const context = await browser.newContext({ baseURL: baseUrl(), locale: 'en-US', bypassCSP });
  await context.addInitScript((token) => {
    localStorage.setItem('tessera_token', token);
    document.addEventListener('securitypolicyviolation', (e) => {
      const w = window as { __blocked?: string[] };
      w.__blocked = [...(w.__blocked ?? []), `${e.violatedDirective} ${e.blockedURI} ${e.sample}`];
    });
  }, data.token);
  const page = await context.newPage();
  const ran: string[] = [];
  page.on('dialog', (dialog) => {
    ran.push(`${dialog.type()}(${dialog.message()}) on ${page.url()}`);
    void dialog.dismiss();
  });
  return { context, page, ran };
}

/**
 * Waits until the page shows every field in `shows` (and, after a move through the router, has
 * left the page it was on and loaded what it needs), then looks for markup from a payload.
 */
async function expectShownAsText(page: Page, where: string, shows: string[], before = ''): Promise<void> {
  const missing = async () => {
    const text = await shownText(page);
    const loading = await page.locator('.mantine-Loader-root, .mantine-Skeleton-root').count();
    if (text === before || loading > 0) return ['(the page is still loading)'];
    return shows.filter((name) => !text.includes(fields[name] ?? '\u0000'));
  };
  const deadline = Date.now() + 10_000;
  let left = await missing();
  while (left.length > 0 && Date.now() < deadline) {
    await page.waitForTimeout(50);
    left = await missing();
  }
  expect(await injected(page), `${where}: markup from a payload`).toEqual([]);
  expect(left, `${where}: fields not shown`).toEqual([]);
}

/**
 * Opens a path: the first with a full load, the next ones through the app's router, as a visitor
 * following links would (and much faster). Answers the text shown before, to wait for it to change.
 */
async function open(page: Page, path: string, first: boolean): Promise<string> {
  if (first) {
    await page.goto(path);
    return '';
  }
  const before = await shownText(page);
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  return before;
}

/**
 * The public event page's head as the server sends it, before any script: its title, meta
 * description and schema.org data carry the SEO texts and the title exactly, and nothing else
 * came in with them.
 */
async function servedHead(page: Page) {
  return page.evaluate(async () => {
    const html = await (await fetch(location.href)).text();
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const meta = (selector: string) => doc.querySelector<HTMLMetaElement>(selector)?.content;
    const ld = doc.querySelectorAll('script[type="application/ld+json"]');
    return {
      title: doc.title,
      description: meta('meta[name="description"]'),
      ogTitle: meta('meta[property="og:title"]'),
      keywords: meta('meta[name="keywords"]'),
      ldName: (() => {
        try {
          return JSON.parse(ld[0]?.textContent ?? '').name;
        } catch {
          return `${ld.length} scripts of unreadable data`;
        }
      })(),
      scripts: doc.querySelectorAll('script').length,
      metas: doc.querySelectorAll('meta').length,
    };
  });
}

/** The policy violations of the page, but for zod's probe of `new Function` (caught, it runs nothing). */
async function blockedByPolicy(page: Page): Promise<string[]> {
  const blocked = await page.evaluate(() => (window as { __blocked?: string[] }).__blocked ?? []);
  return blocked.filter((b) => b !== 'script-src eval ');
}

describe('stored XSS', () => {
  for (const bypassCSP of [false, true]) {
    it(`shows every payload as text on every page ${bypassCSP ? 'with the CSP bypassed' : 'under the CSP'}`, async () => {
      const { context, page, ran } = await passContext(bypassCSP);
      for (const [index, visit] of visits(data).entries()) {
        const before = await open(page, visit.path, index === 0);
        await visit.prepare?.(page);
        await expectShownAsText(page, visit.path, visit.shows, before);
        expect(await blockedByPolicy(page), `${visit.path}: blocked by the CSP`).toEqual([]);
        if (index === 0) {
          expect(await servedHead(page)).toEqual({
            title: fields['seo title'],
            description: fields['seo description'],
            ogTitle: fields['seo title'],
            keywords: fields['seo keywords'],
            ldName: fields['event title'],
            // The entry, the JSON-LD, the seeded queries of the server-rendered page.
            scripts: 3,
            // index.html's four, then description, keywords, og:type, og:title, og:description, og:url, twitter:card.
            metas: 11,
          });
        }
      }
      expect(ran).toEqual([]);
      await context.close();
    });
  }

  it('shows every payload as text in every e-mail', async () => {
    // The mails are sent by the job worker: wait for each of them.
    const expected = expectedMails(data.run);
    const deadline = Date.now() + 15_000;
    let mails: ReceivedMail[] = [];
    let found: (ReceivedMail | undefined)[] = [];
    for (let round = 0; ; round += 1) {
      if (round > 0) await new Promise((resolve) => setTimeout(resolve, 200));
      mails = (await readMailbox()).filter((m) => m.to.includes(data.run));
      found = expected.map(({ to, match }) =>
        mails.find((m) => m.to.startsWith(to) && (match.test(m.subject) || match.test(m.text))),
      );
      if (!found.includes(undefined) || Date.now() > deadline) break;
    }
    expect(expected.filter((_, i) => !found[i]).map((x) => `${x.to} ${x.match}`)).toEqual([]);
    expect(mails).toHaveLength(expected.length);

    const { context, page, ran } = await passContext(true);
    for (const [i, { shows }] of expected.entries()) {
      const mail = found[i] as ReceivedMail;
      await page.setContent(mail.html, { waitUntil: 'load' });
      await expectShownAsText(page, `mail "${mail.subject}" to ${mail.to}`, shows);
    }
    expect(ran).toEqual([]);
    await context.close();
  });
});
