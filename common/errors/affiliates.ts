import type { ErrorDefinition } from './definition';

/** Affiliates of an event and their links (decision 021). */
export const AFFILIATE_ERRORS = {
  AFFILIATE_CODE_TAKEN: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.affiliate_code_taken',
      message: 'Another affiliate of this event already has this code.',
    },
  },
  /** An organizer homepage's address (decision 058): in use, or once used, by another organizer. */
  ORGANIZER_SLUG_TAKEN: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.organizer_slug_taken',
      message: 'This address is already taken. Please choose another one.',
    },
  },
  AFFILIATE_HAS_ORDERS: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.affiliate_has_orders',
      message:
        'This affiliate has brought orders, so it cannot be deleted. Deactivate it instead: its link stops counting and its figures are kept.',
    },
  },
} as const satisfies Record<string, ErrorDefinition>;
