import type { I18n } from '@lingui/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { type ApiErrorBody, ERRORS, type ErrorCode } from '../../common/errors';
import { translate } from '../../common/i18n/translate';
import { fieldErrors } from '../../common/i18n/validation';
import { AppError } from './app-error';
import { routeOf } from './logging';
import { RequestValidationError } from './validation';

/** Fastify's own error codes that are the client's fault, and what we answer. */
const FRAMEWORK_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_TYPE: 'BAD_REQUEST',
  FST_ERR_BAD_URL: 'BAD_REQUEST',
  FST_ERR_ASYNC_CONSTRAINT: 'BAD_REQUEST',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_PARTS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_FIELDS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_PROTO_VIOLATION: 'BAD_REQUEST',
};

export function errorBody(code: ErrorCode, i18n: I18n, extra: Partial<ApiErrorBody> = {}): ApiErrorBody {
  return { message: i18n._(ERRORS[code].message), code, ...extra };
}

function toResponse(
  error: FastifyError | Error,
  request: FastifyRequest,
): { status: number; body: ApiErrorBody } {
  const { i18n } = request;
  if (error instanceof AppError) {
    const { message, values, fields } = error.details;
    const body = errorBody(error.code, i18n);
    if (message) body.message = translate(i18n, message, values);
    if (fields) {
      body.errors = Object.fromEntries(
        Object.entries(fields).map(([field, list]) => [field, list.map((d) => i18n._(d))]),
      );
    }
    return { status: ERRORS[error.code].status, body };
  }
  // A malformed id in the path names nothing that exists.
  if (error instanceof RequestValidationError && error.validationContext === 'params') {
    return { status: 404, body: errorBody('NOT_FOUND', i18n) };
  }
  if (error instanceof RequestValidationError) {
    return {
      status: 422,
      body: errorBody('VALIDATION_FAILED', i18n, { errors: fieldErrors(error.issues, i18n) }),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return { status: 422, body: errorBody('VALIDATION_FAILED', i18n) };
  }
  if (isResponseSerializationError(error)) {
    return { status: 500, body: errorBody('INTERNAL', i18n, { request_id: String(request.id) }) };
  }
  const fastifyError = error as FastifyError;
  const mapped = fastifyError.code ? FRAMEWORK_CODES[fastifyError.code] : undefined;
  if (mapped) return { status: ERRORS[mapped].status, body: errorBody(mapped, i18n) };
  if (fastifyError.statusCode === 429) return { status: 429, body: errorBody('RATE_LIMITED', i18n) };
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    const code: ErrorCode =
      status === 401
        ? 'UNAUTHENTICATED'
        : status === 403
          ? 'FORBIDDEN'
          : status === 404
            ? 'NOT_FOUND'
            : status === 413
              ? 'PAYLOAD_TOO_LARGE'
              : status === 415
                ? 'UNSUPPORTED_MEDIA_TYPE'
                : 'BAD_REQUEST';
    return { status: ERRORS[code].status, body: errorBody(code, i18n) };
  }
  return { status: 500, body: errorBody('INTERNAL', i18n, { request_id: String(request.id) }) };
}

/**
 * Maps every error to the API's error shape: typed AppErrors and schema failures to their
 * status with translated messages, client mistakes caught by Fastify to 4xx, and anything
 * unexpected to a 500 that carries the request id (logged with the stack, never sent).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = toResponse(error, request);
    const fields = { route: routeOf(request), status, code: body.code };
    if (status >= 500 && process.env.DEBUG_500) console.error('DEBUG500', error);
    if (status >= 500) request.log.error({ ...fields, err: error }, 'request failed');
    else request.log.info(fields, 'request refused');
    return reply.status(status).type('application/json; charset=utf-8').send(body);
  });
}
