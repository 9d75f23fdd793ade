import type { PublicTicket, PublicTicketPrice } from '../../../common/public-tickets';

/**
 * What the buyer picked on the event page, by line (a ticket, or one tier of a TIERED one; an
 * add-on for one attendee, see `addons.ts`): how many and, for a DONATION, how much per unit
 * (minor units; null until typed).
 */
export interface Pick {
  quantity: number;
  amount?: number | null;
}
export type Selection = Record<string, Pick>;

export const lineKey = (ticketId: number, priceId: number | null) => `${ticketId}:${priceId ?? ''}`;

export const canBuy = (ticket: PublicTicket, price: PublicTicketPrice) =>
  ticket.sale_state === 'ON_SALE' && price.sale_state === 'ON_SALE';
