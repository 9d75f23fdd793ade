import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { type $ZodIssue, type $ZodType, safeParse } from 'zod/v4/core';

/** A request part (body, querystring, params, headers) that failed its schema. */
export class RequestValidationError extends Error {
  readonly statusCode = 422;
  readonly code = 'VALIDATION_FAILED';
  readonly validationContext: string;

  constructor(
    readonly issues: readonly $ZodIssue[],
    httpPart: string,
  ) {
    super(`Invalid ${httpPart}`);
    this.name = 'RequestValidationError';
    this.validationContext = httpPart;
  }
}

/**
 * Validates request parts with their zod schema. Unlike the stock compiler it keeps the
 * offending input on each issue, so a missing field reads "required" rather than "wrong type".
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    let result: ReturnType<typeof safeParse>;
    try {
      result = safeParse(schema as unknown as $ZodType, data, { reportInput: true });
    } catch {
      // A refinement that throws on odd input is still bad input: 422, never 500.
      const issue = { code: 'custom', path: [], message: 'invalid', input: data } as unknown as $ZodIssue;
      return { error: new RequestValidationError([issue], httpPart ?? 'body') };
    }
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(result.error.issues, httpPart ?? 'body') };
  };
