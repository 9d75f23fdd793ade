import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { type $ZodIssue, type $ZodType, safeParse } from 'zod/v4/core';
import { VALIDATION } from '../../common/i18n/validation';
import { unstorableTextPaths } from '../../common/storable-text';

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

/** Request parts whose strings may end up in the database (headers never do). */
const STORED_PARTS = new Set(['body', 'querystring', 'params']);

/**
 * Issues for strings the database cannot store (NUL, lone surrogates), whatever the field's
 * schema: every string of every request is checked here, in one place (decision 019).
 */
function unstorableTextIssues(data: unknown, httpPart: string): $ZodIssue[] {
  if (!STORED_PARTS.has(httpPart)) return [];
  return unstorableTextPaths(data).map(
    (path) => ({ code: 'custom', path, message: VALIDATION.unstorableText.id }) as unknown as $ZodIssue,
  );
}

/**
 * Validates request parts with their zod schema. Unlike the stock compiler it keeps the
 * offending input on each issue, so a missing field reads "required" rather than "wrong type".
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart = 'body' }) =>
  (data) => {
    const unstorable = unstorableTextIssues(data, httpPart);
    let result: ReturnType<typeof safeParse>;
    try {
      result = safeParse(schema as unknown as $ZodType, data, { reportInput: true });
    } catch {
      // A refinement that throws on odd input is still bad input: 422, never 500.
      const issue = { code: 'custom', path: [], message: 'invalid', input: data } as unknown as $ZodIssue;
      return { error: new RequestValidationError([...unstorable, issue], httpPart) };
    }
    if (result.success && unstorable.length === 0) return { value: result.data };
    // A field with unstorable text gets that message only; other fields keep theirs.
    const named = new Set(unstorable.map((issue) => issue.path.join('.')));
    const others = result.success
      ? []
      : result.error.issues.filter((issue) => !named.has(issue.path.join('.')));
    return { error: new RequestValidationError([...unstorable, ...others], httpPart) };
  };
