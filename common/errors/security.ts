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
  PASSWORD_INCORRECT: {
    status: 422,
    message: /*i18n*/ {
      id: 'error.password_incorrect',
      message: 'The password is not correct.',
    },
  },
} as const satisfies Record<string, ErrorDefinition>;
