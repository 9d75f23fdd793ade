import type { I18n } from '@lingui/core';
import { translate } from '../../../common/i18n/translate';
import { type MailTemplateKind, placeholderTag as tag } from '../../../common/mail-templates';
import { escapeHtml } from '../../mail/layout';
import { ORDER_MAIL_TEXT as O } from '../../mail/order-templates';
import { WAITLIST_MAIL_TEXT as W } from '../../mail/waitlist-templates';

const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');

/**
 * Tessera's own wording of a kind of mail as a template, in the mail's language: what the
 * editor starts from, and what "reset to default" goes back to. It says what the built-in mail
 * says, with the placeholders where the mail puts its values.
 */
export function builtInTemplate(kind: MailTemplateKind, i18n: I18n): { subject: string; body_html: string } {
  const event = tag('event.title');
  const reference = tag('order.reference');
  switch (kind) {
    case 'order_confirmation':
      return {
        subject: translate(i18n, O.orderSubject, { event }),
        body_html: paragraphs([
          translate(i18n, O.greeting, { firstName: tag('buyer.first_name') }),
          translate(i18n, O.orderConfirmed, { reference, event }),
        ]),
      };
    case 'offline_payment':
      return {
        subject: translate(i18n, O.orderSubject, { event }),
        body_html: paragraphs([
          translate(i18n, O.greeting, { firstName: tag('buyer.first_name') }),
          translate(i18n, O.orderWaiting, { reference, event }),
          translate(i18n, O.orderHowToPay, { instructions: tag('payment.instructions') }),
        ]),
      };
    case 'attendee_ticket':
      return {
        subject: translate(i18n, O.ticketSubject, { event }),
        body_html: paragraphs([
          translate(i18n, O.greeting, { firstName: tag('attendee.name') }),
          translate(i18n, O.ticketBody, { ticket: tag('ticket.title'), event, reference }),
        ]),
      };
    case 'waitlist_offer':
      return {
        subject: translate(i18n, W.offeredSubject, { eventTitle: event }),
        body_html: paragraphs([
          translate(i18n, W.greeting, { name: tag('person.name') }),
          translate(i18n, W.offeredBody, { ticketTitle: tag('ticket.title'), until: tag('offer.expires') }),
          translate(i18n, W.offeredAfter),
        ]),
      };
    case 'message_footer':
      return { subject: '', body_html: '' };
  }
}
