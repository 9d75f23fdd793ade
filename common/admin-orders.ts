import { z } from 'zod';
import { AnswerValue } from './answers';
import { CardFees } from './billing';
import { dateIdParam, EventDateRef } from './date-filter';
import { exportParams, listQuerySchema } from './list-query';
import { ORDER_ACTIONS } from './order-actions';
import {
  ATTENDEE_STATUSES,
  ORDER_STATUSES,
  OrderItemResponse,
  PAYMENT_PROVIDER_KINDS,
  SeatPlace,
} from './orders';
import { REFUND_METHODS } from './payments';
import { PriceDisplayMode } from './public-tickets';
import { email, firstName, lastName } from './validators';

/** What is written down about an order after checkout (the order screen's activity log). */
export const ORDER_ACTIVITY_KINDS = [
  'MARKED_PAID',
  'CANCELLED',
  'CONFIRMATION_RESENT',
  /** The buyer sent the confirmation again from the order page (decision 056). */
  'BUYER_RESENT_CONFIRMATION',
  /** The buyer sent one ticket to its holder from the order page (decision 056). */
  'BUYER_RESENT_TICKET',
  'BUYER_UPDATED',
  'REFUND_REQUESTED',
  'REFUND_RECORDED',
  'NOTE',
  /** The buyer changed a ticket holder or their own details (decision 057): `data.changes`. */
  'BUYER_EDITED',
  /** The buyer cancelled their order (decision 057): `data.refund`, `data.fee`. */
  'BUYER_CANCELLED',
] as const;
export type OrderActivityKind = (typeof ORDER_ACTIVITY_KINDS)[number];

/** What the order list and its export hold when no status filter is given (also in OpenAPI). */
export const ORDERS_DEFAULT_LIST =
  'Without a status filter, the list holds the orders that reached checkout and the checkouts ' +
  'in progress (RESERVED and PAYMENT_FAILED, whose seats and promo code use are held until ' +
  '`reserved_until`); ABANDONED and EXPIRED orders are left out, and listed when filtered by ' +
  'status. An open order past its `reserved_until` is shown and filtered as EXPIRED, even ' +
  'before it is swept.';

const orderList = {
  sortable: ['created_at', 'total', 'reference'],
  defaultSort: 'created_at',
  defaultDirection: 'desc',
  filterable: { status: ['eq', 'in'], affiliate_id: ['eq', 'in'] },
} as const;

/**
 * `GET /api/events/{id}/orders`: search by reference, buyer name or e-mail; filter by status
 * (without one, see ORDERS_DEFAULT_LIST) and by the affiliate credited with the order
 * (`filter_fields[affiliate_id][eq]`; another event's affiliate matches nothing); sort by date,
 * total or reference.
 */
export const OrdersQuery = listQuerySchema({ ...orderList, params: dateIdParam });
/** `GET /api/events/{id}/orders/export?format=csv|xlsx`, with the list's search and filters. */
export const OrdersExportQuery = listQuerySchema({
  ...orderList,
  params: {
    ...exportParams,
    ...dateIdParam,
    /** `orders`: a row per order; `lines`: a row per ticket or product line, with its variant. */
    rows: z.enum(['orders', 'lines']).default('orders'),
  },
});

export const AdminOrderResponse = z
  .object({
    id: z.number().int(),
    reference: z.string(),
    /** The buyer's link to the order (`/order/{event}/{short_id}/print`). */
    short_id: z.string(),
    /** As the organizer sees it: an open order past its `reserved_until` is EXPIRED. */
    status: z.enum(ORDER_STATUSES),
    reserved_until: z.iso
      .datetime()
      .nullable()
      .meta({
        description:
          'While a checkout is in progress (RESERVED or PAYMENT_FAILED): when its seats and promo ' +
          'code use go back if it is not finished. Null for every other order.',
      }),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    email: z.string().nullable(),
    /** A business buyer's company, its address, and its VAT number with its country (issue 38). */
    company: z.string().nullable(),
    company_address: z.string().nullable(),
    vat_country: z.string().nullable(),
    vat_id: z.string().nullable(),
    currency: z.string(),
    total: z.number().int(),
    refunded_total: z.number().int(),
    attendee_count: z
      .number()
      .int()
      .meta({
        description:
          'Tickets of the order that still count: its attendees not cancelled (for a checkout ' +
          'whose attendees are not named yet, the quantities it reserved).',
      }),
    cancelled_attendee_count: z
      .number()
      .int()
      .meta({ description: 'Attendees of the order that were cancelled (not in attendee_count).' }),
    payment_provider: z.enum(PAYMENT_PROVIDER_KINDS).nullable(),
    /** The date of the event the order is for (issue 36). */
    date_id: z.number().int(),
    date: EventDateRef,
    created_at: z.iso.datetime(),
    completed_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'AdminOrder' });
