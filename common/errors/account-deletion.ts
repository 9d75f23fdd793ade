import type { ErrorDefinition } from './definition';

/** Deleting an account or one's own login (decision 065). */
export const ACCOUNT_DELETION_ERRORS = {
  ACCOUNT_OWNER_ONLY: {
    status: 403,
    message: /*i18n*/ {
      id: 'error.account_owner_only',
      message: 'Only the owner of the account can delete it.',
    },
  },
  ACCOUNT_DELETION_LINK_INVALID: {
    status: 410,
    message: /*i18n*/ {
      id: 'error.account_deletion_link_invalid',
      message: 'This deletion link is invalid, expired or already used. Ask for the deletion again.',
    },
  },
  ACCOUNT_DELETION_ALREADY_SCHEDULED: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.account_deletion_already_scheduled',
      message: 'The deletion of this account is already scheduled. Cancel it first to ask again.',
    },
  },
  ACCOUNT_DELETION_SCHEDULED: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.account_deletion_scheduled',
      message:
        'This account is scheduled for deletion, so its events cannot go on sale. Cancel the deletion in the account settings first.',
    },
  },
  ACCOUNT_DELETION_NOT_PENDING: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.account_deletion_not_pending',
      message: 'No deletion of this account is pending.',
    },
  },
  ACCOUNT_HAS_UPCOMING_PAID_ORDERS: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.account_has_upcoming_paid_orders',
      message:
        'This account still has paid orders for dates that have not ended. Refund or cancel them, or wait until the dates are over, before deleting the account.',
    },
  },
  OWNER_CANNOT_DELETE_LOGIN: {
    status: 409,
    message: /*i18n*/ {
      id: 'error.owner_cannot_delete_login',
      message: 'You own an account: your login goes with it. Delete that account in its settings instead.',
    },
  },
} as const satisfies Record<string, ErrorDefinition>;
