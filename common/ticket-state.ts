import type { AttendeeStatus, OrderStatus } from './orders';

/**
 * Whether a ticket lets its holder in, and if not why: its order awaits payment, or it (or
 * its order) was cancelled or refunded. Only a valid ticket shows its QR code.
 */
export type TicketState = 'VALID' | 'AWAITING_PAYMENT' | 'CANCELLED';

const UNDONE: readonly OrderStatus[] = ['CANCELLED', 'REFUNDED', 'EXPIRED', 'ABANDONED'];

export function ticketState(attendee: AttendeeStatus, order: OrderStatus): TicketState {
  if (attendee === 'CANCELLED' || UNDONE.includes(order)) return 'CANCELLED';
  if (attendee === 'AWAITING_PAYMENT' || order === 'AWAITING_PAYMENT' || order === 'PROCESSING') {
    return 'AWAITING_PAYMENT';
  }
  return 'VALID';
}
