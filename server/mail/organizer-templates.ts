import type { I18n } from '@lingui/core';
import { translate } from '../../common/i18n/translate';
import { formatMoney } from '../../common/money';
import { headedMail } from './layout';
import type { MailEvent } from './order-templates';
import type { OutgoingMail } from './transport';

/**
 * Where an order stands when the organizer hears of it: placed and paid (by card, or free),
 * placed awaiting an offline payment, or that offline payment received later.
 */
export type OrganizerOrderPayment = 'PAID' | 'FREE' | 'AWAITING_PAYMENT' | 'PAID_LATER';

export interface OrganizerMailTemplates {
  /**
   * To the organizer, once per thing that happened to an order (decision 035): it was placed
   * (paid, free or awaiting payment), or its offline payment was received. Mails queued before
   * `payment` was kept say only that it was placed.
   */
  organizerNewOrder: {
    event: MailEvent;
    reference: string;
    buyerName: string;
    buyerEmail: string;
    currency: string;
    total: number;
    manageUrl: string;
    payment?: OrganizerOrderPayment;
  };
  /** A visitor's message from the organizer's homepage (decision 058); replies go to them. */
  organizerContact: {
    organizerName: string;
    senderName: string;
    senderEmail: string;
    message: string;
    pageUrl: string;
  };
}

const M = {
  subject: /*i18n*/ { id: 'mail.organizer.subject', message: 'New order {reference} for {event}' },
  subjectPaid: /*i18n*/ {
    id: 'mail.organizer.subject_paid',
    message: 'New order {reference} for {event}: paid',
  },
  subjectFree: /*i18n*/ {
    id: 'mail.organizer.subject_free',
    message: 'New order {reference} for {event}: free',
  },
  subjectAwaiting: /*i18n*/ {
    id: 'mail.organizer.subject_awaiting',
    message: 'New order {reference} for {event}: awaiting payment',
  },
  subjectPaidLater: /*i18n*/ {
    id: 'mail.organizer.subject_paid_later',
    message: 'Order {reference} for {event}: paid',
  },
  body: /*i18n*/ {
    id: 'mail.organizer.body',
    message: '{buyer} ({email}) placed order {reference} for {event}, total {total}.',
  },
  bodyPaidLater: /*i18n*/ {
    id: 'mail.organizer.body_paid_later',
    message:
      'The payment of order {reference} for {event} by {buyer} ({email}), total {total}, has been received.',
  },
  paid: /*i18n*/ { id: 'mail.organizer.paid', message: 'It is paid, and its tickets have been sent.' },
  free: /*i18n*/ {
    id: 'mail.organizer.free',
    message: 'It is free: there is nothing to pay, and its tickets have been sent.',
  },
  awaiting: /*i18n*/ {
    id: 'mail.organizer.awaiting',
    message:
      'It awaits an offline payment: its seats are held, and its tickets are sent once you mark it paid.',
  },
  paidLater: /*i18n*/ {
    id: 'mail.organizer.paid_later',
    message: 'The order is now paid, and its tickets have been sent.',
  },
  action: /*i18n*/ { id: 'mail.organizer.action', message: 'See the event' },
  contactSubject: /*i18n*/ {
    id: 'mail.organizer_contact.subject',
    message: 'Message from {name} via your page on Tessera',
  },
  contactIntro: /*i18n*/ {
    id: 'mail.organizer_contact.intro',
    message: '{name} ({email}) wrote to {organizer} through its page. Reply to this e-mail to answer them.',
  },
  contactAction: /*i18n*/ { id: 'mail.organizer_contact.action', message: 'Open your page' },
};

const SUBJECTS = {
  PAID: M.subjectPaid,
  FREE: M.subjectFree,
  AWAITING_PAYMENT: M.subjectAwaiting,
  PAID_LATER: M.subjectPaidLater,
} as const;

const STATES = {
  PAID: M.paid,
  FREE: M.free,
  AWAITING_PAYMENT: M.awaiting,
  PAID_LATER: M.paidLater,
} as const;

export const organizerRenderers = {
  organizerContact: async (
    data: OrganizerMailTemplates['organizerContact'],
    i18n: I18n,
  ): Promise<Omit<OutgoingMail, 'to'>> => {
    const vars = { name: data.senderName, email: data.senderEmail, organizer: data.organizerName };
    return headedMail(translate(i18n, M.contactSubject, vars), {
      lang: i18n.locale,
      paragraphs: [translate(i18n, M.contactIntro, vars), ...data.message.split(/\n{2,}/)],
      action: { label: translate(i18n, M.contactAction), url: data.pageUrl },
    });
  },
  organizerNewOrder: async (
    data: OrganizerMailTemplates['organizerNewOrder'],
    i18n: I18n,
  ): Promise<Omit<OutgoingMail, 'to'>> => {
    const vars = {
      buyer: data.buyerName,
      email: data.buyerEmail,
      reference: data.reference,
      event: data.event.title,
      total: formatMoney(data.total, data.currency, i18n.locale),
    };
    const subject = translate(i18n, data.payment ? SUBJECTS[data.payment] : M.subject, vars);
    return headedMail(subject, {
      lang: i18n.locale,
      paragraphs: [
        translate(i18n, data.payment === 'PAID_LATER' ? M.bodyPaidLater : M.body, vars),
        ...(data.payment ? [translate(i18n, STATES[data.payment])] : []),
      ],
      action: { label: translate(i18n, M.action), url: data.manageUrl },
    });
  },
};
