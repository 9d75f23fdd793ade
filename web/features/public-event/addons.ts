import type { CreateOrderRequest } from '../../../common/orders';
import type { PublicTicket, PublicTicketPrice } from '../../../common/public-tickets';
import { canBuy, lineKey, type Pick, type Selection } from './selection-keys';

/**
 * Add-ons (decision 052): a product offered only with given tickets, chosen per attendee. The
 * page keeps an add-on's pick in the same selection as the lines, under a key naming the
 * add-on, its variant and the unit of the ticket line it is for ("seat", from 1 within the
 * line, as the order request's `addon_for.seat`).
 */

type RequestLine = CreateOrderRequest['tickets'][number];

/** A unit of a ticket line: the attendee an add-on is for. */
export interface SeatRef {
  ticket_id: number;
  price_id: number | null;
  /** From 1, within the line. */
  seat: number;
}

/** A unit of a picked line that has add-ons. */
export interface Seat {
  ticket: PublicTicket;
  price: PublicTicketPrice;
  ref: SeatRef;
  /** The attendee's number in the order (from 1), as checkout numbers them; a product's: its unit. */
  attendee: number;
}

/** What every add-on control of the list shares: the list, the picks, and the problems to show. */
export interface AddonContext {
  /** The whole list, add-ons included. */
  tickets: readonly PublicTicket[];
  currency: string;
  selection: Selection;
  onChange: (key: string, pick: Pick) => void;
  /** The server's reasons (422) and the minimums not met, by add-on slot (`addonSlot`). */
  errors: Record<string, string>;
}

/** What is sold on its own: everything but add-ons, which are only offered per attendee. */
export const standalone = (tickets: readonly PublicTicket[]) => tickets.filter((t) => !t.addon);

/** The add-ons offered with this ticket, in the list's order. */
export const addonsFor = (ticket: PublicTicket, tickets: readonly PublicTicket[]) =>
  tickets.filter((a) => a.addon?.ticket_ids.includes(ticket.id));

const refKey = (ref: SeatRef) => `${lineKey(ref.ticket_id, ref.price_id)}#${ref.seat}`;

/** The key of one add-on variant's pick for one attendee. */
export const addonKey = (addon: PublicTicket, price: PublicTicketPrice, ref: SeatRef) =>
  `+${lineKey(addon.id, price.price_id)}@${refKey(ref)}`;

/** One add-on (all its variants) for one attendee: where its problems and the server's are shown. */
export const addonSlot = (addonId: number, ref: SeatRef) => `+${addonId}@${refKey(ref)}`;

const isAddonKey = (key: string) => key.startsWith('+');

/** The units picked of lines that have add-ons, in the order checkout names their attendees. */
export function seatsOf(selection: Selection, tickets: readonly PublicTicket[]): Seat[] {
  const seats: Seat[] = [];
  let attendee = 0;
  for (const ticket of standalone(tickets)) {
    const offered = addonsFor(ticket, tickets).length > 0;
    for (const price of ticket.prices) {
      const quantity = selection[lineKey(ticket.id, price.price_id)]?.quantity ?? 0;
      for (let seat = 1; seat <= quantity; seat++) {
        if (ticket.kind === 'TICKET') attendee++;
        if (!offered) continue;
        const ref = { ticket_id: ticket.id, price_id: price.price_id, seat };
        seats.push({ ticket, price, ref, attendee: ticket.kind === 'TICKET' ? attendee : seat });
      }
    }
  }
  return seats;
}

/** How many of an add-on (all variants) one attendee has. */
export function pickedForSeat(selection: Selection, addon: PublicTicket, ref: SeatRef): number {
  return addon.prices.reduce((sum, p) => sum + (selection[addonKey(addon, p, ref)]?.quantity ?? 0), 0);
}

/** The fewest an attendee may have of a variant: the minimum, unless it comes in variants. */
const floorOf = (addon: PublicTicket) => (addon.type === 'TIERED' ? 0 : (addon.addon?.min_per_ticket ?? 0));

