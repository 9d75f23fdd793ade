import type { I18n } from '@lingui/core';
import QRCode from 'qrcode';
import { translate } from '../../common/i18n/translate';
import { calendarUid, eventCalendar } from '../../common/ics';
import { formatMoney } from '../../common/money';
import type { OrderBreakdown } from '../../common/order-breakdown';
import { describeBreakdown } from '../../common/order-breakdown-text';
import { findTicketsPath } from '../../common/order-lookup';
import { type MailImage, type MailLogo, renderLayout } from './layout';
import type { MailAttachment, OutgoingMail } from './transport';

/** What order mails say about the event. Dates are ISO; they are shown in the event's zone. */
export interface MailEvent {
  id: number;
  title: string;
  start: string;
  end: string | null;
  timezone: string;
  location: string | null;
  url: string;
  footer: string | null;
  /** A date of the event other than its first (issue 36): its calendar entry is its own. */
  laterDateId?: number | undefined;
  /** The event's logo (absolute address); absent in mails queued before logos were shown. */
  logo?: { url: string; width: number; height: number } | null;
}

/** One ticket as a mail carries it: whose it is, which ticket, its page and its signed code. */
export interface MailTicket {
  attendeeName: string;
  ticketTitle: string;
  /** Where a seated ticket's holder sits, in the mail's language (decision 067). */
  seat?: string;
  ticketUrl: string;
  /** The signed text of its QR code (what check-in scans). */
  ticketCode: string;
}

/**
 * An organizer's own text for a mail (decision 055), filled in when it was queued: the subject,
 * the opening that replaces Tessera's greeting and first paragraphs, the footer that replaces
 * the event's footer message. Absent or null parts keep Tessera's text.
 */
export interface MailCustomText {
  subject?: string | null;
  /** Sanitized HTML. */
  bodyHtml?: string | null;
  /** Sanitized HTML. */
  footerHtml?: string | null;
}

export interface OrderMailTemplates {
  orderConfirmation: {
    firstName: string;
    event: MailEvent;
    reference: string;
    orderUrl: string;
    status: 'COMPLETED' | 'AWAITING_PAYMENT';
    currency: string;
    /** The order's price breakdown. Mails queued before it was kept have `lines` instead. */
    breakdown?: OrderBreakdown;
    lines?: { title: string; quantity: number; total: number }[];
    total: number;
    paymentInstructions: string | null;
    /**
     * The tickets the buyer holds themselves (attendees with the buyer's address): this mail
     * carries them, and no ticket mail of their own is sent (decision 035).
     */
    tickets?: MailTicket[];
    /** Whether tickets of the order went to other addresses, each in its ticket mail. */
    othersMailed?: boolean;
    /** Completed by a payment received after it was placed (offline): it says so. */
    paidLater?: boolean;
    custom?: MailCustomText;
  };
  /**
   * The tickets one address holds in an order (one mail per address). Mails queued before
   * `tickets` was kept carry one ticket as `ticketTitle`, `ticketUrl` and `ticketCode`.
   */
  attendeeTicket: {
    firstName: string;
    event: MailEvent;
    reference: string;
    tickets?: MailTicket[];
    ticketTitle?: string;
    ticketUrl?: string;
    ticketCode?: string;
    custom?: MailCustomText;
  };
}

/** The mail's built-in wording (also the starting point of an organizer's own, decision 055). */
export const ORDER_MAIL_TEXT = {
  findTickets: /*i18n*/ {
    id: 'mail.order.find_tickets',
    message: 'Lost this e-mail later? Find your tickets again',
  },
  greeting: /*i18n*/ { id: 'mail.greeting', message: 'Hello {firstName},' },
  orderSubject: /*i18n*/ { id: 'mail.order.subject', message: 'Your order for {event}' },
  orderConfirmed: /*i18n*/ {
    id: 'mail.order.confirmed',
    message: 'Thank you: your order {reference} for {event} is confirmed.',
  },
  orderPaid: /*i18n*/ {
    id: 'mail.order.paid',
    message: 'Your payment has been received: your order {reference} for {event} is confirmed.',
  },
  orderOwnTickets: /*i18n*/ {
    id: 'mail.order.own_tickets',
    message:
      '{count, plural, one {Your ticket is in this e-mail: show its QR code at the entrance.} other {Your # tickets are in this e-mail: show their QR codes at the entrance.}}',
  },
  orderTicketsSent: /*i18n*/ {
    id: 'mail.order.tickets_sent',
    message: 'Each ticket is sent to its attendee.',
  },
  orderOtherTicketsSent: /*i18n*/ {
    id: 'mail.order.other_tickets_sent',
    message: 'The other tickets are sent to their attendees.',
  },
  orderWaiting: /*i18n*/ {
    id: 'mail.order.waiting',
    message:
      'Your order {reference} for {event} is reserved and waits for your payment. Your tickets follow once it is paid.',
  },
  orderHowToPay: /*i18n*/ { id: 'mail.order.how_to_pay', message: 'How to pay: {instructions}' },
  orderLine: /*i18n*/ { id: 'mail.order.line', message: '{quantity} × {title}: {total}' },
  orderTotal: /*i18n*/ { id: 'mail.order.total', message: 'Total: {total}' },
  orderWhen: /*i18n*/ { id: 'mail.order.when', message: 'When: {when}' },
  orderWhere: /*i18n*/ { id: 'mail.order.where', message: 'Where: {where}' },
  orderAction: /*i18n*/ { id: 'mail.order.action', message: 'View your order' },
  calendarNote: /*i18n*/ {
    id: 'mail.order.calendar',
    message: 'The attached calendar file adds the event to your calendar.',
  },
  ticketSubject: /*i18n*/ { id: 'mail.ticket.subject', message: 'Your ticket for {event}' },
  ticketsSubject: /*i18n*/ { id: 'mail.ticket.subject_many', message: 'Your tickets for {event}' },
  ticketBody: /*i18n*/ {
    id: 'mail.ticket.body',
    message:
      'Here is your {ticket} ticket for {event} (order {reference}). Show the QR code at the entrance.',
  },
  ticketsBody: /*i18n*/ {
    id: 'mail.ticket.body_many',
    message:
      'Here are your {count} tickets for {event} (order {reference}). Show each QR code at the entrance.',
  },
  ticketQrAlt: /*i18n*/ { id: 'mail.ticket.qr_alt', message: 'QR code of your ticket' },
  ticketQrAltOf: /*i18n*/ { id: 'mail.ticket.qr_alt_of', message: 'QR code of the ticket of {name}' },
  ticketAction: /*i18n*/ { id: 'mail.ticket.action', message: 'Open your ticket' },
  logoAlt: /*i18n*/ { id: 'mail.logo_alt', message: 'Logo of {event}' },
};
const M = ORDER_MAIL_TEXT;

