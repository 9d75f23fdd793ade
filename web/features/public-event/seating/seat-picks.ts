import type { CreateOrderRequest } from '../../../../common/orders';
import type { PublicTicket, PublicTicketPrice } from '../../../../common/public-tickets';
import type { PublicSeatingResponse } from '../../../../common/seating';
import type { SeatPlace } from '../../../components/seat-map/SeatMap';

/**
 * What the buyer picked on the seating plan (issue 42): seats by key, in the order picked, and
 * per ticket a number of "best available" seats the server chooses side by side.
 */
export interface SeatChoice {
  seats: readonly string[];
  best: Readonly<Record<number, number>>;
}
export const NO_SEATS: SeatChoice = { seats: [], best: {} };

export type OrderLine = CreateOrderRequest['tickets'][number];

/** The plan's seats by key, and the ticket each sells. */
export interface SeatIndex {
  places: Map<string, SeatPlace>;
  ticketOf: (key: string) => PublicTicket | undefined;
}

export function seatIndex(seating: PublicSeatingResponse, tickets: readonly PublicTicket[]): SeatIndex {
  const places = new Map<string, SeatPlace>();
  for (const section of seating.plan.sections)
    for (const row of section.rows)
      for (const seat of row.seats) places.set(seat.key, { seat, row, section });
  const byCategory = new Map(
    seating.categories.map((c) => [c.key, tickets.find((t) => t.id === c.ticket_id && t.seated)]),
  );
  return { places, ticketOf: (key) => byCategory.get(places.get(key)?.seat.category ?? '') };
}

/** The price a seat of this ticket sells at: its first price on sale, else its first. */
export function seatPrice(ticket: PublicTicket): PublicTicketPrice | undefined {
  return ticket.prices.find((p) => p.sale_state === 'ON_SALE') ?? ticket.prices[0];
}

/** Whether a seat of this ticket can be bought now. */
export const onSale = (ticket: PublicTicket | undefined): ticket is PublicTicket =>
  ticket !== undefined && ticket.sale_state === 'ON_SALE' && seatPrice(ticket)?.sale_state === 'ON_SALE';

/** Seats of a ticket in the choice, picked and best available together. */
export function countOf(choice: SeatChoice, ticket: PublicTicket, index: SeatIndex): number {
  const picked = choice.seats.filter((key) => index.ticketOf(key)?.id === ticket.id).length;
  return picked + (choice.best[ticket.id] ?? 0);
}

export const totalSeats = (choice: SeatChoice) =>
  choice.seats.length + Object.values(choice.best).reduce((sum, n) => sum + n, 0);

/** Picks or unpicks a seat; `max` when its ticket's max per order is reached. */
export function toggleSeat(
  choice: SeatChoice,
  { key, index }: { key: string; index: SeatIndex },
): { choice: SeatChoice; refused?: 'max' | 'not_on_sale' } {
  if (choice.seats.includes(key))
    return { choice: { ...choice, seats: choice.seats.filter((k) => k !== key) } };
  const ticket = index.ticketOf(key);
  if (!onSale(ticket)) return { choice, refused: 'not_on_sale' };
  if (countOf(choice, ticket, index) >= ticket.max_per_order) return { choice, refused: 'max' };
  return { choice: { ...choice, seats: [...choice.seats, key] } };
}

/** The choice without the seats someone else took meanwhile, and which those were. */
export function dropTaken(
  choice: SeatChoice,
  taken: ReadonlySet<string>,
): { choice: SeatChoice; dropped: string[] } {
  const dropped = choice.seats.filter((key) => taken.has(key));
  if (dropped.length === 0) return { choice, dropped };
  return { choice: { ...choice, seats: choice.seats.filter((key) => !taken.has(key)) }, dropped };
}

const priceField = (ticket: PublicTicket) => {
  const price = seatPrice(ticket);
  return price?.price_id != null ? { price_id: price.price_id } : {};
};

/** The order's lines for the seats: one per ticket with its seats, one per ticket of best available. */
export function seatLines(
  choice: SeatChoice,
  index: SeatIndex,
  tickets: readonly PublicTicket[],
): OrderLine[] {
  const lines: OrderLine[] = [];
  for (const ticket of tickets) {
    const seats = choice.seats.filter((key) => index.ticketOf(key)?.id === ticket.id);
    if (seats.length > 0)
      lines.push({ ticket_id: ticket.id, ...priceField(ticket), quantity: seats.length, seats: [...seats] });
    const best = choice.best[ticket.id] ?? 0;
    if (best > 0) lines.push({ ticket_id: ticket.id, ...priceField(ticket), quantity: best });
  }
  return lines;
}
