import type { ErrorDefinition } from './definition';

/** A buyer's own edits and cancellations of their order (decision 057). */
export const SELF_SERVICE_ERRORS = {
  SELF_EDIT_DISABLED: {
    status: 403,
    message: /*i18n*/ {
      id: 'error.self_edit_disabled',
      message: 'The organizer does not allow changes to orders of this event. Please contact them.',
    },
  },
  SELF_EDIT_CLOSED: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.self_edit_closed',
      message: 'Changes are closed: it is too close to the event. Please contact the organizer.',
    },
  },
  SELF_EDIT_FIELD_NOT_ALLOWED: {
    status: 403,
    message: /*i18n*/ {
      id: 'error.self_edit_field_not_allowed',
      message: 'The organizer does not allow this detail to be changed.',
    },
  },
  SELF_EDIT_NOT_EDITABLE: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.self_edit_not_editable',
      message: 'This order or ticket is cancelled or not placed yet, so it cannot be changed.',
    },
  },
  ATTENDEE_CHECKED_IN: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.attendee_checked_in',
      message: 'This ticket has been checked in and can no longer be changed.',
    },
  },
  SELF_CANCEL_DISABLED: {
    status: 403,
    message: /*i18n*/ {
      id: 'error.self_cancel_disabled',
      message: 'The organizer does not allow cancelling orders of this event. Please contact them.',
    },
  },
  SELF_CANCEL_FREE_ONLY: {
    status: 403,
    message: /*i18n*/ {
      id: 'error.self_cancel_free_only',
      message: 'Only free orders can be cancelled here. Please contact the organizer.',
    },
  },
  SELF_CANCEL_CLOSED: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.self_cancel_closed',
      message: 'Cancelling is closed: it is too close to the event. Please contact the organizer.',
    },
  },
  SELF_CANCEL_PAID_OFFLINE: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.self_cancel_paid_offline',
      message: 'This order was paid outside the online checkout. Please contact the organizer to cancel it.',
    },
  },
  SELF_CANCEL_NOT_CANCELLABLE: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.self_cancel_not_cancellable',
      message: 'This order cannot be cancelled now: it is cancelled already or a refund is on its way.',
    },
  },
} as const satisfies Record<string, ErrorDefinition>;
