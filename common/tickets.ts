import { z } from 'zod';
import { VALIDATION } from './i18n/validation';
import { LIMITS } from './limits';
import { MAX_MINOR } from './money';

export const TICKET_TYPES = ['FREE', 'PAID', 'DONATION', 'TIERED'] as const;
export type TicketType = (typeof TICKET_TYPES)[number];

/** TICKET: each unit is an attendee with a QR code; PRODUCT: sold beside tickets (decision 051). */
export const TICKET_KINDS = ['TICKET', 'PRODUCT'] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];

export const SALE_STATES = ['ON_SALE', 'NOT_ON_SALE', 'SALE_ENDED', 'SOLD_OUT', 'PAUSED'] as const;
export type SaleState = (typeof SALE_STATES)[number];

const minor = () => z.int().min(0).max(MAX_MINOR);
const when = () => z.iso.datetime({ offset: true }).nullable().optional();

export const TicketPriceInput = z.strictObject({
  /** Present when changing an existing tier; new tiers have none. */
  id: z.int().positive().optional(),
  label: z.string().trim().min(1).max(LIMITS.nameMax),
  price: minor(),
  quantity_available: z.int().min(0).max(10_000_000).nullable().optional(),
  sale_start_date: when(),
  sale_end_date: when(),
  is_hidden: z.boolean().default(false),
});

/**
 * A product offered as an add-on of given tickets (decision 052): chosen per attendee of one of
 * those tickets, from `min_per_ticket` to `max_per_ticket` units each, and sold no other way.
 */
export const AddonRule = z
  .strictObject({
    ticket_ids: z.array(z.int().positive()).min(1).max(50),
    min_per_ticket: z.int().min(0).max(100).default(0),
    max_per_ticket: z.int().min(1).max(100).default(1),
  })
  .meta({ id: 'AddonRule' });
export type AddonRule = z.output<typeof AddonRule>;

export const AddonRuleResponse = z
  .object({
    ticket_ids: z.array(z.number().int()),
    min_per_ticket: z.number().int(),
    max_per_ticket: z.number().int(),
  })
  .meta({ id: 'AddonRuleResponse' });
export type AddonRuleResponse = z.infer<typeof AddonRuleResponse>;

function saleWindowInOrder(v: { sale_start_date?: string | null; sale_end_date?: string | null }) {
  return !v.sale_start_date || !v.sale_end_date || new Date(v.sale_end_date) > new Date(v.sale_start_date);
}

/** `POST /api/events/{id}/tickets`, `PUT …/{ticketId}` */
export const TicketRequest = z
  .strictObject({
    title: z.string().trim().min(1).max(LIMITS.nameMax),
    description: z.string().max(LIMITS.descriptionMax).nullable().optional(),
    /** A ticket (the default) or a product; a TIERED product's tiers are its variants. */
    kind: z.enum(TICKET_KINDS).default('TICKET'),
    /** The catalogue category it is listed under; null: before the first category. */
    category_id: z.int().positive().nullable().default(null),
    /** A product whose every unit gets a code the door scans once (a drink voucher). */
    redeemable: z.boolean().default(false),
    /** A product sold only as an add-on of these tickets, per attendee; null: sold on its own. */
    addon: AddonRule.nullable().default(null),
    type: z.enum(TICKET_TYPES),
    /** PAID: the price; DONATION: the minimum the buyer may give. Minor units. */
    price: minor().optional(),
    prices: z.array(TicketPriceInput).max(50).optional(),
    sale_start_date: when(),
    sale_end_date: when(),
    min_per_order: z.int().min(1).max(1000).default(1),
    max_per_order: z.int().min(1).max(1000).default(10),
    /** Empty means unlimited. */
    quantity_available: z.int().min(0).max(10_000_000).nullable().optional(),
    show_quantity_remaining: z.boolean().default(false),
    hide_when_sold_out: z.boolean().default(false),
    hide_before_sale_start_date: z.boolean().default(false),
    hide_after_sale_end_date: z.boolean().default(false),
    is_hidden: z.boolean().default(false),
    is_hidden_without_promo_code: z.boolean().default(false),
    is_paused: z.boolean().default(false),
    /** Whether a sold-out ticket takes sign-ups to a waiting list; null: the event's setting. */
    waitlist_enabled: z.boolean().nullable().default(null),
    /** Left out on create: the account's default taxes and fees apply. */
    tax_and_fee_ids: z.array(z.int().positive()).max(20).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.min_per_order > v.max_per_order) {
      ctx.addIssue({ code: 'custom', path: ['max_per_order'], message: VALIDATION.maxBelowMin.id });
    }
    if (!saleWindowInOrder(v))
      ctx.addIssue({ code: 'custom', path: ['sale_end_date'], message: VALIDATION.endBeforeStart.id });
    if (v.type === 'PAID' && (v.price === undefined || v.price < 1)) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: VALIDATION.priceRequired.id });
    }
    if (v.type === 'DONATION' && v.price === undefined) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: VALIDATION.required.id });
    }
    if (v.redeemable && v.kind !== 'PRODUCT')
      ctx.addIssue({ code: 'custom', path: ['redeemable'], message: VALIDATION.redeemableProductOnly.id });
    if (v.addon && v.kind !== 'PRODUCT')
      ctx.addIssue({ code: 'custom', path: ['addon'], message: VALIDATION.addonProductOnly.id });
    if (v.addon && v.addon.min_per_ticket > v.addon.max_per_ticket)
      ctx.addIssue({
        code: 'custom',
        path: ['addon', 'max_per_ticket'],
        message: VALIDATION.maxBelowMin.id,
      });
    if (v.type === 'TIERED') {
      if (!v.prices || v.prices.length === 0) {
        const missing = v.kind === 'PRODUCT' ? VALIDATION.variantRequired : VALIDATION.tierRequired;
        ctx.addIssue({ code: 'custom', path: ['prices'], message: missing.id });
      }
      v.prices?.forEach((tier, i) => {
        if (!saleWindowInOrder(tier)) {
          ctx.addIssue({
            code: 'custom',
            path: ['prices', i, 'sale_end_date'],
            message: VALIDATION.endBeforeStart.id,
          });
        }
      });
    }
  })
  .meta({ id: 'TicketRequest' });
