import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MailTemplateKind, MailTemplateSource } from '../../../common/mail-templates';

/** What each kind of template is, as the screen names it. */
export const KIND_LABELS: Record<MailTemplateKind, MessageDescriptor> = {
  order_confirmation: msg`Order confirmation`,
  attendee_ticket: msg`Ticket to an attendee`,
  offline_payment: msg`Offline payment instructions`,
  waitlist_offer: msg`Waiting list offer`,
  message_footer: msg`Footer of messages and order e-mails`,
};

/** Where the text in effect comes from, seen from the account's or the event's screen. */
export const SOURCE_LABELS: Record<MailTemplateSource, MessageDescriptor> = {
  EVENT: msg`This event's own template`,
  ACCOUNT: msg`The account's template (this event falls back to it)`,
  DEFAULT: msg`Tessera's default text`,
};

/** The placeholders' names on their buttons; the button's title shows the placeholder itself. */
export const PLACEHOLDER_LABELS: Record<string, MessageDescriptor> = {
  'order.reference': msg`Order reference`,
  'order.url': msg`Order link`,
  'order.total': msg`Order total`,
  'buyer.first_name': msg`Buyer's first name`,
  'buyer.last_name': msg`Buyer's last name`,
  'payment.instructions': msg`Payment instructions`,
  'attendee.name': msg`Attendee name`,
  'ticket.title': msg`Ticket`,
  'ticket.url': msg`Ticket link`,
  'person.name': msg`Name`,
  'offer.expires': msg`Offer expires`,
  'offer.url': msg`Offer link`,
  'event.title': msg`Event title`,
  'event.start': msg`Event start`,
  'event.location': msg`Event location`,
  'event.url': msg`Event page link`,
};

/** Placeholders that are addresses: inserted as links. */
export const LINK_PLACEHOLDERS = new Set(['order.url', 'ticket.url', 'offer.url', 'event.url']);
