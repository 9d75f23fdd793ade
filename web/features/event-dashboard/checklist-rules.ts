import type { EventResponse } from '../../../common/events';

/** Text of an HTML description, to tell an empty editor (`<p></p>`) from a written one. */
export function hasText(html: string | null | undefined): boolean {
  return Boolean(
    html
      ?.replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim(),
  );
}

export function hasLocation(event: EventResponse): boolean {
  const l = event.location;
  const place = Boolean(l && (l.venue_name || l.address_line_1 || l.city || l.map_url));
  return place || hasText(event.online_event_details);
}

/**
 * Whether buyers have a way to pay: nothing to pay (only free tickets), offline payment on,
 * or card payments connected. Paid tickets go live only then (the server checks it too).
 */
export function canTakePayments(
  event: EventResponse,
  tickets: readonly { type: string }[],
  cardPaymentsConnected: boolean,
): boolean {
  if (tickets.length === 0) return false;
  if (tickets.every((ticket) => ticket.type === 'FREE')) return true;
  return event.settings.offline_payments_enabled || cardPaymentsConnected;
}
