import type { ErrorCode } from './errors';
import type { AttendeeStatus, OrderStatus } from './order-statuses';

/**
 * What an organizer can do to one attendee's ticket. Which of them an attendee allows is decided
 * here, once, for the API (which refuses the others) and for the attendee drawer that offers them.
 */
export const ATTENDEE_ACTIONS = ['RESEND_TICKET', 'CANCEL', 'REACTIVATE'] as const;
export type AttendeeAction = (typeof ATTENDEE_ACTIONS)[number];

/** What the rules look at: the attendee's status and their order's. */
export interface AttendeeFacts {
  status: AttendeeStatus;
  orderStatus: OrderStatus;
}

/** When a refusal applies: one condition on the attendee or their order, as data. */
export type AttendeeCondition =
  | { statusIn: readonly AttendeeStatus[] }
  | { statusNotIn: readonly AttendeeStatus[] }
  | { orderStatusNotIn: readonly OrderStatus[] };

/** The error codes the API answers a refused attendee action with. */
export type AttendeeActionRefusal = Extract<
  ErrorCode,
  | 'TICKET_EMAIL_NOT_SENT'
  | 'ATTENDEE_ALREADY_CANCELLED'
  | 'ATTENDEE_AWAITING_PAYMENT'
  | 'ATTENDEE_NOT_CANCELLED'
  | 'ATTENDEE_ORDER_CLOSED'
>;

export interface AttendeeRefusalRule {
  when: AttendeeCondition;
  code: AttendeeActionRefusal;
}

/** Orders whose tickets may be cancelled and reactivated one by one: paid, not undone. */
export const OPEN_FOR_ATTENDEES: readonly OrderStatus[] = [
  'COMPLETED',
  'PARTIALLY_REFUNDED',
  'REFUND_FAILED',
];

/**
 * The rules, per action: the reasons to refuse it, checked in order; the first that applies is
 * the answer (409 with its code), and an attendee none applies to allows the action. Whether a
 * seat is free to reactivate a ticket is not a rule here: only taking the seat tells
 * (`ATTENDEE_NO_STOCK`).
 */
export const ATTENDEE_ACTION_RULES: Readonly<Record<AttendeeAction, readonly AttendeeRefusalRule[]>> = {
  /** The ticket mailed to its holder again: only a valid one. */
  RESEND_TICKET: [{ when: { statusNotIn: ['ACTIVE'] }, code: 'TICKET_EMAIL_NOT_SENT' }],
  /** Voids the ticket and puts its seat back on sale; a ticket not paid yet goes with its order. */
  CANCEL: [
    { when: { statusIn: ['CANCELLED'] }, code: 'ATTENDEE_ALREADY_CANCELLED' },
    { when: { statusIn: ['AWAITING_PAYMENT'] }, code: 'ATTENDEE_AWAITING_PAYMENT' },
  ],
  /** A cancelled ticket valid again, while its order still stands. */
  REACTIVATE: [
    { when: { statusNotIn: ['CANCELLED'] }, code: 'ATTENDEE_NOT_CANCELLED' },
    { when: { orderStatusNotIn: OPEN_FOR_ATTENDEES }, code: 'ATTENDEE_ORDER_CLOSED' },
  ],
};

function applies(condition: AttendeeCondition, attendee: AttendeeFacts): boolean {
  if ('statusIn' in condition) return condition.statusIn.includes(attendee.status);
  if ('statusNotIn' in condition) return !condition.statusNotIn.includes(attendee.status);
  return !condition.orderStatusNotIn.includes(attendee.orderStatus);
}

/** Why the attendee does not allow the action (the API's error code), or null when they do. */
export function attendeeActionRefusal(
  action: AttendeeAction,
  attendee: AttendeeFacts,
): AttendeeActionRefusal | null {
  return ATTENDEE_ACTION_RULES[action].find((rule) => applies(rule.when, attendee))?.code ?? null;
}

/** The actions the attendee allows, in the order of `ATTENDEE_ACTIONS`. */
export function attendeeActions(attendee: AttendeeFacts): AttendeeAction[] {
  return ATTENDEE_ACTIONS.filter((action) => attendeeActionRefusal(action, attendee) === null);
}
