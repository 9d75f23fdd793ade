import type { ErrorDefinition } from './definition';

/** Messages to attendees (issue #16). */
export const MESSAGE_ERRORS = {
  MESSAGE_NOT_FOUND: {
    status: 404,
    message: /*i18n*/ { id: 'error.message_not_found', message: 'This message no longer exists.' },
  },
  MESSAGE_NOT_DELETABLE: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.message_not_deletable',
      message: 'This message could not be deleted: it is already being sent or has been sent.',
    },
  },
  MESSAGE_NO_RECIPIENTS: {
    status: 422,
    message: /*i18n*/ {
      id: 'error.message_no_recipients',
      message: 'Nobody matches the recipients you chose, so the message could not be sent.',
    },
  },
  MESSAGE_TOO_MANY_RECIPIENTS: {
    status: 422,
    message: /*i18n*/ {
      id: 'error.message_too_many_recipients',
      message:
        'This message would reach {count} people, more than the {limit} one message may reach. Choose fewer recipients.',
    },
  },
  MESSAGE_DAILY_LIMIT: {
    status: 429,
    message: /*i18n*/ {
      id: 'error.message_daily_limit',
      message: 'This account has sent the {limit} messages it may send in 24 hours. Try again later.',
    },
  },
} as const satisfies Record<string, ErrorDefinition>;
