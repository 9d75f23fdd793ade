import type { PublicOrderResponse } from '../../../common/orders';

/** An add-on line as a ticket lists it: "Lunch", "Workshop seat – Morning", "2 × Workshop seat". */
export function addonLabel(line: { title: string; price_label: string | null; quantity: number }): string {
  const title = line.price_label ? `${line.title} – ${line.price_label}` : line.title;
  return line.quantity === 1 ? title : `${line.quantity} × ${title}`;
}

/**
 * The add-ons of the order's `index`-th named attendee (from 0), as their ticket lists them:
 * the buyer names attendees in the order the add-on lines number them (decision 052).
 */
export function addonsOfAttendee(order: Pick<PublicOrderResponse, 'items'>, index: number): string[] {
  return order.items.filter((item) => item.addon_for?.attendee_number === index + 1).map(addonLabel);
}
