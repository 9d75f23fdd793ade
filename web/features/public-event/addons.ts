import { goesWith, quoteAddon, seatLimits } from '../../../common/addon-rules';
import type { CreateOrderRequest } from '../../../common/orders';
import { type PerOrder, perOrderProblem, perOrderRoom } from '../../../common/per-order';
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
  /** Show a donation amount's problems (after a first try to check out). */
  showProblems: boolean;
}

/** What is sold on its own: everything but add-ons, which are only offered per attendee. */
export const standalone = (tickets: readonly PublicTicket[]) => tickets.filter((t) => !t.addon);

/** The add-ons offered with this ticket, in the list's order. */
export const addonsFor = (ticket: PublicTicket, tickets: readonly PublicTicket[]) =>
  tickets.filter((a) => goesWith(quoteAddon(a.addon), ticket.id));

/** An item's min and max per order, which bind an add-on across all attendees together. */
export const perOrderOf = (item: PublicTicket): PerOrder => ({
  min: item.min_per_order,
  max: item.max_per_order,
});

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

/** How many of an add-on (all variants) the whole order has, every attendee's together. */
export const pickedInOrder = (selection: Selection, addon: PublicTicket) =>
  Object.entries(selection)
    .filter(([key]) => key.startsWith(`+${addon.id}:`))
    .reduce((sum, [, pick]) => sum + pick.quantity, 0);

/** The fewest an attendee may have of a variant: the minimum, unless it comes in variants. */
function floorOf(addon: PublicTicket): number {
  const rule = quoteAddon(addon.addon);
  return addon.type === 'TIERED' || !rule ? 0 : seatLimits(rule, { buyable: true }).min;
}

/**
 * The most of this variant one attendee may have: the add-on's max per ticket (all variants
 * together), its max per order less what the other attendees have, and what is left.
 */
export function addonMax(
  selection: Selection,
  { addon, price, ref }: { addon: PublicTicket; price: PublicTicketPrice; ref: SeatRef },
): number {
  const rule = quoteAddon(addon.addon);
  if (!canBuy(addon, price) || !rule) return 0;
  const mine = selection[addonKey(addon, price, ref)]?.quantity ?? 0;
  const seatRoom = seatLimits(rule, { buyable: true }).max - (pickedForSeat(selection, addon, ref) - mine);
  const elsewhere = pickedInOrder(selection, addon) - mine;
  const orderRoom = perOrderRoom(perOrderOf(addon), elsewhere);
  const left =
    addon.quantity_remaining === null ? Number.POSITIVE_INFINITY : addon.quantity_remaining - elsewhere;
  return Math.max(0, Math.min(seatRoom, orderRoom, left));
}

/**
 * An add-on's limits per order where they bind, else null: a minimum above one, and a maximum
 * below what the attendees picked could have together by the max per ticket.
 */
export function addonOrderLimits(
  selection: Selection,
  tickets: readonly PublicTicket[],
  addon: PublicTicket,
): { least: number | null; most: number | null } {
  const seats = seatsOf(selection, tickets).filter((s) => goesWith(quoteAddon(addon.addon), s.ticket.id));
  const perTicket = addon.addon?.max_per_ticket ?? 0;
  return {
    least: addon.min_per_order > 1 ? addon.min_per_order : null,
    most: addon.max_per_order < perTicket * seats.length ? addon.max_per_order : null,
  };
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
      const rule = quoteAddon(addon.addon);
      const buyable = addon.prices.some((p) => canBuy(addon, p));
      if (!rule) continue;
      const { min } = seatLimits(rule, { buyable });
      if (pickedForSeat(selection, addon, ref) < min) out[addonSlot(addon.id, ref)] = min;
    }
  }
  return out;
}

/**
 * Add-ons the order has some of, but fewer than their minimum per order (all attendees
 * together): that minimum, on the slot of the first attendee who has some, where the server
 * puts it too (the first line of the add-on).
 */
export function addonOrderShortfalls(
  selection: Selection,
  tickets: readonly PublicTicket[],
): Record<string, number> {
  const out: Record<string, number> = {};
  const short = new Set<number>();
  for (const addon of tickets) {
    if (addon.addon && perOrderProblem(perOrderOf(addon), pickedInOrder(selection, addon)) === 'below_min')
      short.add(addon.id);
  }
  for (const { addon, ref } of addonPicks(selection, tickets)) {
    if (!short.has(addon.id)) continue;
    short.delete(addon.id);
    out[addonSlot(addon.id, ref)] = addon.min_per_order;
  }
  return out;
}

/** The add-on variants picked, per attendee, in the order of the order request's lines. */
export function addonPicks(
  selection: Selection,
  tickets: readonly PublicTicket[],
): { addon: PublicTicket; price: PublicTicketPrice; ref: SeatRef; pick: Pick }[] {
  const picks = [];
  for (const { ticket, ref } of seatsOf(selection, tickets)) {
    for (const addon of addonsFor(ticket, tickets)) {
      for (const price of addon.prices) {
        const pick = selection[addonKey(addon, price, ref)];
        if (pick && pick.quantity > 0) picks.push({ addon, price, ref, pick });
      }
    }
  }
  return picks;
}

/** The order request's add-on lines: one per add-on variant and attendee that has some. */
export function addonLines(selection: Selection, tickets: readonly PublicTicket[]): RequestLine[] {
  return addonPicks(selection, tickets).map(({ addon, price, ref, pick }) => ({
    ticket_id: addon.id,
    ...(price.price_id !== null ? { price_id: price.price_id } : {}),
    quantity: pick.quantity,
    // A pay-what-you-want add-on: the amount the buyer typed per unit (at least the minimum).
    ...(addon.type === 'DONATION' ? { price: pick.amount ?? price.price } : {}),
    addon_for: {
      ticket_id: ref.ticket_id,
      ...(ref.price_id !== null ? { price_id: ref.price_id } : {}),
      seat: ref.seat,
    },
  }));
}
