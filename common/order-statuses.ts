/**
 * The statuses of orders and attendees, and what they mean, without any schema: the checkout
 * reads them, and a buyer's download then holds no part of zod's chained build (decision 033).
 * `orders.ts` re-exports them beside the schemas that use them.
 */

export const ORDER_STATUSES = [
  'RESERVED',
  'AWAITING_PAYMENT',
  'PROCESSING',
  'COMPLETED',
  'CANCELLED',
  'EXPIRED',
  'ABANDONED',
  'PAYMENT_FAILED',
  'REFUND_PENDING',
  'REFUND_FAILED',
  'PARTIALLY_REFUNDED',
  'REFUNDED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * An open reservation: its seats are held until `reserved_until`, the buyer may still change it,
 * pay (again, after a declined card) and ask once for more time.
 */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ['RESERVED', 'PAYMENT_FAILED'];

/** Display colours of order statuses: orange for waiting, red for failed or undone, teal otherwise. */
export function orderStatusColor(status: OrderStatus): 'orange' | 'red' | 'teal' {
  if (status === 'AWAITING_PAYMENT' || status === 'REFUND_PENDING' || status === 'PARTIALLY_REFUNDED')
    return 'orange';
  if (
    status === 'CANCELLED' ||
    status === 'REFUND_FAILED' ||
    status === 'REFUNDED' ||
    status === 'PAYMENT_FAILED'
  )
    return 'red';
  return 'teal';
}

/** Orders whose checkout was never finished: a reservation, open or lapsed. Not orders yet to a buyer. */
export const UNFINISHED_CHECKOUT_STATUSES: readonly OrderStatus[] = [
  'RESERVED',
  'PAYMENT_FAILED',
  'EXPIRED',
  'ABANDONED',
];

/** Statuses whose seats still count as reserved (not sold, not released). */
export const HOLDING_STATUSES: readonly OrderStatus[] = ['RESERVED', 'AWAITING_PAYMENT', 'PROCESSING'];

export const ATTENDEE_STATUSES = ['ACTIVE', 'AWAITING_PAYMENT', 'CANCELLED'] as const;
export type AttendeeStatus = (typeof ATTENDEE_STATUSES)[number];
