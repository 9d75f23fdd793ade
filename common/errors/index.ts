import { ACCOUNT_DELETION_ERRORS } from './account-deletion';
import { ACCOUNT_ERRORS } from './accounts';
import { AFFILIATE_ERRORS } from './affiliates';
import { API_KEY_ERRORS } from './api-keys';
import { CATALOGUE_ERRORS } from './catalogue';
import { HTTP_ERRORS } from './http';
import { MESSAGE_ERRORS } from './messages';
import { ORDER_LOOKUP_ERRORS } from './order-lookup';
import { ORDER_ERRORS } from './orders';
import { PAYMENT_ERRORS } from './payments';
import { PERSONAL_DATA_ERRORS } from './personal-data';
import { SEATING_ERRORS } from './seating';
import { SECURITY_ERRORS } from './security';
import { SELF_SERVICE_ERRORS } from './self-service';
import { WAITLIST_ERRORS } from './waitlist';
import { WALLET_ERRORS } from './wallet';

export type { ApiErrorBody, ErrorDefinition } from './definition';

/**
 * Every error code the API answers with, its HTTP status and its translated message, one
 * file per area. The web imports the area it needs (the buyer's first download carries only
 * `HTTP_ERRORS`).
 */
export const ERRORS = {
  ...HTTP_ERRORS,
  ...ACCOUNT_ERRORS,
  ...CATALOGUE_ERRORS,
  ...ORDER_ERRORS,
  ...ORDER_LOOKUP_ERRORS,
  ...PAYMENT_ERRORS,
  ...MESSAGE_ERRORS,
  ...AFFILIATE_ERRORS,
  ...API_KEY_ERRORS,
  ...WAITLIST_ERRORS,
  ...WALLET_ERRORS,
  ...SELF_SERVICE_ERRORS,
  ...SECURITY_ERRORS,
  ...ACCOUNT_DELETION_ERRORS,
  ...PERSONAL_DATA_ERRORS,
  ...SEATING_ERRORS,
};

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}
