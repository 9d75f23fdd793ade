import type { EventLocation } from '../../../common/events';
import type { MailTemplateKind } from '../../../common/mail-templates';
import { formatMoney } from '../../../common/money';
import type { TemplateScope } from './sandbox';

/** The event as every template sees it; `start` is ISO, shown in `timezone`. */
export interface TemplateEvent {
  title: string;
  start: string;
  timezone: string;
  location: string | null;
  url: string;
}

/** What a mail knows that its placeholders may show; each kind reads its own part. */
export interface TemplateFacts {
  event: TemplateEvent;
  order?: {
    reference: string;
    url: string;
    total: number;
    currency: string;
    firstName: string;
    lastName: string;
    paymentInstructions?: string | null;
  };
  attendee?: { name: string; ticketTitle: string; ticketUrl: string; reference: string };
  offer?: { name: string; ticketTitle: string; expiresAt: string; url: string };
}

/** A date and time as the mail's reader reads it: in their language, in the event's zone. */
export function formatWhen(iso: string, options: { locale: string; timezone: string }): string {
  return new Intl.DateTimeFormat(options.locale, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: options.timezone,
  }).format(new Date(iso));
}

/**
 * The values of a kind's placeholders, formatted for the mail's language: dates in the event's
 * time zone, money with its currency. Only strings go into the sandbox.
 */
export function templateScope(kind: MailTemplateKind, facts: TemplateFacts, locale: string): TemplateScope {
  const { event } = facts;
  const scope: TemplateScope = {
    event: {
      title: event.title,
      start: formatWhen(event.start, { locale, timezone: event.timezone }),
      location: event.location ?? '',
      url: event.url,
    },
  };
  const { order, attendee, offer } = facts;
  if ((kind === 'order_confirmation' || kind === 'offline_payment') && order) {
    scope.order = {
      reference: order.reference,
      url: order.url,
      total: formatMoney(order.total, order.currency, locale),
    };
    scope.buyer = { first_name: order.firstName, last_name: order.lastName };
    if (kind === 'offline_payment') scope.payment = { instructions: order.paymentInstructions ?? '' };
  }
  if (kind === 'attendee_ticket' && attendee) {
    scope.attendee = { name: attendee.name };
    scope.ticket = { title: attendee.ticketTitle, url: attendee.ticketUrl };
    scope.order = { reference: attendee.reference };
  }
  if (kind === 'waitlist_offer' && offer) {
    scope.person = { name: offer.name };
    scope.ticket = { title: offer.ticketTitle };
    scope.offer = {
      expires: formatWhen(offer.expiresAt, { locale, timezone: event.timezone }),
      url: offer.url,
    };
  }
  return scope;
}

/** Sample facts for the preview and the test mail: plausible values of the event (or made up). */
export function sampleFacts(input: {
  event: TemplateEvent;
  appUrl: string;
  currency: string;
}): TemplateFacts {
  const { event, appUrl } = input;
  const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString();
  return {
    event,
    order: {
      reference: 'A1B2C3',
      url: `${appUrl}/checkout/sample/summary`,
      total: 4_500,
      currency: input.currency,
      firstName: 'Ada',
      lastName: 'Lovelace',
      paymentInstructions: 'IBAN DE89 3704 0044 0532 0130 00',
    },
    attendee: {
      name: 'Ada Lovelace',
      ticketTitle: 'General admission',
      ticketUrl: `${appUrl}/ticket/sample`,
      reference: 'A1B2C3',
    },
    offer: {
      name: 'Ada Lovelace',
      ticketTitle: 'General admission',
      expiresAt: inTwoDays,
      url: `${appUrl}/waitlist/sample`,
    },
  };
}

/** An event's place in one line: its venue and address, "Online", or null. */
export function locationText(location: EventLocation | null, online: string | null): string | null {
  const parts = [
    location?.venue_name,
    location?.address_line_1,
    location?.address_line_2,
    [location?.zip_or_postal_code, location?.city].filter(Boolean).join(' '),
    location?.state_or_region,
    location?.country,
  ].filter((p): p is string => Boolean(p?.trim()));
  if (parts.length > 0) return parts.join(', ');
  return online ? 'Online' : null;
}
