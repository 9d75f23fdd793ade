import type { ErrorDefinition } from './definition';

/** Logging in, links sent by e-mail, users and invitations. */
export const ACCOUNT_ERRORS = {
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
  EMAIL_TAKEN: {
    status: 409,
    message: /*i18n*/ { id: 'error.email_taken', message: 'This e-mail address is already in use.' },
  },
  ALREADY_MEMBER: {
    status: 409,
    message: /*i18n*/ { id: 'error.already_member', message: 'This person already belongs to this account.' },
  },
} as const satisfies Record<string, ErrorDefinition>;
