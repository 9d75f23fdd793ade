import type { MessageDescriptor } from '@lingui/core';

/**
 * The one error shape of the HTTP API (docs/architecture.md#http-contract); its zod schema is in
 * `api-error.ts`.
 */
export interface ApiErrorBody {
  message: string;
  code: string;
  errors?: Record<string, string[]>;
  request_id?: string;
}

/**
 * An error code's HTTP status and translated message. Messages are plain descriptors (marked
 * for extraction) so that the server can use them without the macro compiler, and the web can
 * show the same wording.
 */
export interface ErrorDefinition {
  status: number;
  message: MessageDescriptor;
}