export type TicketRequest = z.input<typeof TicketRequest>;

export const TicketPriceResponse = z.object({
  id: z.number().int(),
  label: z.string(),
  price: z.number().int(),
  quantity_available: z.number().int().nullable(),
  quantity_sold: z.number().int(),
  quantity_reserved: z.number().int(),
  /** What can still be bought of this tier (its stock, the ticket's, active capacity); null = unlimited. */
  quantity_remaining: z.number().int().nullable(),
  sale_start_date: z.iso.datetime().nullable(),
  sale_end_date: z.iso.datetime().nullable(),
  is_hidden: z.boolean(),
  sale_state: z.enum(SALE_STATES),
});

export const TicketResponse = z
  .object({
    id: z.number().int(),
    event_id: z.number().int(),
    kind: z.enum(TICKET_KINDS),
    category_id: z.number().int().nullable(),
    redeemable: z.boolean(),
    addon: AddonRuleResponse.nullable(),
    title: z.string(),
    description: z.string().nullable(),
    type: z.enum(TICKET_TYPES),
    price: z.number().int().nullable(),
    prices: z.array(TicketPriceResponse),
    sale_start_date: z.iso.datetime().nullable(),
    sale_end_date: z.iso.datetime().nullable(),
    min_per_order: z.number().int(),
    max_per_order: z.number().int(),
    quantity_available: z.number().int().nullable(),
    quantity_sold: z.number().int(),
    quantity_reserved: z.number().int(),
    /** What can still be bought (common/availability.ts); null = unlimited. */
    quantity_remaining: z.number().int().nullable(),
    show_quantity_remaining: z.boolean(),
    hide_when_sold_out: z.boolean(),
    hide_before_sale_start_date: z.boolean(),
    hide_after_sale_end_date: z.boolean(),
    is_hidden: z.boolean(),
    is_hidden_without_promo_code: z.boolean(),
    is_paused: z.boolean(),
    waitlist_enabled: z.boolean().nullable(),
    tax_and_fee_ids: z.array(z.number().int()),
    sort_order: z.number().int(),
    sale_state: z.enum(SALE_STATES),
  })
  .meta({ id: 'Ticket' });
export type TicketResponse = z.infer<typeof TicketResponse>;

export const SortTicketsRequest = z
  .strictObject({ ticket_ids: z.array(z.int().positive()).min(1).max(500) })
  .meta({ id: 'SortTicketsRequest' });

interface SaleWindow {
  saleStart: Date | null;
  saleEnd: Date | null;
  quantity: number | null;
  quantitySold: number;
  quantityReserved: number;
}

/**
 * Where a ticket (or a price tier) stands for buyers: paused by the organizer,
 * not on sale yet, sale ended, sold out, or on sale. Reserved seats count as taken.
 */
export function saleState(item: SaleWindow & { isPaused?: boolean }, now: Date = new Date()): SaleState {
  if (item.isPaused) return 'PAUSED';
  if (item.saleStart && now < item.saleStart) return 'NOT_ON_SALE';
  if (item.saleEnd && now > item.saleEnd) return 'SALE_ENDED';
  if (item.quantity !== null && item.quantitySold + item.quantityReserved >= item.quantity) return 'SOLD_OUT';
  return 'ON_SALE';
}

/** A tiered ticket is as available as its best tier. */
export function tieredSaleState(tiers: SaleState[], paused: boolean): SaleState {
  if (paused) return 'PAUSED';
  const order: SaleState[] = ['ON_SALE', 'NOT_ON_SALE', 'SOLD_OUT', 'SALE_ENDED', 'PAUSED'];
  return tiers.sort((a, b) => order.indexOf(a) - order.indexOf(b))[0] ?? 'SALE_ENDED';
}
