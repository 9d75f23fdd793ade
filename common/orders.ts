import { z } from 'zod';
import { AnswerInput } from './answers';
import { EventLocation } from './events';
import { EventLogo } from './images';
import { BUYER_BUSINESS_MODES, BuyerInvoice } from './invoices';
import { MAX_MINOR } from './money';
import { ATTENDEE_STATUSES, ORDER_STATUSES } from './order-statuses';
import { promoCode } from './promo-codes';
import { PriceDisplayMode } from './public-tickets';
import { CALCULATION_TYPES, TAX_OR_FEE_TYPES } from './taxes-fees';
import { TICKET_KINDS } from './tickets';

// The statuses live apart from the schemas (decision 033); importers of orders find them here too.
export * from './order-statuses';

export const MAX_LINES_PER_ORDER = 50;

/**
 * How often a buyer may ask for more time on one reservation, each time the event's order
 * timeout added to its end (WCAG 2.2.1 asks for at least ten; decision 038). A reservation thus
 * lasts eleven timeouts at most.
 */
export const ORDER_EXTENSIONS_MAX = 10;

/** One line the buyer picked: a ticket (a tier of it when TIERED), how many, and a DONATION's price. */
/**
 * The attendee an add-on line is for (decision 052): the `seat`-th unit (from 1) of the order's
 * line of `ticket_id` (and `price_id`, for a tiered ticket). Attendees are named in that order.
 */
export const AddonSeatRequest = z.strictObject({
  ticket_id: z.int().positive(),
  price_id: z.int().positive().optional(),
  seat: z.int().min(1).max(1000),
});

export const OrderLineRequest = z.strictObject({
  ticket_id: z.int().positive(),
  price_id: z.int().positive().optional(),
  quantity: z.int().min(0).max(1000),
  /** DONATION only: what the buyer chose to pay per ticket, in minor units. */
  price: z.int().min(0).max(MAX_MINOR).optional(),
  /** An add-on's line: the attendee it is for. */
  addon_for: AddonSeatRequest.optional(),
  /**
   * A ticket sold by seat (issue 42): the keys of the seats chosen on the event's plan, one per
   * ticket. Left out, the order takes the best seats left side by side.
   */
  seats: z
    .array(z.string().regex(/^[A-Za-z0-9_-]{1,40}$/))
    .min(1)
    .max(50)
    .optional(),
});

/** `POST /api/public/events/{id}/orders` */
export const CreateOrderRequest = z
  .strictObject({
    tickets: z.array(OrderLineRequest).max(MAX_LINES_PER_ORDER),
    /**
     * The date the order is for (issue 36). May be left out when the event has one date; an
     * event with several needs it.
     */
    date_id: z.int().positive().optional(),
    promo_code: z
      .union([promoCode(), z.literal('')])
      .optional()
      .transform((v) => v || undefined),
    /**
     * The code of the affiliate link (`?aff=`) the buyer followed. The event's ACTIVE affiliate
     * with it is credited with the order; any other value is ignored, never refused (decision 021).
     */
    affiliate_code: z.string().trim().max(100).optional(),
    /**
     * The token of a waiting-list offer (the link in its e-mail): the order takes the seat the
     * offer holds. The order is then one ticket of the offered kind (decision 030).
     */
    waitlist_offer: z.string().trim().min(1).max(100).optional(),
  })
  .meta({ id: 'CreateOrderRequest' });
export type CreateOrderRequest = z.input<typeof CreateOrderRequest>;

export const PAYMENT_PROVIDERS = ['OFFLINE'] as const;

/** How an order was paid: chosen by the buyer (offline or by card) or added by hand (MANUAL). */
export const PAYMENT_PROVIDER_KINDS = ['OFFLINE', 'STRIPE', 'MANUAL'] as const;
export type PaymentProviderKind = (typeof PAYMENT_PROVIDER_KINDS)[number];

/** `POST …/orders/{shortId}/complete`: free orders need no provider; paid ones name one. */
export const CompleteOrderRequest = z
  .strictObject({ payment_provider: z.enum(PAYMENT_PROVIDERS).optional() })
  .meta({ id: 'CompleteOrderRequest' });

const money = () => z.number().int();

/** Where a seat is (issue 42): a seated ticket's seat, as every page after the sale shows it. */
export const SeatPlace = z.object({
  key: z.string(),
  section: z.string(),
  row: z.string(),
  /** `table`: `row` is the table's label. */
  row_kind: z.enum(['row', 'table']),
  seat: z.string(),
});
export type SeatPlace = z.infer<typeof SeatPlace>;

export const PublicAttendeeResponse = z.object({
  short_id: z.string(),
  ticket_id: z.number().int(),
  price_id: z.number().int().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  status: z.enum(ATTENDEE_STATUSES),
  /** The exact text in this attendee's QR code. */
  ticket_code: z.string(),
  /** This attendee's answers as saved, so checkout can show them again. */
  answers: z.array(AnswerInput),
  /** A seated ticket's seat (issue 42). */
  seat: SeatPlace.nullable(),
});

/** One fee or tax of an order line as charged. Lines priced before this was kept have nulls. */
export const OrderChargeResponse = z
  .object({
    id: z.number().int(),
    name: z.string(),
    kind: z.enum(TAX_OR_FEE_TYPES),
    calculation_type: z.enum(CALCULATION_TYPES).nullable(),
    /** PERCENTAGE: a percentage such as "23.5"; FIXED: minor units per ticket such as "250". */
    rate: z.string().nullable(),
    /** A percentage tax computed on the line's fees too (decision 004). */
    applies_to_fees: z.boolean().nullable(),
    amount: money(),
  })
  .meta({ id: 'OrderCharge' });

