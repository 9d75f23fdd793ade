import { z } from 'zod';
import { displayUnitPrice, priceLine, type TaxOrFee } from './pricing';
import { DISCOUNT_TYPES, type DiscountType, discountPerUnit, isPromoCodeUsable } from './promo-codes';
import {
  AddonRuleResponse,
  SALE_STATES,
  type SaleState,
  saleState,
  TICKET_KINDS,
  TICKET_TYPES,
  type TicketKind,
  type TicketType,
  tieredSaleState,
} from './tickets';
import { idParam } from './validators';

/**
 * What a buyer sees of an event's tickets on its public page: the tickets
 * the visibility rules let through, each with its price(s) for one unit after the promo code's
 * discount, and the price to show in the event's price display mode.
 */

/** `GET /api/public/events/{id}/tickets?promo_code=` */
export const PublicTicketsQuery = z.strictObject({
  /** Any text is accepted; a code that does not match simply is not valid. */
  promo_code: z.string().trim().max(100).optional(),
  /** The date to show the tickets of (issue 36); none: the next date on sale. */
  date_id: idParam().optional(),
});

export const PublicTicketPrice = z
  .object({
    /** The tier's id; null for a ticket with a single price. */
    price_id: z.number().int().nullable(),
    /** The tier's label; null for a ticket with a single price. */
    label: z.string().nullable(),
    /** The base price in minor units (DONATION: the minimum). */
    price: z.number().int(),
    /** The base price less the promo code's discount. */
    discounted_price: z.number().int(),
    /** Fees and taxes on one unit at the discounted price. */
    fees: z.number().int(),
    taxes: z.number().int(),
    /** What to show per unit: with taxes and fees (INCLUSIVE) or without (EXCLUSIVE). */
    display_price: z.number().int(),
    /** The same without the discount, to strike through when a code lowers the price. */
    original_display_price: z.number().int(),
    sale_state: z.enum(SALE_STATES),
  })
  .meta({ id: 'PublicTicketPrice' });
export type PublicTicketPrice = z.infer<typeof PublicTicketPrice>;

export const PublicTicket = z
  .object({
    id: z.number().int(),
    /** A ticket (an attendee per unit) or a product (decision 051). */
    kind: z.enum(TICKET_KINDS),
    /** The category it is listed under (one of `categories`); null: before the first. */
    category_id: z.number().int().nullable(),
    /** A product sold only as an add-on of these tickets, chosen per attendee (decision 052). */
    addon: AddonRuleResponse.nullable(),
    title: z.string(),
    description: z.string().nullable(),
    type: z.enum(TICKET_TYPES),
    sale_state: z.enum(SALE_STATES),
    sale_start_date: z.iso.datetime().nullable(),
    sale_end_date: z.iso.datetime().nullable(),
    min_per_order: z.number().int(),
    max_per_order: z.number().int(),
    /** Only when the organizer shows it; otherwise null (also null when unlimited). */
    quantity_remaining: z.number().int().nullable(),
    /** Sold out with a waiting list open: the page offers to join it (decision 030). */
    waitlist: z.boolean(),
    /** It sells seats of the event's plan on this date: the buyer picks seats, not a quantity (issue 42). */
    seated: z.boolean(),
    prices: z.array(PublicTicketPrice),
  })
  .meta({ id: 'PublicTicket' });
export type PublicTicket = z.infer<typeof PublicTicket>;

/** A heading of the catalogue that holds something the buyer may see, in the organizer's order. */
export const PublicCategory = z
  .object({ id: z.number().int(), name: z.string(), description: z.string().nullable() })
  .meta({ id: 'PublicCategory' });
export type PublicCategory = z.infer<typeof PublicCategory>;

export const PriceDisplayMode = z.enum(['INCLUSIVE', 'EXCLUSIVE']);
export type PriceDisplayMode = z.infer<typeof PriceDisplayMode>;

export const PublicTicketsResponse = z
  .object({
    /** Tickets and products, those without a category first, then category by category. */
    data: z.array(PublicTicket),
    categories: z.array(PublicCategory),
    /** The code that was asked for and whether it can be used now; null when none was given. */
    promo_code: z
      .object({
        code: z.string(),
        valid: z.boolean(),
        discount_type: z.enum(DISCOUNT_TYPES).nullable(),
      })
      .nullable(),
    price_display_mode: PriceDisplayMode,
    currency: z.string(),
    /** The date whose stock and sale these are. */
    date_id: z.number().int(),
  })
  .meta({ id: 'PublicTickets' });
export type PublicTicketsResponse = z.infer<typeof PublicTicketsResponse>;

