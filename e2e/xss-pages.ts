import type { Page } from 'playwright-core';
import { fields, type Seeded } from './xss-data';

// Where each payload must show: the pages (and what a visitor does there first) and the mails.
// The names are those of `fields` in xss-data.ts.

export interface Visit {
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

export function visits(d: Seeded): Visit[] {
  const e = d.eventId;
  const manage = `/manage/event/${e}`;
  const tickets = ['free ticket title', 'paid ticket title', 'tiered ticket title'];
  const ticketPage = [
    'organizer name',
    'event title',
    ...LOCATION,
    'free ticket title',
    ...person('first attendee'),
  ];
  const event = [...SHELL, 'event title'];
  const messages = ['pre-checkout message', 'post-checkout message', 'ticket page message'];
  return [
    // First, with a full load: the server writes this page's head (xss.test.ts checks it).
    {
      path: `/e/${e}`,
      shows: [
        'organizer name',
        'event title',
        'event description',
        ...LOCATION,
        'seo title',
        ...tickets,
        'free ticket description',
        'tier label',
        'continue button text',
      ],
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
        'order question description',
        'checkbox option',
        'radio option',
        ...person('checkout buyer'),
        ...person('checkout attendee'),
        'checkout attendee answer',
        ...answers('checkout'),
      ],
    },
    {
      path: `/checkout/${e}/${d.completed.shortId}/summary`,
      shows: [
        'event title',
        'venue name',
        'post-checkout message',
        'free ticket title',
        ...person('first attendee'),
        ...person('second attendee'),
      ],
    },
    {
      path: `/checkout/${e}/${d.owing.shortId}/summary`,
      shows: [
        'event title',
        'post-checkout message',
        'offline payment instructions',
        'paid ticket title',
        'tax name',
        ...person('owing attendee'),
      ],
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
        ...PEOPLE.flatMap(person),
      ],
      // The people on the list show once searched for, by a character all their names share.
      prepare: (page) =>
        page.getByLabel('Find by name, order reference or e-mail').fill(sharedCharacter(PEOPLE)),
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
      path: `${manage}/homepage-designer`,
      shows: [
        ...event,
        'event description',
        ...LOCATION,
        'organizer name',
        'continue button text',
        ...tickets,
      ],
    },
    { path: `${manage}/tickets`, shows: [...event, ...tickets, 'tier label'] },
    { path: `${manage}/questions`, shows: [...event, ...QUESTIONS] },
    { path: `${manage}/capacity-assignments`, shows: [...event, 'capacity name', 'free ticket title'] },
    { path: `${manage}/affiliates`, shows: [...event, 'affiliate name'] },
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
        'free ticket title',
        'order question title',
        'address question',
        'checkbox question',
        'checkbox option',
        ...answers('buyer'),
      ],
    },
    { path: `${manage}/attendees`, shows: [...event, ...PEOPLE.flatMap(person)] },
    { path: `${manage}/messages`, shows: [...event, 'message subject'] },
    { path: `${manage}/messages/${d.messageId}`, shows: [...event, 'message subject', 'message body'] },
    {
      path: `${manage}/attendees?attendee=${d.completed.attendeeId}`,
      shows: [
        ...event,
        ...person('first attendee'),
        'attendee question title',
        'radio question',
        'radio option',
        'first attendee answer',
        'check-in list name',
        'check-in device',
        'free ticket title',
      ],
    },
    {
      path: `${manage}/settings`,
      shows: [
        ...event,
        'organizer name',
        'event description',
        ...LOCATION,
        'seo title',
        'seo description',
        'seo keywords',
        'footer message',
        ...messages,
        'offline payment instructions',
      ],
    },
    {
      // The organizer's template previewed with the event's values (decision 055).
      path: `${manage}/mail-templates`,
      shows: [...event, ...LOCATION],
      prepare: async (page) => {
        await page.getByRole('button', { name: 'Preview' }).click();
        await page.getByTestId('mail-template-preview-body').waitFor();
      },
    },
    { path: '/account/settings', shows: SHELL },
    { path: '/account/users', shows: [...SHELL, ...person('invitee')] },
    {
      path: '/account/event-defaults',
      shows: [...SHELL, 'default pre-checkout message', 'default footer message'],
    },
    { path: '/account/taxes-and-fees', shows: [...SHELL, 'tax name'] },
    { path: '/account/integrations', shows: [...SHELL, 'api key name'] },
    { path: '/manage/profile', shows: SHELL },
  ];
}

/**
 * Each mail the seeded data sent, found by its recipient and `match` (its subject, or for the
 * organizer's two mails the buyer's address in the text), and the fields it must show.
 */
export function expectedMails(run: string): { to: string; match: RegExp; shows: string[] }[] {
  const order = ['event title', ...LOCATION, 'footer message'];
  return [
    { to: `owner.${run}`, match: /Confirm/, shows: ['user first name'] },
    { to: `invitee.${run}`, match: /invited you/, shows: SHELL },
    { to: `buyer.${run}`, match: /Your order/, shows: [...order, 'free ticket title', 'buyer first name'] },
    {
      to: `owing.buyer.${run}`,
      match: /Your order/,
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
      match: /Your ticket/,
      shows: [...order, 'free ticket title', `${who} first name`],
    })),
    ...['buyer', 'owing buyer'].map((who) => ({
      to: `organizer.${run}`,
      match: new RegExp(`\\(${who.replace(' ', '\\.')}\\.${run}@`),
      shows: ['event title', ...person(who)],
    })),
  ];
}
