import type { I18n } from '@lingui/core';
import QRCode from 'qrcode';
import { translate } from '../../common/i18n/translate';
import { eventCalendar } from '../../common/ics';
import { formatMoney } from '../../common/money';
import type { OrderBreakdown } from '../../common/order-breakdown';
import { describeBreakdown } from '../../common/order-breakdown-text';
import { headedMail, renderLayout } from './layout';
import type { OutgoingMail } from './transport';

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
  };
  attendeeTicket: {
    firstName: string;
    event: MailEvent;
    ticketTitle: string;
    ticketUrl: string;
    ticketCode: string;
    reference: string;
  };
  organizerNewOrder: {
    event: MailEvent;
    reference: string;
    buyerName: string;
    buyerEmail: string;
    currency: string;
    total: number;
    manageUrl: string;
  };
}

const M = {
  greeting: /*i18n*/ { id: 'mail.greeting', message: 'Hello {firstName},' },
  orderSubject: /*i18n*/ { id: 'mail.order.subject', message: 'Your order for {event}' },
  orderDone: /*i18n*/ {
    id: 'mail.order.done',
    message:
      'Thank you: your order {reference} for {event} is confirmed. Each ticket is sent to its attendee.',
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
  ticketBody: /*i18n*/ {
    id: 'mail.ticket.body',
    message:
      'Here is your {ticket} ticket for {event} (order {reference}). Show the QR code at the entrance.',
  },
  ticketQrAlt: /*i18n*/ { id: 'mail.ticket.qr_alt', message: 'QR code of your ticket' },
  ticketAction: /*i18n*/ { id: 'mail.ticket.action', message: 'Open your ticket' },
  organizerSubject: /*i18n*/ { id: 'mail.organizer.subject', message: 'New order {reference} for {event}' },
  organizerBody: /*i18n*/ {
    id: 'mail.organizer.body',
    message: '{buyer} ({email}) placed order {reference} for {event}, total {total}.',
  },
  organizerAction: /*i18n*/ { id: 'mail.organizer.action', message: 'See the event' },
};

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
      uid: `event-${event.id}@tessera`,
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

type Renderer<K extends keyof OrderMailTemplates> = (
  data: OrderMailTemplates[K],
  i18n: I18n,
) => Promise<Omit<OutgoingMail, 'to'>>;

export const orderRenderers: { [K in keyof OrderMailTemplates]: Renderer<K> } = {
  orderConfirmation: async (data, i18n) => {
    const subject = translate(i18n, M.orderSubject, { event: data.event.title });
    const vars = { reference: data.reference, event: data.event.title };
    const paragraphs = [
      translate(i18n, M.greeting, data),
      translate(i18n, data.status === 'COMPLETED' ? M.orderDone : M.orderWaiting, vars),
      ...(data.paymentInstructions
        ? [translate(i18n, M.orderHowToPay, { instructions: data.paymentInstructions })]
        : []),
      ...priceParagraphs(data, i18n),
      ...eventFacts(data.event, i18n),
      ...(data.event.footer ? [data.event.footer] : []),
    ];
    return {
      subject,
      ...renderLayout({
        lang: i18n.locale,
        heading: subject,
        paragraphs,
        action: { label: translate(i18n, M.orderAction), url: data.orderUrl },
        footnote: translate(i18n, M.calendarNote),
      }),
      attachments: [calendar(data.event, data.orderUrl)],
    };
  },
  attendeeTicket: async (data, i18n) => {
    const subject = translate(i18n, M.ticketSubject, { event: data.event.title });
    const qr = await QRCode.toBuffer(data.ticketCode, { errorCorrectionLevel: 'M', margin: 2, width: 320 });
    return {
      subject,
      ...renderLayout({
        lang: i18n.locale,
        heading: subject,
        paragraphs: [
          translate(i18n, M.greeting, data),
          translate(i18n, M.ticketBody, {
            ticket: data.ticketTitle,
            event: data.event.title,
            reference: data.reference,
          }),
          ...eventFacts(data.event, i18n),
          ...(data.event.footer ? [data.event.footer] : []),
        ],
        image: { cid: 'ticket-qr', alt: translate(i18n, M.ticketQrAlt), size: 220 },
        action: { label: translate(i18n, M.ticketAction), url: data.ticketUrl },
        footnote: translate(i18n, M.calendarNote),
      }),
      attachments: [
        { filename: 'ticket-qr.png', contentType: 'image/png', content: qr, cid: 'ticket-qr' },
        calendar(data.event, data.ticketUrl),
      ],
    };
  },
  organizerNewOrder: async (data, i18n) => {
    const subject = translate(i18n, M.organizerSubject, {
      reference: data.reference,
      event: data.event.title,
    });
    return headedMail(subject, {
      lang: i18n.locale,
      paragraphs: [
        translate(i18n, M.organizerBody, {
          buyer: data.buyerName,
          email: data.buyerEmail,
          reference: data.reference,
          event: data.event.title,
          total: formatMoney(data.total, data.currency, i18n.locale),
        }),
      ],
      action: { label: translate(i18n, M.organizerAction), url: data.manageUrl },
    });
  },
};