/** The most of this variant one attendee may have: the add-on's max per ticket, and what is left. */
export function addonMax(
  selection: Selection,
  { addon, price, ref }: { addon: PublicTicket; price: PublicTicketPrice; ref: SeatRef },
): number {
  if (!canBuy(addon, price) || !addon.addon) return 0;
  const mine = selection[addonKey(addon, price, ref)]?.quantity ?? 0;
  const room = addon.addon.max_per_ticket - (pickedForSeat(selection, addon, ref) - mine);
  const elsewhere = Object.entries(selection)
    .filter(([key]) => key.startsWith(`+${addon.id}:`) && key !== addonKey(addon, price, ref))
    .reduce((sum, [, pick]) => sum + pick.quantity, 0);
  const left =
    addon.quantity_remaining === null ? Number.POSITIVE_INFINITY : addon.quantity_remaining - elsewhere;
  return Math.max(0, Math.min(room, left));
}

/** One step of an add-on's stepper for one attendee: within its minimum and maximum. */
export function addonStep(
  selection: Selection,
  target: { addon: PublicTicket; price: PublicTicketPrice; ref: SeatRef },
  direction: 1 | -1,
): number {
  const current = selection[addonKey(target.addon, target.price, target.ref)]?.quantity ?? 0;
  if (direction === -1) return Math.max(floorOf(target.addon), current - 1, 0);
  return current + 1 > addonMax(selection, target) ? current : current + 1;
}

/**
 * The selection after a change: add-ons of units no longer picked are dropped (lowering a
 * ticket's quantity drops the add-ons of its last attendees), and each new attendee gets an
 * add-on's minimum where it has a single price, so what is required is already chosen.
 */
export function withAddons(selection: Selection, tickets: readonly PublicTicket[]): Selection {
  const out: Selection = Object.fromEntries(Object.entries(selection).filter(([key]) => !isAddonKey(key)));
  for (const { ticket, ref } of seatsOf(selection, tickets)) {
    for (const addon of addonsFor(ticket, tickets)) {
      for (const price of addon.prices) {
        const key = addonKey(addon, price, ref);
        const pick = selection[key];
        if (pick) out[key] = pick;
        else if (floorOf(addon) > 0 && canBuy(addon, price)) out[key] = { quantity: floorOf(addon) };
      }
    }
  }
  return out;
}

/** Add-ons an attendee has fewer of than their minimum, by slot (`addonSlot`): that minimum. */
export function addonShortfalls(
  selection: Selection,
  tickets: readonly PublicTicket[],
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const { ticket, ref } of seatsOf(selection, tickets)) {
    for (const addon of addonsFor(ticket, tickets)) {
      const min = addon.addon?.min_per_ticket ?? 0;
      const buyable = addon.prices.some((p) => canBuy(addon, p));
      if (buyable && pickedForSeat(selection, addon, ref) < min) out[addonSlot(addon.id, ref)] = min;
    }
  }
  return out;
}

/** The order request's add-on lines: one per add-on variant and attendee that has some. */
export function addonLines(selection: Selection, tickets: readonly PublicTicket[]): RequestLine[] {
  const lines: RequestLine[] = [];
  for (const { ticket, ref } of seatsOf(selection, tickets)) {
    for (const addon of addonsFor(ticket, tickets)) {
      for (const price of addon.prices) {
        const pick = selection[addonKey(addon, price, ref)];
        if (!pick || pick.quantity === 0) continue;
        lines.push({
          ticket_id: addon.id,
          ...(price.price_id !== null ? { price_id: price.price_id } : {}),
          quantity: pick.quantity,
          ...(addon.type === 'DONATION' ? { price: pick.amount ?? price.price } : {}),
          addon_for: {
            ticket_id: ref.ticket_id,
            ...(ref.price_id !== null ? { price_id: ref.price_id } : {}),
            seat: ref.seat,
          },
        });
      }
    }
  }
  return lines;
}
