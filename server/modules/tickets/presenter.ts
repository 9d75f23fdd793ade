import { available, type CapacityLimit, type Stock } from '../../../common/availability';
import {
  type AddonRuleResponse,
  type SaleState,
  saleState,
  type TicketResponse,
  tieredSaleState,
} from '../../../common/tickets';
import type { ticketPrices, tickets } from '../../db/schema';
import { onDate as asOnDate, type DateStock } from '../stock/service';

export type TicketRow = typeof tickets.$inferSelect;
export type TierRow = typeof ticketPrices.$inferSelect;

const NO_STOCK: Stock = { quantity: null, sold: 0, reserved: 0 };

/** Sums over dates: seats sold and held, and what is left (null as soon as one date has no limit). */
function total(perDate: readonly { stock: Stock; left: number | null }[]) {
  const sum = (pick: (s: Stock) => number) => perDate.reduce((n, d) => n + pick(d.stock), 0);
  const left = perDate.some((d) => d.left === null) ? null : perDate.reduce((n, d) => n + (d.left ?? 0), 0);
  return { sold: sum((s) => s.sold), reserved: sum((s) => s.reserved), left };
}

/** The best of a ticket's states over its dates: on sale when any date sells it (decision 049). */
const bestOf = (states: SaleState[], paused: boolean) => tieredSaleState(states, paused);

/**
 * A ticket as the organizer's API shows it: its sold, held and left seats over all dates of the
 * event, and its sale state on the best of them. An event with one date shows that date's.
 */
export function toTicketResponse({
  ticket,
  tiers,
  taxIds,
  dates,
  addon = null,
  now = new Date(),
}: {
  ticket: TicketRow;
  tiers: TierRow[];
  taxIds: number[];
  /** Its rule, when the product is an add-on (decision 052). */
  addon?: AddonRuleResponse | null;
  dates: readonly DateStock[];
  now?: Date;
}): TicketResponse {
  const sorted = tiers.sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  const onDate = (date: DateStock) => {
    const stock = date.tickets.get(ticket.id) ?? { ...NO_STOCK, quantity: ticket.quantity };
    const capacities: CapacityLimit[] = date.limits.get(ticket.id) ?? [];
    const tierStock = (tier: TierRow) => date.tiers.get(tier.id) ?? { ...NO_STOCK, quantity: tier.quantity };
    const window = (s: Stock) => ({
      quantity: s.quantity,
      quantitySold: s.sold,
      quantityReserved: s.reserved,
    });
    const tierStates = sorted.map((tier) => ({
      stock: tierStock(tier),
      left: available({ ticket: stock, tier: tierStock(tier), capacities }),
      state: saleState({ ...tier, ...window(tierStock(tier)), isPaused: ticket.isPaused }, now),
    }));
    const own = saleState({ ...asOnDate(ticket, date.overrides.get(ticket.id)), ...window(stock) }, now);
    // A tiered ticket is limited by its own window and stock, then by its best tier.
    const state =
      ticket.type === 'TIERED' && own === 'ON_SALE'
        ? tieredSaleState(
            tierStates.map((t) => t.state),
            ticket.isPaused,
          )
        : own;
    const left = availableForTicket(ticket.type, stock, {
      tiers: sorted.map(tierStock),
      capacities,
    });
    return { stock, left, state, tiers: tierStates };
  };
  const perDate = dates.map(onDate);
  const own = total(perDate);
  const prices = sorted.map((tier, i) => {
    const each = perDate.flatMap((d) => (d.tiers[i] ? [d.tiers[i]] : []));
    const sums = total(each);
    return {
      id: tier.id,
      label: tier.label,
      price: tier.price,
      quantity_available: tier.quantity,
      quantity_sold: sums.sold,
      quantity_reserved: sums.reserved,
      quantity_remaining: sums.left,
      sale_start_date: tier.saleStart?.toISOString() ?? null,
      sale_end_date: tier.saleEnd?.toISOString() ?? null,
      is_hidden: tier.isHidden,
      sale_state: bestOf(
        each.map((t) => t.state),
        false,
      ),
    };
  });
  return {
    id: ticket.id,
    event_id: ticket.eventId,
    kind: ticket.kind,
    category_id: ticket.categoryId,
    redeemable: ticket.redeemable,
    addon,
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
    quantity_sold: own.sold,
    quantity_reserved: own.reserved,
    quantity_remaining: own.left,
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
    sale_state: bestOf(
      perDate.map((d) => d.state),
      ticket.isPaused,
    ),
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
