import type { ErrorDefinition } from './definition';

/** "Find my tickets" and the buyer's resends (decision 056). */
export const ORDER_LOOKUP_ERRORS = {
  ORDER_LINK_EXPIRED: {
    status: 410,
    message: /*i18n*/ {
      id: 'error.order_link_expired',
      message: 'This link has expired. Ask for a new one.',
    },
  },
  ORDER_NOT_RESENDABLE: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.order_not_resendable',
      message: 'Only a confirmed order, or one awaiting payment, can be sent again.',
    },
  },
  TICKET_NOT_RESENDABLE: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.ticket_not_resendable',
      message: 'Only a valid ticket of a confirmed order can be sent to its holder.',
    },
  },
} as const satisfies Record<string, ErrorDefinition>;
