import type { I18n } from '@lingui/core';
import { translate } from '../../common/i18n/translate';
import { headedMail } from './layout';
import { eventMailLogo, type MailCustomText, type MailEvent } from './order-templates';
import type { OutgoingMail } from './transport';

type EntryMail = {
  name: string;
  eventTitle: string;
  ticketTitle: string;
  /** The entry's page: where the person sees their place, leaves, or buys an offered ticket. */
  url: string;
  /** The event's logo (absolute address); absent in mails queued before logos were shown. */
  logo?: MailEvent['logo'];
};

export interface WaitlistMailTemplates {
  /** To someone who joined a ticket's waiting list (decision 030). */
  waitlistJoined: EntryMail & { position: number };
  /** To the person a freed ticket is held for, until `expiresAt` (ISO, shown in `timezone`). */
  waitlistOffered: EntryMail & { expiresAt: string; timezone: string; custom?: MailCustomText };
}

/** The mail's built-in wording (also the starting point of an organizer's own, decision 055). */
export const WAITLIST_MAIL_TEXT = {
  greeting: /*i18n*/ { id: 'mail.waitlist.greeting', message: 'Hello {name},' },
  joinedSubject: /*i18n*/ {
    id: 'mail.waitlist_joined.subject',
    message: 'You are on the waiting list for {eventTitle}',
  },
  joinedBody: /*i18n*/ {
    id: 'mail.waitlist_joined.body',
    message:
      'You are number {position} on the waiting list for “{ticketTitle}”. When a ticket frees up and it is your turn, we will hold it for you and send you an e-mail with a link to buy it.',
  },
  joinedAction: /*i18n*/ { id: 'mail.waitlist_joined.action', message: 'See your place or leave the list' },
  joinedFootnote: /*i18n*/ {
    id: 'mail.waitlist_joined.footnote',
    message:
      'If you no longer want a ticket, leave the waiting list with the link above, so that the next person gets it sooner.',
  },
  offeredSubject: /*i18n*/ {
    id: 'mail.waitlist_offered.subject',
    message: 'A ticket for {eventTitle} is waiting for you',
  },
  offeredBody: /*i18n*/ {
    id: 'mail.waitlist_offered.body',
    message:
      'A “{ticketTitle}” ticket has freed up and it is your turn: we are holding it for you until {until}.',
  },
  offeredAfter: /*i18n*/ {
    id: 'mail.waitlist_offered.after',
    message: 'After that time the ticket goes to the next person on the waiting list.',
  },
  offeredAction: /*i18n*/ { id: 'mail.waitlist_offered.action', message: 'Buy your ticket' },
  offeredFootnote: /*i18n*/ {
    id: 'mail.waitlist_offered.footnote',
    message:
      'Not going after all? Leave the waiting list with the same link, and the ticket goes to the next person at once.',
  },
};
const M = WAITLIST_MAIL_TEXT;

export const waitlistRenderers = {
  waitlistJoined: async (
    data: WaitlistMailTemplates['waitlistJoined'],
    i18n: I18n,
  ): Promise<Omit<OutgoingMail, 'to'>> => {
    const subject = translate(i18n, M.joinedSubject, data);
    return headedMail(subject, {
      lang: i18n.locale,
      paragraphs: [translate(i18n, M.greeting, data), translate(i18n, M.joinedBody, data)],
      action: { label: translate(i18n, M.joinedAction), url: data.url },
      footnote: translate(i18n, M.joinedFootnote),
      logo: eventMailLogo(data.logo, data.eventTitle, i18n),
    });
  },
  waitlistOffered: async (
    data: WaitlistMailTemplates['waitlistOffered'],
    i18n: I18n,
  ): Promise<Omit<OutgoingMail, 'to'>> => {
    const { custom } = data;
    const subject = custom?.subject || translate(i18n, M.offeredSubject, data);
    const until = new Intl.DateTimeFormat(i18n.locale, {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
      timeZone: data.timezone,
    }).format(new Date(data.expiresAt));
    return headedMail(subject, {
      lang: i18n.locale,
      paragraphs: custom?.bodyHtml
        ? []
        : [
            translate(i18n, M.greeting, data),
            translate(i18n, M.offeredBody, { ticketTitle: data.ticketTitle, until }),
            translate(i18n, M.offeredAfter),
          ],
      introHtml: custom?.bodyHtml,
      footerHtml: custom?.footerHtml,
      action: { label: translate(i18n, M.offeredAction), url: data.url },
      footnote: translate(i18n, M.offeredFootnote),
      logo: eventMailLogo(data.logo, data.eventTitle, i18n),
    });
  },
};
