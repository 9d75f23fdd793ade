import type { MessageDescriptor } from '@lingui/core';

/** The one error shape of the HTTP API (ARCHITECTURE §3); its zod schema is in `api-error.ts`. */
export interface ApiErrorBody {
  message: string;
  code: string;
  errors?: Record<string, string[]>;
  request_id?: string;
}

interface ErrorDefinition {
  status: number;
  message: MessageDescriptor;
}

/**
 * Every error code the API answers with, its HTTP status and its translated message.
 * Messages are plain descriptors (marked for extraction) so that the server can use
 * them without the macro compiler, and the web can show the same wording.
 */
export const ERRORS = {
  BAD_REQUEST: {
    status: 400,
    message: /*i18n*/ { id: 'error.bad_request', message: 'The request could not be understood.' },
  },
  MALFORMED_JSON: {
    status: 400,
    message: /*i18n*/ { id: 'error.malformed_json', message: 'The request body is not valid JSON.' },
  },
  UNAUTHENTICATED: {
    status: 401,
    message: /*i18n*/ { id: 'error.unauthenticated', message: 'Please log in to continue.' },
  },
  FORBIDDEN: {
    status: 403,
    message: /*i18n*/ {
      id: 'error.forbidden',
      message: 'You do not have permission to access this page.',
    },
  },
  NOT_FOUND: {
    status: 404,
    message: /*i18n*/ { id: 'error.not_found', message: 'What you are looking for does not exist.' },
  },
  ROUTE_NOT_FOUND: {
    status: 404,
    message: /*i18n*/ { id: 'error.route_not_found', message: 'There is no API endpoint at this address.' },
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    message: /*i18n*/ { id: 'error.method_not_allowed', message: 'This method is not allowed here.' },
  },
  CONFLICT: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.conflict',
      message: 'This conflicts with the current state. Reload and try again.',
    },
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    message: /*i18n*/ { id: 'error.payload_too_large', message: 'The request is too large.' },
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    message: /*i18n*/ {
      id: 'error.unsupported_media_type',
      message: 'This content type is not supported here.',
    },
  },
  VALIDATION_FAILED: {
    status: 422,
    message: /*i18n*/ { id: 'error.validation_failed', message: 'Some fields need your attention.' },
  },
  RATE_LIMITED: {
    status: 429,
    message: /*i18n*/ {
      id: 'error.rate_limited',
      message: 'Too many attempts. Please wait a minute and try again.',
    },
  },
  INVALID_CREDENTIALS: {
    status: 401,
    message: /*i18n*/ {
      id: 'error.invalid_credentials',
      message: 'The e-mail address or password is not correct.',
    },
  },
  SESSION_EXPIRED: {
    status: 401,
    message: /*i18n*/ {
      id: 'error.session_expired',
      message: 'Your session has ended. Please log in again.',
    },
  },
  USER_INACTIVE: {
    status: 403,
    message: /*i18n*/ {
      id: 'error.user_inactive',
      message:
        'This login is not active. Accept your invitation first, or ask an administrator of the account to activate you.',
    },
  },
  EMAIL_NOT_CONFIRMED: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.email_not_confirmed',
      message:
        'Confirm your e-mail address first: use the link we sent you, or send a new one from your profile.',
    },
  },
  EMAIL_ALREADY_CONFIRMED: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.email_already_confirmed',
      message: 'Your e-mail address is already confirmed.',
    },
  },
  RESET_LINK_INVALID: {
    status: 410,
    message: /*i18n*/ {
      id: 'error.reset_link_invalid',
      message: 'This password reset link is invalid or has expired. Ask for a new one.',
    },
  },
  LINK_INVALID: {
    status: 410,
    message: /*i18n*/ {
      id: 'error.link_invalid',
      message: 'The link you clicked is invalid or has expired.',
    },
  },
  INVITATION_INVALID: {
    status: 410,
    message: /*i18n*/ {
      id: 'error.invitation_invalid',
      message: 'This invitation is no longer valid. Ask the person who invited you to send a new one.',
    },
  },
  INVITATION_ALREADY_ACCEPTED: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.invitation_already_accepted',
      message: 'This invitation has already been accepted. Log in to continue.',
    },
  },
  NO_PENDING_EMAIL_CHANGE: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.no_pending_email_change',
      message: 'There is no e-mail change waiting for confirmation.',
    },
  },
  OWNER_IMMUTABLE: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.owner_immutable',
      message: 'The role and status of the account owner cannot be changed.',
    },
  },
  ALREADY_MEMBER: {
    status: 409,
    message: /*i18n*/ { id: 'error.already_member', message: 'This person already belongs to this account.' },
  },
  TICKET_HAS_SALES: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.ticket_has_sales',
      message: 'This ticket has been ordered, so it cannot be deleted. Hide it instead.',
    },
  },
  TIER_HAS_SALES: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.tier_has_sales',
      message: 'A price tier with sold tickets cannot be deleted. Hide it instead.',
    },
  },
  DEFAULT_QUESTION_LOCKED: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.default_question_locked',
      message: 'Default questions (first name, last name and e-mail) cannot be edited or deleted.',
    },
  },
  TICKET_TYPE_LOCKED: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.ticket_type_locked',
      message: 'The ticket type cannot change once attendees or orders exist.',
    },
  },
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
      message: 'This reservation has already been extended once.',
    },
  },
  ATTENDEE_NOT_FOUND: {
    status: 404,
    message: /*i18n*/ { id: 'error.attendee_not_found', message: 'This ticket does not exist.' },
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
      message: 'Only orders paid by card can be refunded here. Manually created and offline orders cannot.',
    },
  },
  ORDER_MANUAL_NOT_REFUNDABLE: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.order_manual_not_refundable',
      message: 'This order was created by hand, with no payment taken, so it cannot be refunded.',
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
  ORDER_NOT_PAID: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.order_not_paid',
      message: 'This order has not been paid, so there is nothing to refund.',
    },
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: /*i18n*/ {
      id: 'error.idempotency_key_reused',
      message: 'This Idempotency-Key was already used for a different request.',
    },
  },
  INTERNAL: {
    status: 500,
    message: /*i18n*/ {
      id: 'error.internal',
      message: 'An unexpected error occurred. Please try again.',
    },
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: /*i18n*/ {
      id: 'error.service_unavailable',
      message: 'The service is temporarily unavailable. Please try again shortly.',
    },
  },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}
