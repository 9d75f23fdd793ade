import { describe, expect, it } from 'vitest';
import {
  ATTENDEE_ACTIONS,
  type AttendeeAction,
  type AttendeeActionRefusal,
  attendeeActionRefusal,
  attendeeActions,
} from './attendee-actions';
import { ATTENDEE_STATUSES, type AttendeeStatus, ORDER_STATUSES, type OrderStatus } from './order-statuses';

// What an organizer may do to one attendee's ticket, by the attendee's status and their order's:
// the answer the API gives (its error code) and the buttons the attendee drawer shows come from
// these rules.

type Answer = AttendeeActionRefusal | 'ok';

/** Orders whose tickets can come back one by one: paid and not undone. */
const OPEN: readonly OrderStatus[] = ['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUND_FAILED'];

/** Whatever the order: the attendee's own status decides. */
const BY_ATTENDEE: Record<AttendeeStatus, Record<Exclude<AttendeeAction, 'REACTIVATE'>, Answer>> = {
  ACTIVE: { RESEND_TICKET: 'ok', CANCEL: 'ok' },
  AWAITING_PAYMENT: { RESEND_TICKET: 'TICKET_EMAIL_NOT_SENT', CANCEL: 'ATTENDEE_AWAITING_PAYMENT' },
  CANCELLED: { RESEND_TICKET: 'TICKET_EMAIL_NOT_SENT', CANCEL: 'ATTENDEE_ALREADY_CANCELLED' },
};

const reactivation = (status: AttendeeStatus, orderStatus: OrderStatus): Answer => {
  if (status !== 'CANCELLED') return 'ATTENDEE_NOT_CANCELLED';
  return OPEN.includes(orderStatus) ? 'ok' : 'ATTENDEE_ORDER_CLOSED';
};

const answer = (action: AttendeeAction, status: AttendeeStatus, orderStatus: OrderStatus): Answer =>
  attendeeActionRefusal(action, { status, orderStatus }) ?? 'ok';

describe('attendee actions', () => {
  it('allow or refuse every action for every attendee status and order status', () => {
    for (const status of ATTENDEE_STATUSES) {
      for (const orderStatus of ORDER_STATUSES) {
        const where = `${status}, order ${orderStatus}`;
        expect(answer('RESEND_TICKET', status, orderStatus), where).toBe(BY_ATTENDEE[status].RESEND_TICKET);
        expect(answer('CANCEL', status, orderStatus), where).toBe(BY_ATTENDEE[status].CANCEL);
        expect(answer('REACTIVATE', status, orderStatus), where).toBe(reactivation(status, orderStatus));
      }
    }
  });

  it('do not reactivate a cancelled ticket of a refunded or cancelled order', () => {
    expect(attendeeActions({ status: 'CANCELLED', orderStatus: 'REFUNDED' })).toEqual([]);
    expect(attendeeActions({ status: 'CANCELLED', orderStatus: 'CANCELLED' })).toEqual([]);
    expect(attendeeActions({ status: 'CANCELLED', orderStatus: 'REFUND_PENDING' })).toEqual([]);
    expect(attendeeActions({ status: 'CANCELLED', orderStatus: 'COMPLETED' })).toEqual(['REACTIVATE']);
  });

  it('list the actions allowed, in one fixed order', () => {
    expect(attendeeActions({ status: 'ACTIVE', orderStatus: 'COMPLETED' })).toEqual([
      'RESEND_TICKET',
      'CANCEL',
    ]);
    expect(attendeeActions({ status: 'AWAITING_PAYMENT', orderStatus: 'AWAITING_PAYMENT' })).toEqual([]);
    for (const status of ATTENDEE_STATUSES) {
      for (const orderStatus of ORDER_STATUSES) {
        expect(attendeeActions({ status, orderStatus })).toEqual(
          ATTENDEE_ACTIONS.filter((action) => answer(action, status, orderStatus) === 'ok'),
        );
      }
    }
  });
});
