import type { ErrorDefinition } from './definition';

/** What an event sells: tickets, tiers, questions, dates. */
export const CATALOGUE_ERRORS = {
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
  PROMO_CODE_TAKEN: {
    status: 409,
    message: /*i18n*/ { id: 'error.promo_code_taken', message: 'This promo code already exists.' },
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
  LAST_EVENT_DATE: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.last_event_date',
      message: 'An event needs at least one date, so its last date cannot be deleted.',
    },
  },
  DATE_HAS_ORDERS: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.date_has_orders',
      message: 'This date has orders, so it cannot be deleted. Cancel it instead.',
    },
  },
  DATE_ALREADY_CANCELLED: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.date_already_cancelled',
      message: 'This date has already been cancelled.',
    },
  },
} as const satisfies Record<string, ErrorDefinition>;
