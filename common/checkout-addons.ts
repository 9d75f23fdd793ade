import type { MessageDescriptor } from '@lingui/core';
import { goesWith, type QuoteAddon, seatLimits } from './addon-rules';
import { VALIDATION } from './i18n/validation';

export type { QuoteAddon } from './addon-rules';

/**
 * The rules of add-ons in an order (decision 052): a product offered only with given tickets is
 * chosen per attendee, as lines that each name the attendee's seat, from `min` to `max` units
 * per seat (`addon-rules.ts`, which the event page shares). Used by the server's quote.
 */
/** The attendee an add-on line is for: the `seat`-th unit (from 1) of a line of the order. */
export interface AddonSeat {
  ticket_id: number;
  price_id?: number | undefined;
  seat: number;
}

interface AddonItem {
  id: number;
  isHidden?: boolean;
  addon?: QuoteAddon | null;
}

interface Line {
  ticket_id: number;
  price_id?: number | undefined;
  quantity: number;
  addon_for?: AddonSeat | undefined;
}

/** The key of a line of units: a ticket, and its tier when tiered. */
export const seatLineKey = (ticketId: number, priceId: number | null | undefined) =>
  `${ticketId}|${priceId ?? ''}`;

const withValues = (d: MessageDescriptor, values: Record<string, unknown>): MessageDescriptor => ({
  ...d,
  values,
});

/** What is wrong with one line as an add-on, or null: an add-on needs a seat, anything else none. */
export function addonLineProblem(item: AddonItem, line: Line): MessageDescriptor | null {
  if (item.addon && !line.addon_for) return VALIDATION.addonOnlyWithTicket;
  if (!line.addon_for) return null;
  if (!goesWith(item.addon, line.addon_for.ticket_id)) return VALIDATION.addonNotForTicket;
  return null;
}

/**
 * The field errors of the order's add-on lines taken together: a seat the order does not have,
 * more than `max` of one add-on for one seat, or fewer than `min` for a seat of its tickets.
 */
export function addonSeatProblems({
  chosen,
  byId,
}: {
  chosen: readonly { line: Line; index: number }[];
  byId: ReadonlyMap<number, AddonItem>;
}): [string, MessageDescriptor][] {
  const problems: [string, MessageDescriptor][] = [];
  const seats = new Map<string, number>();
  for (const { line } of chosen) {
    if (line.addon_for || byId.get(line.ticket_id)?.addon) continue;
    const key = seatLineKey(line.ticket_id, line.price_id);
    seats.set(key, (seats.get(key) ?? 0) + line.quantity);
  }
  const taken = new Map<string, number>();
  for (const { line, index } of chosen) {
    const item = byId.get(line.ticket_id);
    const seat = line.addon_for;
    if (!item?.addon || !seat || !goesWith(item.addon, seat.ticket_id)) continue;
    const key = seatLineKey(seat.ticket_id, seat.price_id);
    if (seat.seat > (seats.get(key) ?? 0)) {
      problems.push([`tickets.${index}.addon_for`, VALIDATION.addonSeatUnknown]);
      continue;
    }
    const held = `${item.id}#${key}#${seat.seat}`;
    const count = (taken.get(held) ?? 0) + line.quantity;
    taken.set(held, count);
    const { max } = seatLimits(item.addon, { buyable: true });
    if (count > max)
      problems.push([`tickets.${index}.quantity`, withValues(VALIDATION.addonAboveMax, { max })]);
  }
  for (const item of byId.values()) {
    if (!item.addon) continue;
    // A hidden add-on cannot be bought, so it cannot be required either.
    const { min } = seatLimits(item.addon, { buyable: !item.isHidden });
    if (min === 0) continue;
    for (const [key, count] of seats) {
      if (!goesWith(item.addon, Number(key.split('|')[0]))) continue;
      for (let seat = 1; seat <= count; seat += 1) {
        if ((taken.get(`${item.id}#${key}#${seat}`) ?? 0) < min) {
          problems.push(['tickets', withValues(VALIDATION.addonBelowMin, { min })]);
          return problems;
        }
      }
    }
  }
  return problems;
}
