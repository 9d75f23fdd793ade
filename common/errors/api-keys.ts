import type { ErrorDefinition } from './definition';

/** API keys: calls made with one, and managing them (decision 025). */
export const API_KEY_ERRORS = {
  API_KEY_INVALID: {
    status: 401,
    message: /*i18n*/ {
      id: 'error.api_key_invalid',
      message: 'This API key is not valid. Check that it was copied whole.',
    },
  },
  API_KEY_REVOKED: {
    status: 401,
    message: /*i18n*/ {
      id: 'error.api_key_revoked',
      message: 'This API key has been revoked. Create a new one under Account, Integrations.',
    },
  },
  API_KEY_EXPIRED: {
    status: 401,
    message: /*i18n*/ {
      id: 'error.api_key_expired',
      message: 'This API key has expired. Create a new one under Account, Integrations.',
    },
  },
  API_KEY_NOT_ALLOWED: {
    status: 403,
    message: /*i18n*/ {
      id: 'error.api_key_not_allowed',
      message: 'API keys cannot do this: it is for a person logged in to Tessera.',
    },
  },
  API_KEY_LIMIT: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.api_key_limit',
      message: 'This account has as many API keys as it may have. Revoke one you no longer use first.',
    },
  },
  API_KEY_ALREADY_REVOKED: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.api_key_already_revoked',
      message: 'This API key is already revoked.',
    },
  },
} as const satisfies Record<string, ErrorDefinition>;
