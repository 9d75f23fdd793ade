import { useOutletContext } from 'react-router';
import type { PublicOrder } from './api';

/** What the checkout layout hands to each stage. */
export interface CheckoutContext {
  eventId: string;
  shortId: string;
  order: PublicOrder;
  /** Shows the order's error screen when a call says it cannot go on (expired, gone…); true if so. */
  handleOrderError: (error: unknown) => boolean;
  /** Puts a fresh copy of the order in place (after a call answered with it). */
  setOrder: (order: PublicOrder) => void;
}

export const useCheckout = () => useOutletContext<CheckoutContext>();

/** "Sat, Jun 1, 2030, 7:00 PM", in the event's own time zone. */
export function eventDate(iso: string, timezone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: timezone,
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}
