/**
 * An order's add-on lines (decision 052), each for one attendee: the `seat`-th unit of the
 * order's line of a ticket. Checkout names the attendees in the order of the ticket lines.
 */

interface AddonFor {
  ticket_id: number;
  price_id: number | null;
  seat: number;
  attendee_name: string | null;
}

/** What an order line tells of add-ons. */
export interface AddonLineFields {
  title: string;
  price_label: string | null;
  quantity: number;
  addon_for?: AddonFor | null;
}

const seatKey = (ticketId: number, priceId: number | null, seat: number) =>
  `${ticketId}:${priceId ?? ''}#${seat}`;

/** "Meal", "2 × Workshop seat", "T-shirt – M": an add-on line as an attendee's form lists it. */
const describe = (item: AddonLineFields) => {
  const title = item.price_label ? `${item.title} – ${item.price_label}` : item.title;
  return item.quantity > 1 ? `${item.quantity} × ${title}` : title;
};

/**
 * The add-ons of each attendee to name, in the order of `attendees` (the ticket units, in the
 * order of the ticket lines): what each has, as words.
 */
export function addonsByAttendee(
  items: readonly AddonLineFields[],
  attendees: readonly { ticket_id: number; price_id: number | null }[],
): string[][] {
  const bySeat = new Map<string, string[]>();
  for (const item of items) {
    const target = item.addon_for;
    if (!target) continue;
    const key = seatKey(target.ticket_id, target.price_id, target.seat);
    bySeat.set(key, [...(bySeat.get(key) ?? []), describe(item)]);
  }
  const seen = new Map<string, number>();
  return attendees.map((a) => {
    const line = `${a.ticket_id}:${a.price_id ?? ''}`;
    const seat = (seen.get(line) ?? 0) + 1;
    seen.set(line, seat);
    return bySeat.get(seatKey(a.ticket_id, a.price_id, seat)) ?? [];
  });
}
