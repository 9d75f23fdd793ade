import type { I18n } from '@lingui/core';
import { translate } from '../../common/i18n/translate';
import { formatMoney } from '../../common/money';
import { headedMail } from './layout';
import { eventMailLogo, type MailEvent } from './order-templates';
import type { OutgoingMail } from './transport';

export interface DateCancellationMailTemplates {
  /**
   * A date of an event was cancelled (decision 050): to each attendee of its orders, once, with
   * the organizer's own subject and message, then what happens to their ticket.
   */
  dateCancelled: {
    firstName: string;
    eventTitle: string;
    /** The organizer's words: the subject, and plain text whose blank lines part paragraphs. */
    subject: string;
    message: string;
    /** The cancelled date's start (ISO), shown in the event's time zone. */
    startsAt: string;
    timezone: string;
    outcome: 'REFUNDED' | 'CANCELLED' | 'MOVED';
    /** What was given back (REFUNDED). */
    amount?: number;
    currency?: string;
    /** Where the ticket is now (MOVED): the new date's start and the ticket's page. */
    movedTo?: string;
    ticketUrl?: string;
    logo?: MailEvent['logo'];
  };
  /**
   * To each person on the waiting list of a cancelled date, once, when the list is closed: the
   * organizer's subject and message, then that they no longer wait for a ticket.
   */
  dateCancelledWaitlist: {
    name: string;
    eventTitle: string;
    ticketTitle: string;
    subject: string;
    message: string;
    startsAt: string;
    timezone: string;
    logo?: MailEvent['logo'];
  };
}

const M = {
  greeting: /*i18n*/ { id: 'mail.greeting', message: 'Hello {firstName},' },
  cancelled: /*i18n*/ {
    id: 'mail.date_cancelled.cancelled',
    message: '{event} on {date} has been cancelled.',
  },
  refunded: /*i18n*/ {
    id: 'mail.date_cancelled.refunded',
    message: 'Your order has been cancelled and {amount} is being refunded. Your ticket is no longer valid.',
  },
  voided: /*i18n*/ {
    id: 'mail.date_cancelled.voided',
    message: 'Your order has been cancelled and your ticket is no longer valid.',
  },
  moved: /*i18n*/ {
    id: 'mail.date_cancelled.moved',
    message: 'Your ticket has been moved to {date}. It stays valid: use the link below to see it.',
  },
  action: /*i18n*/ { id: 'mail.date_cancelled.action', message: 'View your ticket' },
  waitlistGreeting: /*i18n*/ { id: 'mail.waitlist.greeting', message: 'Hello {name},' },
  waitlistClosed: /*i18n*/ {
    id: 'mail.date_cancelled.waitlist_closed',
    message:
      'You were on the waiting list for “{ticketTitle}” on this date. The list is closed: you will not be offered a ticket for it, and you have nothing to pay.',
  },
};

function when(iso: string, timezone: string, i18n: I18n): string {
  return new Intl.DateTimeFormat(i18n.locale, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: timezone,
  }).format(new Date(iso));
}

/** What happens to the attendee's ticket, in their language. */
function outcomeText(data: DateCancellationMailTemplates['dateCancelled'], i18n: I18n): string {
  if (data.outcome === 'MOVED' && data.movedTo)
    return translate(i18n, M.moved, { date: when(data.movedTo, data.timezone, i18n) });
  if (data.outcome === 'REFUNDED' && data.amount && data.currency)
    return translate(i18n, M.refunded, { amount: formatMoney(data.amount, data.currency, i18n.locale) });
  return translate(i18n, M.voided);
}

/** The organizer's plain text as paragraphs (blank lines part them) of lines. */
const paragraphsOf = (message: string) =>
  message
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => p.split('\n'));

type Cancelled = { eventTitle: string; startsAt: string; timezone: string };
const cancelledLine = (data: Cancelled, i18n: I18n) =>
  translate(i18n, M.cancelled, { event: data.eventTitle, date: when(data.startsAt, data.timezone, i18n) });

export const dateCancellationRenderers = {
  dateCancelled: async (
    data: DateCancellationMailTemplates['dateCancelled'],
    i18n: I18n,
  ): Promise<Omit<OutgoingMail, 'to'>> => {
    return headedMail(data.subject, {
      lang: i18n.locale,
      paragraphs: [
        translate(i18n, M.greeting, data),
        cancelledLine(data, i18n),
        ...paragraphsOf(data.message),
        outcomeText(data, i18n),
      ],
      ...(data.outcome === 'MOVED' && data.ticketUrl
        ? { action: { label: translate(i18n, M.action), url: data.ticketUrl } }
        : {}),
      logo: eventMailLogo(data.logo, data.eventTitle, i18n),
    });
  },
  dateCancelledWaitlist: async (
    data: DateCancellationMailTemplates['dateCancelledWaitlist'],
    i18n: I18n,
  ): Promise<Omit<OutgoingMail, 'to'>> =>
    headedMail(data.subject, {
      lang: i18n.locale,
      paragraphs: [
        translate(i18n, M.waitlistGreeting, data),
        cancelledLine(data, i18n),
        ...paragraphsOf(data.message),
        translate(i18n, M.waitlistClosed, data),
      ],
      logo: eventMailLogo(data.logo, data.eventTitle, i18n),
    }),
};