export const OrderItemResponse = z.object({
  id: z.number().int(),
  ticket_id: z.number().int(),
  price_id: z.number().int().nullable(),
  title: z.string(),
  price_label: z.string().nullable(),
  quantity: z.number().int(),
  unit_price: money(),
  discount: money(),
  subtotal: money(),
  fees: money(),
  taxes: money(),
  total: money(),
  /** The line's fees, then its taxes, as charged. */
  charges: z.array(OrderChargeResponse),
  /** An add-on's line: the attendee it is for, named once the buyer has named them. */
  addon_for: z
    .object({
      ticket_id: z.number().int(),
      price_id: z.number().int().nullable(),
      seat: z.number().int(),
      attendee_name: z.string().nullable(),
      /** The attendee's number in the order (as the buyer names them), in the buyer's views. */
      attendee_number: z.number().int().nullable(),
    })
    .nullable(),
  /** A seated ticket's line: the seats it holds (issue 42); empty for every other line. */
  seats: z.array(SeatPlace),
});

/** A line as the buyer sees it: whether it is a ticket (the buyer names its holders) or a product. */
// Written from `z`, not with `.extend`: the build marks only chains that start from `z` as free
// of side effects, so that pages importing a constant from here do not download zod (scripts/pure-zod.ts).
export const PublicOrderItemResponse = z.object({ ...OrderItemResponse.shape, kind: z.enum(TICKET_KINDS) });

/**
 * The event as the buyer's order and ticket pages show it. Unlike the public event page it is
 * shown whatever the event's status later becomes: a ticket stays a ticket.
 */
export const OrderEventSummary = z
  .object({
    id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    /** When the order's date starts and ends (issue 36): the event's own for a one-date event. */
    start_date: z.iso.datetime(),
    end_date: z.iso.datetime().nullable(),
    /** The date the order is for. */
    date: z.object({
      id: z.number().int(),
      starts_at: z.iso.datetime(),
      ends_at: z.iso.datetime().nullable(),
      label: z.string().nullable(),
      /** The event's first date (made with it): calendars know it as the event itself. */
      first: z.boolean(),
    }),
    timezone: z.string(),
    location: EventLocation.nullable(),
    is_online: z.boolean(),
    /** How to join an online event: only for those whose order is completed or awaiting payment. */
    online_event_details: z.string().nullable(),
    organizer_name: z.string(),
    contact_email: z.string().nullable(),
    /** The event's logo, shown at the top of its order and ticket pages; null without one. */
    logo: EventLogo.nullable(),
  })
  .meta({ id: 'OrderEventSummary' });
export type OrderEventSummary = z.infer<typeof OrderEventSummary>;

/** What the buyer (who holds the short id) sees of an order. */
export const PublicOrderResponse = z
  .object({
    short_id: z.string(),
    /** A short reference for the buyer and the organizer to quote (8 letters and digits). */
    reference: z.string(),
    event_id: z.number().int(),
    event: OrderEventSummary,
    /** The event's message shown above the checkout form. */
    pre_checkout_message: z.string().nullable(),
    /** The event's message after checkout: only once the order is completed or awaiting payment. */
    post_checkout_message: z.string().nullable(),
    /** The event's order timeout: how long a reservation lasts, and how much time each extension adds to its end. */
    order_timeout_minutes: z.number().int(),
    /** An open reservation extended fewer than `ORDER_EXTENSIONS_MAX` times: the buyer may ask for more time (WCAG 2.2.1). */
    extension_available: z.boolean(),
    status: z.enum(ORDER_STATUSES),
    reserved_until: z.iso.datetime().nullable(),
    currency: z.string(),
    /** The event's choice: amounts shown with taxes and fees included, or added (see `common/order-breakdown.ts`). */
    price_display_mode: PriceDisplayMode,
    promo_code: z.string().nullable(),
    items: z.array(PublicOrderItemResponse),
    totals: z.object({
      gross: money(),
      discount: money(),
      subtotal: money(),
      fees: money(),
      taxes: money(),
      total: money(),
    }),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    email: z.string().nullable(),
    /** A business buyer's details as saved (issue 38); `vat_id` normalised with its prefix. */
    company: z.string().nullable(),
    company_address: z.string().nullable(),
    vat_country: z.string().nullable(),
    vat_id: z.string().nullable(),
    /**
     * Whether checkout asks for them, from the seller's invoice settings: REQUIRED, OPTIONAL (the
     * buyer says whether they need a business invoice), or OFF (also when no invoice is issued).
     */
    buyer_business: z.enum(BUYER_BUSINESS_MODES),
    /**
     * Who the buyer is known to be before they give their details: the person on the waiting
     * list whose offer started the order (names empty for an entry that had only one). Checkout
     * fills in the buyer and the first attendee with it. Null once the order has details of its
     * own, and for every other order (decision 039).
     */
    prefill: z.object({ first_name: z.string(), last_name: z.string(), email: z.string() }).nullable(),
    attendees: z.array(PublicAttendeeResponse),
    /** The answers to the order's own questions as saved, so checkout can show them again. */
    answers: z.array(AnswerInput),
    /**
     * How this order can be paid, for the payment step: offline (the event allows it, with its
     * instructions) and by card (the organizer's Stripe account can take charges).
     */
    payment_methods: z.object({
      offline: z.boolean(),
      offline_instructions: z.string().nullable(),
      card: z.boolean(),
    }),
    /** AWAITING_PAYMENT orders paid offline: how to pay, from the event settings. */
    payment_instructions: z.string().nullable(),
    /** The order's invoice and credit notes, oldest first, once issued (decision 053). */
    invoices: z.array(BuyerInvoice),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'PublicOrder' });
export type PublicOrderResponse = z.infer<typeof PublicOrderResponse>;
