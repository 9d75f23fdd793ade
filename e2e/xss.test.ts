import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser } from './browser';
import { readMailbox } from './mailbox';
import { fields, type Seeded, seed } from './xss-data';

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

interface Visit {
  path: string;
  /** The fields (names in `fields`) this page must show. */
  shows: string[];
  /** What a visitor does first to see them (search a list). */
  prepare?: (page: Page) => Promise<void>;
}

const LOCATION = [
  'venue name',
  'address line 1',
  'address line 2',
  'city',
  'state or region',
  'postal code',
  'country',
];
const person = (who: string) => [`${who} first name`, `${who} last name`];
/** The organizer app's frame: who is logged in, to which account. */
const SHELL = [...person('user'), 'account name'];
const QUESTIONS = [
  'order question title',
  'address question',
  'checkbox question',
  'attendee question title',
  'radio question',
];
const answers = (tag: string) => [
  `${tag} order answer`,
  `${tag} answer street`,
  `${tag} answer city`,
  `${tag} answer country`,
];

const PEOPLE = ['first attendee', 'second attendee', 'owing attendee'];

function sharedCharacter(people: string[]): string {
  const names = people.map((p) => `${fields[`${p} first name`]} ${fields[`${p} last name`]}`.toLowerCase());
  const shared = [...(names[0] ?? '')].find((c) => c.trim() && names.every((n) => n.includes(c)));
  if (!shared) throw new Error('the attendees share no character');
  return shared;
}

function visits(d: Seeded): Visit[] {
  const e = d.eventId;
  const manage = `/manage/event/${e}`;
  const ticketPage = [
    'organizer name',
    'event title',
    ...LOCATION,
    'free ticket title',
    ...person('first attendee'),
  ];
  const event = [...SHELL, 'event title'];
  return [
    {
      path: `/e/${e}`,
      shows: ['organizer name', 'event title', 'event description', ...LOCATION, 'seo title'].concat([
        'free ticket title',
        'free ticket description',
        'paid ticket title',
        'tiered ticket title',
        'tier label',
      ]),
    },
    {
      path: `/checkout/${e}/${d.inCheckout.shortId}/details`,
      shows: [
        'event title',
        'venue name',
        'pre-checkout message',
        'paid ticket title',
        'tax name',
        ...QUESTIONS,
      ]
        .concat([
          'order question description',
          'checkbox option',
          'radio option',
          ...person('checkout buyer'),
        ])
        .concat([...person('checkout attendee'), 'checkout attendee answer', ...answers('checkout')]),
    },
    {
      path: `/checkout/${e}/${d.completed.shortId}/summary`,
      shows: ['event title', 'venue name', 'post-checkout message', 'free ticket title'].concat([
        ...person('first attendee'),
        ...person('second attendee'),
      ]),
    },
    {
      path: `/checkout/${e}/${d.owing.shortId}/summary`,
      shows: [
        'event title',
        'post-checkout message',
        'offline payment instructions',
        'paid ticket title',
        'tax name',
      ].concat(person('owing attendee')),
    },
    {
      path: `/order/${e}/${d.completed.shortId}/print`,
      shows: [...ticketPage, ...person('buyer'), ...person('second attendee')],
    },
    {
      path: `/order/${e}/${d.owing.shortId}/print`,
      shows: [
        'event title',
        'offline payment instructions',
        'paid ticket title',
        'tax name',
        ...person('owing buyer'),
      ],
    },
    {
      path: `/ticket/${e}/${d.completed.attendeeShortId}`,
      shows: [...ticketPage, 'online event details', 'ticket page message'],
    },
    { path: `/ticket/${e}/${d.completed.attendeeShortId}/print`, shows: ticketPage },
    {
      path: `/check-in/${d.checkInShortId}`,
      shows: [
        'event title',
        'check-in list name',
        'check-in list description',
        'free ticket title',
        'paid ticket title',
      ].concat([...person('first attendee'), ...person('second attendee'), ...person('owing attendee')]),
      // The people on the list show once searched for, by a character all their names share.
      prepare: (page) => page.getByLabel('Find by name or order reference').fill(sharedCharacter(PEOPLE)),
    },
    { path: '/manage/events', shows: [...event, 'organizer name'] },
    { path: `/manage/organizer/${d.organizerId}/events`, shows: [...event, 'organizer name'] },
    {
      path: `/manage/organizer/${d.organizerId}/settings`,
      shows: [...SHELL, 'organizer name', 'organizer description'],
    },
    { path: manage, shows: [...event, 'organizer name'] },
    { path: `${manage}/getting-started`, shows: event },
    {
      path: `${manage}/tickets`,
      shows: [...event, 'free ticket title', 'paid ticket title', 'tiered ticket title', 'tier label'],
    },
    { path: `${manage}/questions`, shows: [...event, ...QUESTIONS] },
    { path: `${manage}/capacity-assignments`, shows: [...event, 'capacity name', 'free ticket title'] },
    { path: `${manage}/check-in`, shows: [...event, 'check-in list name', 'free ticket title'] },
    {
      path: `${manage}/orders`,
      shows: [...event, ...person('buyer'), ...person('owing buyer'), ...person('checkout buyer')],
    },
    {
      path: `${manage}/orders?order=${d.completed.id}`,
      shows: [
        ...event,
        ...person('buyer'),
        ...person('first attendee'),
        ...person('second attendee'),
        'order note',
      ]
        .concat([
          'free ticket title',
          'order question title',
          'address question',
          'checkbox question',
          'checkbox option',
        ])
        .concat(answers('buyer')),
    },
    {
      path: `${manage}/attendees`,
      shows: [
        ...event,
        ...person('first attendee'),
        ...person('second attendee'),
        ...person('owing attendee'),
      ],
    },
    {
      path: `${manage}/attendees?attendee=${d.completed.attendeeId}`,
      shows: [
        ...event,
        ...person('first attendee'),
        'attendee question title',
        'radio question',
        'radio option',
      ].concat(['first attendee answer', 'check-in list name', 'check-in device', 'free ticket title']),
    },
    {
      path: `${manage}/settings`,
      shows: [...event, 'organizer name', 'event description', ...LOCATION, 'seo title', 'seo description']
        .concat(['seo keywords', 'footer message', 'pre-checkout message', 'post-checkout message'])
        .concat(['ticket page message', 'offline payment instructions']),
    },
    { path: '/account/settings', shows: SHELL },
    { path: '/account/users', shows: [...SHELL, ...person('invitee')] },
    {
      path: '/account/event-defaults',
      shows: [...SHELL, 'default pre-checkout message', 'default footer message'],
    },
    { path: '/account/taxes-and-fees', shows: [...SHELL, 'tax name'] },
    { path: '/manage/profile', shows: SHELL },
  ];
}

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
      if (tag === 'script' && !el.hasAttribute('src') && el.getAttribute('type') !== 'application/ld+json')
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

