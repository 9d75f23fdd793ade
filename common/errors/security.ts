import type { ErrorDefinition } from './definition';

/** Two-factor sign-in and the account's security rules (decision 063). */
export const SECURITY_ERRORS = {
  LOGIN_TICKET_EXPIRED: {
    status: 410,
    message: /*i18n*/ {
      id: 'error.login_ticket_expired',
      message: 'This sign-in has expired or had too many wrong codes. Please log in again.',
    },
  },
  TWO_FACTOR_CODE_INVALID: {
    status: 422,
    message: /*i18n*/ {
      id: 'error.two_factor_code_invalid',
      message: 'This code is not correct or has already been used.',
    },
  },
  TWO_FACTOR_SETUP_REQUIRED: {
    status: 403,
    message: /*i18n*/ {
      id: 'error.two_factor_setup_required',
      message: 'Your account requires two-factor sign-in. Set it up in your profile to continue.',
    },
  },
  TWO_FACTOR_ALREADY_ENABLED: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.two_factor_already_enabled',
      message: 'An authenticator app is already set up. Turn it off first to set up another one.',
    },
  },
  TWO_FACTOR_NOT_ENABLED: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.two_factor_not_enabled',
      message: 'Two-factor sign-in with an authenticator app is not on.',
    },
  },
  TWO_FACTOR_STILL_REQUIRED: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.two_factor_still_required',
      message: 'Your account requires two-factor sign-in: keep a passkey or the authenticator app.',
    },
  },
  TWO_FACTOR_SELF_FIRST: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.two_factor_self_first',
      message: 'Set up two-factor sign-in for yourself first, then require it of every member.',
    },
  },
  PASSKEY_NOT_FOUND: {
    status: 404,
    message: /*i18n*/ { id: 'error.passkey_not_found', message: 'This passkey does not exist.' },
  },
  PASSKEY_CHALLENGE_EXPIRED: {
    status: 410,
    message: /*i18n*/ {
      id: 'error.passkey_challenge_expired',
      message: 'This passkey request has expired or was already answered. Please try again.',
    },
  },
  PASSKEY_INVALID: {
    status: 422,
    message: /*i18n*/ {
      id: 'error.passkey_invalid',
      message: 'The passkey could not be verified. Please try again.',
    },
  },
  PASSKEY_NOT_RECOGNIZED: {
    status: 401,
    message: /*i18n*/ {
      id: 'error.passkey_not_recognized',
      message: 'This passkey is not known here. Sign in with your password and add it in your profile.',
    },
  },
  PASSKEY_OTHER_USER: {
    status: 403,
    message: /*i18n*/ {
      id: 'error.passkey_other_user',
      message: 'This passkey belongs to another user. Use a passkey of the account you are signing in to.',
    },
  },
  PASSKEY_ALREADY_ADDED: {
    status: 409,
    message: /*i18n*/ { id: 'error.passkey_already_added', message: 'This passkey is already added.' },
  },
  PASSKEY_LAST_SECOND_FACTOR: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.passkey_last_second_factor',
      message:
        'Your account requires two-factor sign-in and this is your last second factor. Add another one before removing it.',
    },
  },
  SESSION_NOT_FOUND: {
    status: 404,
    message: /*i18n*/ {
      id: 'error.session_not_found',
      message: 'This session does not exist or has already ended.',
    },
  },
} as const satisfies Record<string, ErrorDefinition>;
