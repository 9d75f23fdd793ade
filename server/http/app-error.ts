import type { MessageDescriptor } from '@lingui/core';
import { ERRORS, type ErrorCode } from '../../common/errors';

export interface AppErrorDetails {
  /** Overrides the code's default message. */
  message?: MessageDescriptor;
  /** Values for the message's placeholders. */
  values?: Record<string, unknown>;
  /** Per-field messages (descriptors, translated when the response is written). */
  fields?: Record<string, MessageDescriptor[]>;
}

/**
 * The one error type services throw. The HTTP layer maps `code` to a status and writes the
 * translated message in the request's language (see `error-handler.ts`).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: AppErrorDetails;

  constructor(code: ErrorCode, details: AppErrorDetails = {}) {
    super(details.message?.message ?? code);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }
}

/** A 422 about one field, with a message from the shared catalog. */
export function fieldError(field: string, message: MessageDescriptor): AppError {
  return new AppError('VALIDATION_FAILED', { fields: { [field]: [message] } });
}

/**
 * A 409: the request clashes with data that already exists (an e-mail address another login
 * uses, a code the event already has). The field at fault carries `message`, by default the
 * code's own.
 */
export function conflictError(
  code: ErrorCode,
  field: string,
  message: MessageDescriptor = ERRORS[code].message,
): AppError {
  return new AppError(code, { fields: { [field]: [message] } });
}
