import type { ErrorDefinition } from './definition';

/** A buyer's data export and erasure (decision 064). */
export const PERSONAL_DATA_ERRORS = {
  DATA_EXPORT_EXPIRED: {
    status: 410,
    message: /*i18n*/ {
      id: 'error.data_export_expired',
      message: 'This link to your data has expired. Ask for a new one.',
    },
  },
  BUYER_NOT_FOUND: {
    status: 404,
    message: /*i18n*/ {
      id: 'error.buyer_not_found',
      message: 'This account has no orders, tickets or waiting-list entries with this e-mail address.',
    },
  },
} as const satisfies Record<string, ErrorDefinition>;
