import { HTTP_ERRORS } from '../../common/errors/http';
import { isApiError } from '../api/errors';
import { i18n } from '../i18n';

/** The message to show for a failed call: the API's own (already translated), else a generic one. */
export function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : i18n._(HTTP_ERRORS.INTERNAL.message);
}

/** The error code of a failed call, if the API answered with one. */
export function errorCode(error: unknown): string | undefined {
  return isApiError(error) ? error.code : undefined;
}

/** Field errors of a 422 (bad input) or 409 (already exists) answer, keyed as the form’s fields. */
export function apiFieldErrors(error: unknown): Record<string, string[]> {
  return isApiError(error) ? error.fieldErrors : {};
}

/**
 * Whether a link from an e-mail was refused for good (used, expired, revoked, malformed):
 * any 4xx but a rate limit. A network failure or a 5xx is worth another try instead.
 */
export function isDeadLink(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429;
}
