import type { ErrorDefinition } from './definition';

/** Waiting lists of sold-out tickets (decision 030). */
export const WAITLIST_ERRORS = {
  WAITLIST_NOT_OPEN: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.waitlist_not_open',
      message:
        'This ticket has no waiting list right now: it is not sold out, or the organizer has not opened one.',
    },
  },
  WAITLIST_ALREADY_JOINED: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.waitlist_already_joined',
      message: 'This e-mail address is already on the waiting list for this ticket.',
    },
  },
  WAITLIST_OFFER_INVALID: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.waitlist_offer_invalid',
      message: 'This offer can no longer be used: it has expired, was used, or is for another ticket.',
    },
  },
  WAITLIST_ENTRY_NOT_WAITING: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.waitlist_entry_not_waiting',
      message: 'Only someone still waiting can be offered a ticket.',
    },
  },
  WAITLIST_NO_FREE_SEAT: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.waitlist_no_free_seat',
      message: 'No ticket is free to offer. Raise the quantity or wait for an order to be cancelled.',
    },
  },
} as const satisfies Record<string, ErrorDefinition>;
