import type { PublicTicket } from '../../../../common/public-tickets';
import type { PublicSeatingResponse } from '../../../../common/seating';
import type { SeatIndex } from './seat-picks';

/** What every part of the seat picker reads: the plan, the event's tickets, the seats by key. */
export interface PickerContext {
  seating: PublicSeatingResponse;
  tickets: readonly PublicTicket[];
  currency: string;
  index: SeatIndex;
}

/** The plan's categories whose ticket the page shows, each with that ticket. */
export function soldCategories({ seating, tickets }: Pick<PickerContext, 'seating' | 'tickets'>) {
  return seating.categories.flatMap((category) => {
    const ticket = tickets.find((t) => t.id === category.ticket_id && t.seated);
    const color = seating.plan.categories.find((c) => c.key === category.key)?.color ?? category.color;
    return ticket ? [{ ...category, color, ticket }] : [];
  });
}
