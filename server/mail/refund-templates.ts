import type { I18n } from '@lingui/core';
import { translate } from '../../common/i18n/translate';
import { formatMoney } from '../../common/money';
import { headedMail } from './layout';
import { eventMailLogo, type MailEvent } from './order-templates';
import type { OutgoingMail } from './transport';

export interface RefundMailTemplates {
  /**
   * Money went back to the buyer: to their card, or (`offline`) given back by the organizer, who
   * recorded it; `soldOut` when a card payment came after the seats were gone.
   */
  orderRefunded: {
    firstName: string;
    eventTitle: string;
    reference: string;
    currency: string;
    amount: number;
    soldOut: boolean;
    cancelled: boolean;
    /** Absent in mails queued before offline refunds could be recorded: those were by card. */
    offline?: boolean;
    orderUrl: string;
    logo?: MailEvent['logo'];
  };
  /** The organizer cancelled the order: its tickets no longer let anyone in. */
  orderCancelled: {
    firstName: string;
    eventTitle: string;
    reference: string;
    contactEmail: string | null;
    logo?: MailEvent['logo'];
  };
}

const M = {
  greeting: /*i18n*/ { id: 'mail.greeting', message: 'Hello {firstName},' },
  subject: /*i18n*/ { id: 'mail.refund.subject', message: 'Refund for your order {reference}' },
  body: /*i18n*/ {
    id: 'mail.refund.body',
    message: '{amount} of your order {reference} for {event} has been refunded to the card you paid with.',
  },
  bodyOffline: /*i18n*/ {
    id: 'mail.refund.body_offline',
    message: 'The organizer of {event} has given back {amount} of your order {reference}.',
  },
  soldOut: /*i18n*/ {
    id: 'mail.refund.sold_out',
    message:
      'Your payment arrived after your reservation had ended, and the tickets had sold out meanwhile, so no tickets were issued. We are sorry.',
  },
  cancelled: /*i18n*/ {
    id: 'mail.refund.cancelled',
    message: 'The order has been cancelled and its tickets are no longer valid.',
  },
  timing: /*i18n*/ {
    id: 'mail.refund.timing',
    message: 'Depending on your bank, it can take 5 to 10 business days to appear on your statement.',
  },
  action: /*i18n*/ { id: 'mail.refund.action', message: 'View your order' },
  cancelSubject: /*i18n*/ { id: 'mail.cancel.subject', message: 'Your order {reference} has been cancelled' },
  cancelBody: /*i18n*/ {
    id: 'mail.cancel.body',
    message:
      'The organizer of {event} has cancelled your order {reference}. Its tickets are no longer valid.',
  },
  cancelContact: /*i18n*/ {
    id: 'mail.cancel.contact',
    message: 'If you have questions, or paid and expect a refund, write to {email}.',
  },
};

export const refundRenderers = {
  orderRefunded: async (
    data: RefundMailTemplates['orderRefunded'],
    i18n: I18n,
  ): Promise<Omit<OutgoingMail, 'to'>> => {
    const subject = translate(i18n, M.subject, { reference: data.reference });
    return headedMail(subject, {
      lang: i18n.locale,
      paragraphs: [
        translate(i18n, M.greeting, data),
        translate(i18n, data.offline ? M.bodyOffline : M.body, {
          amount: formatMoney(data.amount, data.currency, i18n.locale),
          reference: data.reference,
          event: data.eventTitle,
        }),
        ...(data.soldOut ? [translate(i18n, M.soldOut)] : []),
        ...(data.cancelled && !data.soldOut ? [translate(i18n, M.cancelled)] : []),
        // How long a bank takes applies to card refunds; offline, the organizer and buyer know.
        ...(data.offline ? [] : [translate(i18n, M.timing)]),
      ],
      action: { label: translate(i18n, M.action), url: data.orderUrl },
      logo: eventMailLogo(data.logo, data.eventTitle, i18n),
    });
  },
  orderCancelled: async (
    data: RefundMailTemplates['orderCancelled'],
    i18n: I18n,
  ): Promise<Omit<OutgoingMail, 'to'>> => {
    const subject = translate(i18n, M.cancelSubject, { reference: data.reference });
    return headedMail(subject, {
      lang: i18n.locale,
      paragraphs: [
        translate(i18n, M.greeting, data),
        translate(i18n, M.cancelBody, { event: data.eventTitle, reference: data.reference }),
        ...(data.contactEmail ? [translate(i18n, M.cancelContact, { email: data.contactEmail })] : []),
      ],
      logo: eventMailLogo(data.logo, data.eventTitle, i18n),
    });
  },
};
