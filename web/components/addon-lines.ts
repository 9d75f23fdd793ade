/**
 * An order's add-on lines (decision 052), each for one attendee: the `seat`-th unit of the
 * order's line of a ticket. Checkout names the attendees in the order of the ticket lines, so
 * attendee N is the N-th unit across them.
 */

interface AddonFor {
  ticket_id: number;
  price_id: number | null;
  seat: number;
  attendee_name: string | null;
}

/** What an order line tells of add-ons; the organizer's lines have no `kind`. */
export interface AddonLineFields {
  id: number;
  ticket_id?: number;
  price_id?: number | null;
  title: string;
  price_label: string | null;
  quantity: number;
  kind?: 'TICKET' | 'PRODUCT';
  addon_for?: AddonFor | null;
}

const seatKey = (ticketId: number, priceId: number | null, seat: number) =>
  `${ticketId}:${priceId ?? ''}#${seat}`;

/** Who an add-on line is for: the attendee's name once given, else their number in the order. */
export interface AddonHolder {
  name: string | null;
  number: number;
}

/** The attendee each add-on line is for, by line id. */
export function addonHolders(items: readonly AddonLineFields[]): Map<number, AddonHolder> {
  const before = new Map<string, number>();
  let count = 0;
  for (const item of items) {
    if (item.kind !== 'TICKET' || item.ticket_id === undefined) continue;
    before.set(`${item.ticket_id}:${item.price_id ?? ''}`, count);
    count += item.quantity;
  }
  const out = new Map<number, AddonHolder>();
  for (const item of items) {
    const target = item.addon_for;
    if (!target) continue;
    const offset = before.get(`${target.ticket_id}:${target.price_id ?? ''}`);
    const number = offset === undefined ? target.seat : offset + target.seat;
    out.set(item.id, { name: target.attendee_name?.trim() || null, number });
  }
  return out;
}

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