interface Stocked {
  quantity: number | null;
  quantitySold: number;
  quantityReserved: number;
  saleStart: Date | null;
  saleEnd: Date | null;
}

export interface TierSource extends Stocked {
  id: number;
  label: string;
  price: number;
  isHidden: boolean;
  sortOrder: number;
}

export interface TicketSource extends Stocked {
  id: number;
  kind?: TicketKind;
  categoryId?: number | null;
  /** Set for a product sold only as an add-on of tickets (decision 052). */
  addon?: AddonRuleResponse | null;
  title: string;
  description: string | null;
  type: TicketType;
  price: number | null;
  minPerOrder: number;
  maxPerOrder: number;
  showQuantityRemaining: boolean;
  hideWhenSoldOut: boolean;
  hideBeforeSaleStart: boolean;
  hideAfterSaleEnd: boolean;
  isHidden: boolean;
  hideWithoutPromoCode: boolean;
  isPaused: boolean;
  sortOrder: number;
  tiers: readonly TierSource[];
  taxesAndFees: readonly TaxOrFee[];
  /** Seats left in the fullest active capacity assignment it counts against; null: none limits it. */
  capacityLeft?: number | null;
  /** Whether it takes sign-ups to a waiting list once sold out (its own setting or the event's). */
  waitlistEnabled?: boolean;
  /** It sells seats of the event's plan on the date shown (issue 42). */
  seated?: boolean;
}

export interface PromoSource {
  code: string;
  discountType: DiscountType;
  discount: string;
  expiresAt: Date | null;
  usageLimit: number | null;
  timesUsed: number;
  /** Empty: the code applies to every ticket of the event. */
  ticketIds: readonly number[];
}

export interface CategorySource {
  id: number;
  name: string;
  description: string | null;
  isHidden: boolean;
  sortOrder: number;
}

export interface PublicTicketsInput {
  tickets: readonly TicketSource[];
  /** The event's categories; what a hidden one holds is hidden too. */
  categories?: readonly CategorySource[];
  /** What the visitor typed, if anything. */
  requestedCode?: string | undefined;
  /** The event's code matching `requestedCode`, if there is one. */
  promo: PromoSource | null;
  priceDisplayMode: PriceDisplayMode;
  currency: string;
  /** The date the stock is of. */
  dateId: number;
  now?: Date;
}

const left = (s: Stocked) =>
  s.quantity === null ? null : Math.max(0, s.quantity - s.quantitySold - s.quantityReserved);

/** What is left to buy, when the organizer shows it: the ticket's stock, else its tiers' together. */
function remaining(ticket: TicketSource, tiers: readonly TierSource[]): number | null {
  if (!ticket.showQuantityRemaining) return null;
  const own = left(ticket);
  if (ticket.type !== 'TIERED' || tiers.length === 0) return own;
  const perTier = tiers.map(left);
  if (perTier.some((n) => n === null)) return own;
  const sum = perTier.reduce<number>((total, n) => total + (n ?? 0), 0);
  return own === null ? sum : Math.min(own, sum);
}

const capped = (left: number | null, capacity: number | null | undefined) =>
  left === null || capacity === null || capacity === undefined ? left : Math.min(left, capacity);

/**
 * Whether the ticket's visibility settings (hidden, needs a promo code, hidden when sold out,
 * before or after its sale) let a buyer see it.
 */
function isVisible(
  ticket: TicketSource,
  { state, unlocked, now }: { state: SaleState; unlocked: boolean; now: Date },
): boolean {
  if (ticket.isHidden) return false;
  if (ticket.hideWithoutPromoCode && !unlocked) return false;
  if (ticket.hideWhenSoldOut && state === 'SOLD_OUT') return false;
  const beforeStart = state === 'NOT_ON_SALE' || (ticket.saleStart !== null && now < ticket.saleStart);
  if (ticket.hideBeforeSaleStart && beforeStart) return false;
  const afterEnd = state === 'SALE_ENDED' || (ticket.saleEnd !== null && now > ticket.saleEnd);
  if (ticket.hideAfterSaleEnd && afterEnd) return false;
  return true;
}

