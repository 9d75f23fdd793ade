import type { ErrorDefinition } from './definition';

/** Errors of the HTTP contract itself (docs/architecture.md#http-contract), whatever the call. */
export const HTTP_ERRORS = {
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
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: /*i18n*/ {
      id: 'error.idempotency_key_reused',
      message: 'This Idempotency-Key was already used for a different request.',
    },
  },
  IDEMPOTENCY_KEY_IN_USE: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.idempotency_key_in_use',
      message:
        'A request with this Idempotency-Key is still being processed. Wait a moment, then send it again to get its answer.',
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