export type AdminOrderResponse = z.infer<typeof AdminOrderResponse>;

/** A refund of an order, as the order screen lists it (and as recording one answers it). */
export const OrderRefundResponse = z
  .object({
    id: z.number().int(),
    amount: z.number().int(),
    status: z.enum(['PENDING', 'SUCCEEDED', 'FAILED']),
    /** STRIPE: asked of Stripe for a card payment; OFFLINE: given back by the organizer and recorded. */
    method: z.enum(REFUND_METHODS),
    /** Why it was given back, as the organizer wrote it (recorded refunds). */
    note: z.string().nullable(),
    created_at: z.iso.datetime(),
    /** Once Stripe made it: the share of the platform fee it gave back, and Stripe's fee on it. */
    fees: CardFees.nullable(),
  })
  .meta({ id: 'OrderRefund' });
export type OrderRefundResponse = z.infer<typeof OrderRefundResponse>;

export const AdminOrderDetailResponse = AdminOrderResponse.extend({
  promo_code: z.string().nullable(),
  /** The code of the affiliate whose link brought the buyer (decision 021), or null. */
  affiliate_code: z.string().nullable(),
  /** The event's choice of showing amounts with taxes and fees included, or added. */
  price_display_mode: PriceDisplayMode,
  totals: z.object({
    gross: z.number().int(),
    discount: z.number().int(),
    subtotal: z.number().int(),
    fees: z.number().int(),
    taxes: z.number().int(),
    total: z.number().int(),
    refunded: z.number().int(),
    /** What is left after refunds. */
    remaining: z.number().int(),
  }),
  items: z.array(OrderItemResponse),
  attendees: z.array(
    z.object({
      id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      status: z.enum(ATTENDEE_STATUSES),
      ticket_id: z.number().int(),
      ticket_title: z.string(),
      /** A seated ticket's seat (issue 42). */
      seat: SeatPlace.nullable(),
    }),
  ),
  answers: z.array(
    z.object({
      question_id: z.number().int(),
      title: z.string(),
      /** Null for the order's own questions; else whose answer it is. */
      attendee_id: z.number().int().nullable(),
      answer: AnswerValue,
    }),
  ),
  /**
   * The card payment's fees as Stripe booked them (decision 028): the platform fee and Stripe's
   * processing fee; null for an order not paid by card (or not booked yet).
   */
  card_fees: CardFees.nullable(),
  refunds: z.array(OrderRefundResponse),
  activity: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(ORDER_ACTIVITY_KINDS),
      note: z.string().nullable(),
      /** Who did it; null when Tessera did. */
      by: z.string().nullable(),
      data: z.record(z.string(), z.unknown()).nullable(),
      created_at: z.iso.datetime(),
    }),
  ),
  payment_instructions: z.string().nullable(),
  actions: z.array(z.enum(ORDER_ACTIONS)).meta({
    description:
      'What the caller can do to the order now (`…/mark-paid`, `…/refund`, `…/offline-refunds`, `…/resend`, ' +
      '`…/cancel`); ' +
      'any other of these calls is refused with 409 and its error code.',
  }),
}).meta({ id: 'AdminOrderDetail' });
export type AdminOrderDetailResponse = z.infer<typeof AdminOrderDetailResponse>;

/** `PUT /api/events/{id}/orders/{orderId}`: the buyer's details. */
export const UpdateOrderBuyerRequest = z
  .strictObject({ first_name: firstName(), last_name: lastName(), email: email() })
  .meta({ id: 'UpdateOrderBuyerRequest' });
export type UpdateOrderBuyerRequest = z.input<typeof UpdateOrderBuyerRequest>;

/** `POST …/orders/{orderId}/cancel` */
export const CancelOrderRequest = z
  .strictObject({ notify_buyer: z.boolean().default(true) })
  .meta({ id: 'CancelOrderRequest' });
export type CancelOrderRequest = z.input<typeof CancelOrderRequest>;

/** `POST …/orders/{orderId}/notes` */
export const OrderNoteRequest = z
  .strictObject({ note: z.string().trim().min(1).max(2000) })
  .meta({ id: 'OrderNoteRequest' });
export type OrderNoteRequest = z.input<typeof OrderNoteRequest>;