function priceEntry(
  ticket: TicketSource,
  {
    tier,
    state,
    promo,
    mode,
  }: { tier: TierSource | null; state: SaleState; promo: PromoSource | null; mode: PriceDisplayMode },
): PublicTicketPrice {
  const unitPrice = tier ? tier.price : ticket.type === 'FREE' ? 0 : (ticket.price ?? 0);
  const discount = promo ? discountPerUnit(promo, { type: ticket.type, unitPrice }) : 0;
  const charges = ticket.taxesAndFees;
  const line = priceLine({ unitPrice, quantity: 1, discountPerUnit: discount, taxesAndFees: charges });
  const original = discount > 0 ? priceLine({ unitPrice, quantity: 1, taxesAndFees: charges }) : line;
  return {
    price_id: tier?.id ?? null,
    label: tier?.label ?? null,
    price: unitPrice,
    discounted_price: line.discountedUnitPrice,
    fees: line.feesTotal,
    taxes: line.taxesTotal,
    display_price: displayUnitPrice(line, mode),
    original_display_price: displayUnitPrice(original, mode),
    sale_state: state,
  };
}

/** The tickets a buyer may see, in the organizer's order, priced for one unit. */
export function toPublicTickets(input: PublicTicketsInput): PublicTicketsResponse {
  const now = input.now ?? new Date();
  const { promo, priceDisplayMode: mode } = input;
  const codeValid = promo !== null && isPromoCodeUsable(promo, now);
  const appliesTo = (ticketId: number) =>
    codeValid && promo !== null && (promo.ticketIds.length === 0 || promo.ticketIds.includes(ticketId));
  const requested = input.requestedCode?.trim() ?? '';

  const categories = [...(input.categories ?? [])].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  const shown = new Map(categories.filter((c) => !c.isHidden).map((c, i) => [c.id, i]));
  // Uncategorised first, then category by category; within each, the organizer's order.
  const place = (t: TicketSource) =>
    t.categoryId === null || t.categoryId === undefined ? -1 : (shown.get(t.categoryId) ?? -1);
  const data: PublicTicket[] = [];
  const ordered = [...input.tickets]
    .filter((t) => t.categoryId === null || t.categoryId === undefined || shown.has(t.categoryId))
    .sort((a, b) => place(a) - place(b) || a.sortOrder - b.sortOrder || a.id - b.id);
  for (const ticket of ordered) {
    const tiers =
      ticket.type === 'TIERED'
        ? ticket.tiers.filter((t) => !t.isHidden).sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
        : [];
    if (ticket.type === 'TIERED' && tiers.length === 0) continue;
    const stocked = saleState(ticket, now);
    // A full capacity assignment sells the ticket out as surely as its own quantity.
    const own = stocked === 'ON_SALE' && ticket.capacityLeft === 0 ? 'SOLD_OUT' : stocked;
    // A tier can be bought only while its ticket is; then its own window and stock decide.
    const tierStates = tiers.map((tier) =>
      own === 'ON_SALE' ? saleState({ ...tier, isPaused: ticket.isPaused }, now) : own,
    );
    const state =
      ticket.type === 'TIERED' && own === 'ON_SALE' ? tieredSaleState([...tierStates], false) : own;
    const unlocked = appliesTo(ticket.id);
    if (!isVisible(ticket, { state, unlocked, now })) continue;
    const applied = unlocked ? promo : null;
    data.push({
      id: ticket.id,
      kind: ticket.kind ?? 'TICKET',
      category_id: ticket.categoryId ?? null,
      addon: ticket.addon ?? null,
      title: ticket.title,
      description: ticket.description,
      type: ticket.type,
      sale_state: state,
      sale_start_date: ticket.saleStart?.toISOString() ?? null,
      sale_end_date: ticket.saleEnd?.toISOString() ?? null,
      min_per_order: ticket.minPerOrder,
      max_per_order: ticket.maxPerOrder,
      quantity_remaining: capped(remaining(ticket, tiers), ticket.capacityLeft),
      // Sold out by its own stock or a capacity assignment; tiers alone leave no seat to offer.
      waitlist: own === 'SOLD_OUT' && ticket.waitlistEnabled === true,
      seated: ticket.seated === true,
      prices:
        ticket.type === 'TIERED'
          ? tiers.map((tier, i) =>
              priceEntry(ticket, { tier, state: tierStates[i] ?? state, promo: applied, mode }),
            )
          : [priceEntry(ticket, { tier: null, state, promo: applied, mode })],
    });
  }

  const used = new Set(data.map((t) => t.category_id));
  return {
    data,
    categories: categories
      .filter((c) => shown.has(c.id) && used.has(c.id))
      .map((c) => ({ id: c.id, name: c.name, description: c.description })),
    promo_code:
      requested === ''
        ? null
        : {
            code: promo?.code ?? requested.toUpperCase(),
            valid: codeValid,
            discount_type: codeValid ? promo.discountType : null,
          },
    price_display_mode: mode,
    currency: input.currency,
    date_id: input.dateId,
  };
}
