import type { ErrorDefinition } from './definition';

/** Apple and Google Wallet passes of tickets (decision 032). */
export const WALLET_ERRORS = {
  WALLET_NOT_CONFIGURED: {
    status: 404,
    message: /*i18n*/ {
      id: 'error.wallet_not_configured',
      message: 'This server does not offer passes for this wallet.',
    },
  },
  WALLET_TICKET_NOT_VALID: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.wallet_ticket_not_valid',
      message:
        'Only a valid ticket can go into a wallet: this one waits for its payment, or it was cancelled.',
    },
  },
} as const satisfies Record<string, ErrorDefinition>;
