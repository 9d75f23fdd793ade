import type { ErrorDefinition } from './definition';

/** Orders, reservations, attendees and check-in. */
export const ORDER_ERRORS = {
  NOT_ENOUGH_AVAILABLE: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.not_enough_available',
      message: 'Not enough tickets are left for this order. Choose fewer or another ticket.',
    },
  },
  PROMO_CODE_USED_UP: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.promo_code_used_up',
      message: 'This promo code has already been used as many times as allowed.',
    },
  },
  TOO_MANY_OPEN_ORDERS: {
    status: 429,
    message: /*i18n*/ {
      id: 'error.too_many_open_orders',
      message:
        'Too many reservations are open from your connection. Finish or cancel one, or wait until it expires, then try again.',
    },
  },
  ORDER_NOT_FOUND: {
    status: 404,
    message: /*i18n*/ { id: 'error.order_not_found', message: 'This order no longer exists.' },
  },
  ORDER_EXPIRED: {
    status: 410,
    message: /*i18n*/ {
      id: 'error.order_expired',
      message: 'This order has expired. Please start a new one.',
    },
  },
  ORDER_DETAILS_MISSING: {
    status: 422,
    message: /*i18n*/ {
      id: 'error.order_details_missing',
      message: 'Enter your details before completing the order.',
    },
  },
  ORDER_ALREADY_PROCESSED: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.order_already_processed',
      message: 'This order has already been processed.',
    },
  },
  ORDER_EXTENSION_USED: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.order_extension_used',
      message:
        'This reservation has been extended as often as it can be. Please complete your order in the time left.',
    },
  },
  ATTENDEE_NOT_FOUND: {
    status: 404,
    message: /*i18n*/ { id: 'error.attendee_not_found', message: 'This ticket does not exist.' },
  },
  TICKETS_NOT_ISSUED: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.tickets_not_issued',
      message:
        'There is no valid ticket to print here: the order is not paid yet, or the ticket was cancelled.',
    },
  },
  ATTENDEE_ALREADY_CANCELLED: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.attendee_already_cancelled',
      message: 'This ticket is already cancelled.',
    },
  },
  ATTENDEE_AWAITING_PAYMENT: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.attendee_awaiting_payment',
      message: 'This ticket is still awaiting payment: cancel its order instead.',
    },
  },
  ATTENDEE_NOT_CANCELLED: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.attendee_not_cancelled',
      message: 'Only a cancelled ticket can be reactivated.',
    },
  },
  ATTENDEE_NO_STOCK: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.attendee_no_stock',
      message: 'No places are left for this ticket, so it cannot be reactivated or added.',
    },
  },
  ATTENDEE_ORDER_CLOSED: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.attendee_order_closed',
      message: 'This ticket’s order is cancelled or refunded, so the ticket cannot be reactivated.',
    },
  },
  TICKET_EMAIL_NOT_SENT: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.ticket_email_not_sent',
      message: 'The ticket e-mail could not be resent: the ticket is cancelled or not paid yet.',
    },
  },
  CHECK_IN_LIST_NOT_FOUND: {
    status: 404,
    message: /*i18n*/ {
      id: 'error.check_in_list_not_found',
      message:
        'This check-in list does not exist, or its link has been replaced. Ask the organizer for the current link.',
    },
  },
  CHECK_IN_NOT_FOUND: {
    status: 404,
    message: /*i18n*/ {
      id: 'error.check_in_not_found',
      message: 'This check-in does not exist or has already been undone.',
    },
  },
  ORDER_ALREADY_CANCELLED: {
    status: 409,
    message: /*i18n*/ { id: 'error.order_already_cancelled', message: 'This order is already cancelled.' },
  },
  ORDER_NOT_AWAITING_PAYMENT: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.order_not_awaiting_payment',
      message: 'Only an order awaiting an offline payment can be marked as paid.',
    },
  },
  ORDER_NOT_CANCELLABLE: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.order_not_cancellable',
      message: 'This order cannot be cancelled now: it is still being placed or paid.',
    },
  },
  ORDER_EMAIL_NOT_SENT: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.order_email_not_sent',
      message: 'The confirmation could not be resent: the order has no buyer e-mail or was not placed.',
    },
  },
  ORDER_BUYER_NOT_EDITABLE: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.order_buyer_not_editable',
      message:
        'The buyer is still placing this order. Their details can be corrected once the checkout is finished.',
    },
  },
  ORDER_NOT_PAID: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.order_not_paid',
      message: 'This order has not been paid, so there is nothing to refund.',
    },
  },
} as const satisfies Record<string, ErrorDefinition>;