/** The event's logo for the top of its mails, with what it shows in the mail's language. */
export function eventMailLogo(logo: MailEvent['logo'], eventTitle: string, i18n: I18n): MailLogo | null {
  return logo ? { ...logo, alt: translate(i18n, M.logoAlt, { event: eventTitle }) } : null;
}

function when(event: MailEvent, i18n: I18n): string {
  const format = new Intl.DateTimeFormat(i18n.locale, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: event.timezone,
  });
  return format.format(new Date(event.start));
}

/** The event as a calendar file, in its time zone, linking to the order's or the ticket's page. */
function calendar(event: MailEvent, link: string) {
  return {
    filename: 'event.ics',
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: eventCalendar({
      uid: calendarUid(event.id, event.url, event.laterDateId),
      title: event.title,
      start: new Date(event.start),
      end: event.end ? new Date(event.end) : null,
      timezone: event.timezone,
      location: event.location,
      url: link,
      description: link,
    }),
  };
}

const eventFacts = (event: MailEvent, i18n: I18n) => [
  translate(i18n, M.orderWhen, { when: when(event, i18n) }),
  ...(event.location ? [translate(i18n, M.orderWhere, { where: event.location })] : []),
];

/** The breakdown as every other surface shows it, a row a line; mails queued before it, their lines. */
function priceParagraphs(data: OrderMailTemplates['orderConfirmation'], i18n: I18n): (string | string[])[] {
  if (data.breakdown) {
    const text = describeBreakdown(data.breakdown, { i18n, currency: data.currency });
    return [[...text.rows.map((r) => r.text), text.total.text, ...text.included]];
  }
  const money = (minor: number) => formatMoney(minor, data.currency, i18n.locale);
  return [
    ...(data.lines ?? []).map((l) => translate(i18n, M.orderLine, { ...l, total: money(l.total) })),
    translate(i18n, M.orderTotal, { total: money(data.total) }),
  ];
}

/**
 * The QR code of each ticket as an attached image, with whose ticket it is and its link under
 * it; a single ticket of the recipient's own (`plain`) is shown as the QR code alone.
 */
async function ticketImages(
  tickets: MailTicket[],
  i18n: I18n,
  plain = false,
): Promise<{ images: MailImage[]; attachments: MailAttachment[] }> {
  const images: MailImage[] = [];
  const attachments: MailAttachment[] = [];
  for (const [index, ticket] of tickets.entries()) {
    const cid = tickets.length === 1 ? 'ticket-qr' : `ticket-qr-${index + 1}`;
    const content = await QRCode.toBuffer(ticket.ticketCode, {
      errorCorrectionLevel: 'M',
      margin: 2,
      width: 320,
    });
    attachments.push({ filename: `${cid}.png`, contentType: 'image/png', content, cid });
    images.push(
      plain
        ? {
            cid,
            alt: translate(i18n, M.ticketQrAlt),
            size: 220,
            ...(ticket.seat ? { caption: ticket.seat } : {}),
          }
        : {
            cid,
            alt: translate(i18n, M.ticketQrAltOf, { name: ticket.attendeeName }),
            size: 220,
            caption: [ticket.ticketTitle, ticket.seat, ticket.attendeeName].filter(Boolean).join(' · '),
            link: { label: translate(i18n, M.ticketAction), url: ticket.ticketUrl },
          },
    );
  }
  return { images, attachments };
}

