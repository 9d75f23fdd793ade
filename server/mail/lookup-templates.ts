import type { I18n } from '@lingui/core';
import { translate } from '../../common/i18n/translate';
import type { OrderStatus } from '../../common/orders';
import { headedMail, type MailLink } from './layout';
import { eventMailLogo, type MailEvent } from './order-templates';
import type { OutgoingMail } from './transport';

/** One order (or one ticket of someone else's order) a "Find my tickets" mail links to. */
export interface LookupMailOrder {
  eventTitle: string;
  /** When the order's date starts (ISO), shown in `timezone`. */
  start: string;
  timezone: string;
  reference: string;
  status: OrderStatus;
  /** The link that opens the order's (or ticket's) page: expires (decision 056). */
  url: string;
  /** Set when the link is to a ticket the address holds in someone else's order. */
  ticket: boolean;
}

export interface LookupMailTemplates {
  /** "Find my tickets" (decision 056): links to the orders of the address, to the address only. */
  orderLookup: {
    orders: LookupMailOrder[];
    hours: number;
    /** The form, to ask for new links once these expired. */
    findUrl: string;
    /** The event the form was opened from, for its logo. */
    eventTitle: string;
    logo?: MailEvent['logo'];
  };
}

const M = {
  subject: /*i18n*/ { id: 'mail.lookup.subject', message: 'Your orders and tickets' },
  body: /*i18n*/ {
    id: 'mail.lookup.body',
    message:
      'You asked for the orders placed with this e-mail address. Each link below opens an order or a ticket for the next {hours} hours.',
  },
  ticket: /*i18n*/ { id: 'mail.lookup.ticket', message: 'Ticket · reference {reference}' },
  order: /*i18n*/ { id: 'mail.lookup.order', message: 'Order · reference {reference}' },
  awaiting: /*i18n*/ { id: 'mail.lookup.awaiting_payment', message: 'awaiting payment' },
  cancelled: /*i18n*/ { id: 'mail.lookup.cancelled', message: 'cancelled' },
  refunded: /*i18n*/ { id: 'mail.lookup.refunded', message: 'refunded' },
  partlyRefunded: /*i18n*/ { id: 'mail.lookup.partly_refunded', message: 'partly refunded' },
  footnote: /*i18n*/ {
    id: 'mail.lookup.footnote',
    message:
      'If you did not ask for this e-mail, you can ignore it. Links expired? Ask for new ones at {findUrl}',
  },
};

function statusWord(status: OrderStatus, i18n: I18n): string | null {
  if (status === 'AWAITING_PAYMENT') return translate(i18n, M.awaiting);
  if (status === 'CANCELLED') return translate(i18n, M.cancelled);
  if (status === 'REFUNDED') return translate(i18n, M.refunded);
  if (status === 'PARTIALLY_REFUNDED') return translate(i18n, M.partlyRefunded);
  return null;
}

function link(order: LookupMailOrder, i18n: I18n): MailLink {
  const date = new Intl.DateTimeFormat(i18n.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: order.timezone,
  }).format(new Date(order.start));
  const what = translate(i18n, order.ticket ? M.ticket : M.order, { reference: order.reference });
  const status = statusWord(order.status, i18n);
  return {
    label: `${order.eventTitle} · ${date}`,
    url: order.url,
    detail: status ? `${what} · ${status}` : what,
  };
}

export const lookupRenderers = {
  orderLookup: async (
    data: LookupMailTemplates['orderLookup'],
    i18n: I18n,
  ): Promise<Omit<OutgoingMail, 'to'>> =>
    headedMail(translate(i18n, M.subject), {
      lang: i18n.locale,
      paragraphs: [translate(i18n, M.body, { hours: data.hours })],
      links: data.orders.map((order) => link(order, i18n)),
      footnote: translate(i18n, M.footnote, { findUrl: data.findUrl }),
      logo: eventMailLogo(data.logo, data.eventTitle, i18n),
    }),
};
