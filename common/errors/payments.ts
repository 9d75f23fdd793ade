import type { ErrorDefinition } from './definition';

/** Card payments and refunds. */
export const PAYMENT_ERRORS = {
  PAYMENTS_NOT_CONFIGURED: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.payments_not_configured',
      message: 'Card payments are not set up on this Tessera server.',
    },
  },
  PAYMENTS_NOT_CONNECTED: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.payments_not_connected',
      message: 'The organizer cannot take card payments yet.',
    },
  },
  PAYMENT_METHOD_REQUIRED: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.payment_method_required',
      message:
        'Paid tickets need a way to pay before the event goes live: connect Stripe under Account › Payments, or enable offline payment in the event’s settings.',
    },
  },
  PAYMENT_PROVIDER_ERROR: {
    status: 502,
    message: /*i18n*/ {
      id: 'error.payment_provider',
      message: 'The payment could not be processed. Please try again or contact support.',
    },
  },
  BILLING_STATEMENT_NOT_FOUND: {
    status: 404,
    message: /*i18n*/ {
      id: 'error.billing_statement_not_found',
      message: 'There were no card payments or refunds in that month.',
    },
  },
  REFUND_PENDING: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.refund_pending',
      message: 'A refund of this order is still pending. Wait for it to finish before refunding again.',
    },
  },
  ORDER_ALREADY_REFUNDED: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.order_already_refunded',
      message: 'This order has already been refunded.',
    },
  },
  ORDER_NOT_REFUNDABLE: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.order_not_refundable',
      message:
        'Only orders paid by card are refunded through Stripe. For an order paid offline, give the money back yourself, then record the refund.',
    },
  },
  ORDER_PAID_BY_CARD: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.order_paid_by_card',
      message:
        'This order was paid by card: refund it through Stripe, which gives the money back to the card.',
    },
  },
  ORDER_MANUAL_NOT_REFUNDABLE: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.order_manual_not_refundable',
      message: 'This order was created by hand, with no payment taken, so it cannot be refunded.',
    },
  },
} as const satisfies Record<string, ErrorDefinition>;
