import type { CreateOrderRequest } from '../../../common/orders';
import type { PublicTicket, PublicTicketPrice } from '../../../common/public-tickets';
import { addonLines, addonPicks, addonSlot } from './addons';
import { canBuy, lineKey, type Pick, type Selection } from './selection-keys';

export { canBuy, lineKey, type Pick, type Selection } from './selection-keys';

/** Tickets of this ticket already picked on its other lines (the other tiers). */
function pickedElsewhere(selection: Selection, ticket: PublicTicket, priceId: number | null): number {
  return ticket.prices
    .filter((p) => p.price_id !== priceId)
    .reduce((sum, p) => sum + (selection[lineKey(ticket.id, p.price_id)]?.quantity ?? 0), 0);
}

/** The most this line may hold: the ticket's max per order (across tiers) and what is left. */
export function lineMax(selection: Selection, ticket: PublicTicket, price: PublicTicketPrice): number {
  if (!canBuy(ticket, price)) return 0;
  const room = ticket.max_per_order - pickedElsewhere(selection, ticket, price.price_id);
  const left = ticket.quantity_remaining ?? Number.POSITIVE_INFINITY;
  return Math.max(0, Math.min(room, left));
}

/**
 * One step up or down: from none straight to the ticket's minimum per order, and from the
 * minimum straight back to none (min and max per order apply per ticket).
 */
export function step(
  selection: Selection,
  { ticket, price }: { ticket: PublicTicket; price: PublicTicketPrice },
  direction: 1 | -1,
): number {
  const current = selection[lineKey(ticket.id, price.price_id)]?.quantity ?? 0;
  const max = lineMax(selection, ticket, price);
  const floor = Math.max(1, ticket.min_per_order - pickedElsewhere(selection, ticket, price.price_id));
  if (direction === 1) {
    const next = current === 0 ? floor : current + 1;
    return next > max ? current : next;
  }
  if (current <= floor) return 0;
  return current - 1;
}

export const totalPicked = (selection: Selection) =>
  Object.values(selection).reduce((sum, p) => sum + p.quantity, 0);

/** A donation line whose amount is missing or under the minimum: the problem, else null. */
export function donationProblem(
  pick: Pick | undefined,
  price: PublicTicketPrice,
): 'missing' | 'too_low' | null {
  if (!pick || pick.quantity === 0) return null;
  if (pick.amount === null || pick.amount === undefined) return 'missing';
  return pick.amount < price.price ? 'too_low' : null;
}

/** Whether every donation picked has an amount of at least its minimum: lines and add-ons alike. */
export function donationsOk(selection: Selection, tickets: readonly PublicTicket[]): boolean {
  const lines = tickets
    .filter((ticket) => ticket.type === 'DONATION' && !ticket.addon)
    .flatMap((ticket) =>
      ticket.prices.map((price) => ({ price, pick: selection[lineKey(ticket.id, price.price_id)] })),
    );
  const addons = addonPicks(selection, tickets).filter(({ addon }) => addon.type === 'DONATION');
  return [...lines, ...addons].every(({ pick, price }) => donationProblem(pick, price) === null);
}

/**
 * The order to reserve: the lines in the event's list order, then the add-ons, each for its
 * attendee (`addon_for`); lines with none picked are left out.
 */
export function toOrderRequest(
  selection: Selection,
  tickets: readonly PublicTicket[],
  promoCode: string | undefined,
): CreateOrderRequest {
  const lines: CreateOrderRequest['tickets'] = [];
  for (const ticket of tickets) {
    if (ticket.addon) continue;
    for (const price of ticket.prices) {
      const pick = selection[lineKey(ticket.id, price.price_id)];
      if (!pick || pick.quantity === 0) continue;
      lines.push({
        ticket_id: ticket.id,
        ...(price.price_id !== null ? { price_id: price.price_id } : {}),
        quantity: pick.quantity,
        ...(ticket.type === 'DONATION' ? { price: pick.amount ?? price.price } : {}),
      });
    }
  }
  lines.push(...addonLines(selection, tickets));
  return { tickets: lines, ...(promoCode ? { promo_code: promoCode } : {}) };
}

/**
 * A 422's field errors (`tickets.{index}.quantity`) back onto the lines they name, by the
 * index of the line in the request that was sent; an add-on's onto its attendee's slot.
 */
export function errorsByLine(
  request: CreateOrderRequest,
  fieldErrors: Record<string, string[]>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fieldErrors)) {
    const match = /^tickets\.(\d+)\./.exec(field);
    const line = match ? request.tickets[Number(match[1])] : undefined;
    if (!line || !messages[0]) continue;
    const key = line.addon_for
      ? addonSlot(line.ticket_id, { ...line.addon_for, price_id: line.addon_for.price_id ?? null })
      : lineKey(line.ticket_id, line.price_id ?? null);
    out[key] ??= messages[0];
  }
  return out;
}
