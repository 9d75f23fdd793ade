import { available, type CapacityLimit, type Stock } from '../../../common/availability';
import { saleState, type TicketResponse, tieredSaleState } from '../../../common/tickets';
import type { ticketPrices, tickets } from '../../db/schema';

export type TicketRow = typeof tickets.$inferSelect;
export type TierRow = typeof ticketPrices.$inferSelect;

export function toTicketResponse({
  ticket,
  tiers,
  taxIds,
  capacities = [],
  now = new Date(),
}: {
  ticket: TicketRow;
  tiers: TierRow[];
  taxIds: number[];
  capacities?: CapacityLimit[];
  now?: Date;
}): TicketResponse {
  const ticketStock = {
    quantity: ticket.quantity,
    sold: ticket.quantitySold,
    reserved: ticket.quantityReserved,
  };
  const stockOf = (tier: TierRow) => ({
    quantity: tier.quantity,
    sold: tier.quantitySold,
    reserved: tier.quantityReserved,
  });
  const prices = tiers
    .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
    .map((tier) => ({
      id: tier.id,
      label: tier.label,
      price: tier.price,
      quantity_available: tier.quantity,
      quantity_sold: tier.quantitySold,
      quantity_reserved: tier.quantityReserved,
      quantity_remaining: available({ ticket: ticketStock, tier: stockOf(tier), capacities }),
      sale_start_date: tier.saleStart?.toISOString() ?? null,
      sale_end_date: tier.saleEnd?.toISOString() ?? null,
      is_hidden: tier.isHidden,
      sale_state: saleState({ ...tier, isPaused: ticket.isPaused }, now),
    }));
  const own = saleState(ticket, now);
  return {
    id: ticket.id,
    event_id: ticket.eventId,
    title: ticket.title,
    description: ticket.description,
    type: ticket.type,
    price: ticket.price,
    prices,
    sale_start_date: ticket.saleStart?.toISOString() ?? null,
    sale_end_date: ticket.saleEnd?.toISOString() ?? null,
    min_per_order: ticket.minPerOrder,
    max_per_order: ticket.maxPerOrder,
    quantity_available: ticket.quantity,
    quantity_sold: ticket.quantitySold,
    quantity_reserved: ticket.quantityReserved,
    quantity_remaining: availableForTicket(ticket.type, ticketStock, {
      tiers: tiers.map(stockOf),
      capacities,
    }),
    show_quantity_remaining: ticket.showQuantityRemaining,
    hide_when_sold_out: ticket.hideWhenSoldOut,
    hide_before_sale_start_date: ticket.hideBeforeSaleStart,
    hide_after_sale_end_date: ticket.hideAfterSaleEnd,
    is_hidden: ticket.isHidden,
    is_hidden_without_promo_code: ticket.hideWithoutPromoCode,
    is_paused: ticket.isPaused,
    waitlist_enabled: ticket.waitlistEnabled,
    tax_and_fee_ids: [...taxIds].sort((a, b) => a - b),
    sort_order: ticket.sortOrder,
    // A tiered ticket is limited by its own window and stock, then by its best tier.
    sale_state:
      ticket.type === 'TIERED' && own === 'ON_SALE'
        ? tieredSaleState(
            prices.map((p) => p.sale_state),
            ticket.isPaused,
          )
        : own,
  };
}

/** A tiered ticket can sell what its tiers have left together, within its own and shared limits. */
function availableForTicket(
  type: TicketRow['type'],
  ticket: Stock,
  { tiers, capacities }: { tiers: Stock[]; capacities: CapacityLimit[] },
): number | null {
  if (type !== 'TIERED' || tiers.length === 0) return available({ ticket, capacities });
  const perTier = tiers.map((tier) => available({ ticket, tier, capacities }));
  if (perTier.some((n) => n === null)) return available({ ticket, capacities });
  const sum = perTier.reduce<number>((total, n) => total + (n ?? 0), 0);
  const cap = available({ ticket, capacities });
  return cap === null ? sum : Math.min(sum, cap);
}