async function expectShownAsText(page: Page, where: string, shows: string[]): Promise<void> {
  const missing = async () => {
    const text = await shownText(page);
    return shows.filter((name) => !text.includes(fields[name] ?? '\u0000'));
  };
  const deadline = Date.now() + 10_000;
  let left = await missing();
  while (left.length > 0 && Date.now() < deadline) {
    await page.waitForTimeout(100);
    left = await missing();
  }
  expect(left, `${where}: fields not shown`).toEqual([]);
  expect(await injected(page), `${where}: markup from a payload`).toEqual([]);
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

/** Each mail the seeded data sent, and the fields it must show. */
function expectedMails(run: string) {
  const order = ['event title', ...LOCATION, 'footer message'];
  return [
    { to: `owner.${run}`, subject: /Confirm/, shows: ['user first name'] },
    { to: `invitee.${run}`, subject: /invited you/, shows: [...SHELL] },
    { to: `buyer.${run}`, subject: /Your order/, shows: [...order, 'free ticket title', 'buyer first name'] },
    {
      to: `owing.buyer.${run}`,
      subject: /Your order/,
      shows: [
        ...order,
        'tax name',
        'paid ticket title',
        'offline payment instructions',
        'owing buyer first name',
      ],
    },
    ...['first attendee', 'second attendee'].map((who) => ({
      to: `${who.replace(' ', '.')}.${run}`,
      subject: /Your ticket/,
      shows: [...order, 'free ticket title', `${who} first name`],
    })),
    ...['buyer', 'owing buyer'].map((who) => ({
      to: `organizer.${run}`,
      subject: new RegExp(`\\(${who.replace(' ', '\\.')}\\.${run}@`),
      shows: ['event title', ...person(who)],
    })),
  ];
}

async function discover(page: Page): Promise<string[]> {
  const text = await shownText(page);
  return Object.keys(fields).filter((name) => text.includes(fields[name] ?? '\u0000'));
}

describe('stored XSS', () => {
  for (const bypassCSP of [false, true]) {
    it(`shows every payload as text on every page ${bypassCSP ? 'with the CSP bypassed' : 'under the CSP'}`, async () => {
      const { context, page, ran } = await passContext(bypassCSP);
      for (const visit of visits(data)) {
        await page.goto(visit.path);
        await visit.prepare?.(page);
        if (process.env.XSS_DISCOVER) console.log(visit.path, JSON.stringify(await discover(page)));
        await expectShownAsText(page, visit.path, visit.shows);
        expect(await blockedByPolicy(page), `${visit.path}: blocked by the CSP`).toEqual([]);
        if (visit.path.startsWith('/e/')) {
          expect(await servedHead(page)).toEqual({
            title: fields['seo title'],
            description: fields['seo description'],
            ogTitle: fields['seo title'],
            keywords: fields['seo keywords'],
            ldName: fields['event title'],
            scripts: 2,
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
    const mails = (await readMailbox()).filter((m) => m.to.includes(data.run));
    const expected = expectedMails(data.run);
    expect(mails).toHaveLength(expected.length);
    const { context, page, ran } = await passContext(true);
    for (const { to, subject, shows } of expected) {
      // The subject, or for the organizer's mails the buyer's address in the text.
      const mail = mails.find(
        (m) => m.to.startsWith(to) && (subject.test(m.subject) || subject.test(m.text)),
      );
      if (!mail) throw new Error(`no mail to ${to} matching ${subject}`);
      await page.setContent(mail.html, { waitUntil: 'load' });
      if (process.env.XSS_DISCOVER) console.log(mail.subject, mail.to, JSON.stringify(await discover(page)));
      await expectShownAsText(page, `mail "${mail.subject}" to ${mail.to}`, shows);
    }
    expect(ran).toEqual([]);
    await context.close();
  });
});