/** What the confirmation says happened: confirmed (or paid), or waiting, and where the tickets are. */
function confirmationSummary(data: OrderMailTemplates['orderConfirmation'], i18n: I18n): string[] {
  const vars = { reference: data.reference, event: data.event.title };
  // The organizer's own opening says what happened (and how to pay) instead.
  const opening = !data.custom?.bodyHtml;
  if (data.status !== 'COMPLETED') {
    return opening
      ? [
          translate(i18n, M.orderWaiting, vars),
          ...(data.paymentInstructions
            ? [translate(i18n, M.orderHowToPay, { instructions: data.paymentInstructions })]
            : []),
        ]
      : [];
  }
  const own = data.tickets?.length ?? 0;
  // Mails queued before `tickets` was kept: every ticket went to its attendee.
  const others = data.othersMailed ?? data.tickets === undefined;
  return [
    ...(opening ? [translate(i18n, data.paidLater ? M.orderPaid : M.orderConfirmed, vars)] : []),
    ...(own > 0 ? [translate(i18n, M.orderOwnTickets, { count: own })] : []),
    ...(others ? [translate(i18n, own > 0 ? M.orderOtherTicketsSent : M.orderTicketsSent)] : []),
  ];
}

/** "Lost this e-mail?": the event's Find my tickets page (decision 056), on the event's own host. */
function findTicketsLink(event: MailEvent, i18n: I18n): { label: string; url: string } {
  return {
    label: translate(i18n, M.findTickets),
    url: `${new URL(event.url).origin}${findTicketsPath(event.id)}`,
  };
}

/** The event's footer message, unless the organizer's footer template replaces it. */
const footerParagraph = (event: MailEvent, custom: MailCustomText | undefined) =>
  !custom?.footerHtml && event.footer ? [event.footer] : [];

type Renderer<K extends keyof OrderMailTemplates> = (
  data: OrderMailTemplates[K],
  i18n: I18n,
) => Promise<Omit<OutgoingMail, 'to'>>;

export const orderRenderers: { [K in keyof OrderMailTemplates]: Renderer<K> } = {
  orderConfirmation: async (data, i18n) => {
    const { custom } = data;
    const subject = custom?.subject || translate(i18n, M.orderSubject, { event: data.event.title });
    const paragraphs = [
      ...(custom?.bodyHtml ? [] : [translate(i18n, M.greeting, data)]),
      ...confirmationSummary(data, i18n),
      ...priceParagraphs(data, i18n),
      ...eventFacts(data.event, i18n),
      ...footerParagraph(data.event, custom),
    ];
    const own = data.status === 'COMPLETED' ? (data.tickets ?? []) : [];
    const { images, attachments } = await ticketImages(own, i18n);
    return {
      subject,
      ...renderLayout({
        lang: i18n.locale,
        heading: subject,
        paragraphs,
        introHtml: custom?.bodyHtml,
        footerHtml: custom?.footerHtml,
        images,
        action: { label: translate(i18n, M.orderAction), url: data.orderUrl },
        footnote: translate(i18n, M.calendarNote),
        helpLink: findTicketsLink(data.event, i18n),
        logo: eventMailLogo(data.event.logo, data.event.title, i18n),
      }),
      attachments: [...attachments, calendar(data.event, data.orderUrl)],
    };
  },
  attendeeTicket: async (data, i18n) => {
    const tickets = data.tickets ?? [
      {
        attendeeName: data.firstName,
        ticketTitle: data.ticketTitle ?? '',
        ticketUrl: data.ticketUrl ?? '',
        ticketCode: data.ticketCode ?? '',
      },
    ];
    const [first] = tickets;
    const one = tickets.length === 1 && first !== undefined;
    const vars = { event: data.event.title, reference: data.reference };
    const { custom } = data;
    const subject = custom?.subject || translate(i18n, one ? M.ticketSubject : M.ticketsSubject, vars);
    const { images, attachments } = await ticketImages(tickets, i18n, one);
    return {
      subject,
      ...renderLayout({
        lang: i18n.locale,
        heading: subject,
        paragraphs: [
          ...(custom?.bodyHtml
            ? []
            : [
                translate(i18n, M.greeting, data),
                one
                  ? translate(i18n, M.ticketBody, { ...vars, ticket: first.ticketTitle })
                  : translate(i18n, M.ticketsBody, { ...vars, count: tickets.length }),
              ]),
          ...eventFacts(data.event, i18n),
          ...footerParagraph(data.event, custom),
        ],
        introHtml: custom?.bodyHtml,
        footerHtml: custom?.footerHtml,
        images,
        ...(one ? { action: { label: translate(i18n, M.ticketAction), url: first.ticketUrl } } : {}),
        footnote: translate(i18n, M.calendarNote),
        helpLink: findTicketsLink(data.event, i18n),
        logo: eventMailLogo(data.event.logo, data.event.title, i18n),
      }),
      attachments: [...attachments, calendar(data.event, one ? first.ticketUrl : data.event.url)],
    };
  },
};
