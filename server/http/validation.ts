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

/** Successful validations of path parameters kept per schema: a crowd asks for the same event. */
const REMEMBERED = 1_000;

/**
 * The key of a request part whose validation may be remembered: path parameters (strings, as
 * the router hands them, none longer than an order's short id: ids, not the tokens of links,
 * which need not stay in memory) and an empty query string, or undefined for any other.
 * Validating those is a pure function of the input: no schema of theirs reads the clock or the
 * database.
 */
function rememberedKey(data: unknown, httpPart: string): string | undefined {
  if (data === null || typeof data !== 'object') return undefined;
  if (httpPart === 'querystring') {
    for (const _ in data) return undefined;
    return '';
  }
  if (httpPart !== 'params') return undefined;
  let key = '';
  for (const [name, value] of Object.entries(data)) {
    if (typeof value !== 'string' || value.length > 24) return undefined;
    key += `${name}=${value}\u0000`;
  }
  return key;
}

/** Whether an output may be handed out again as a shallow copy: an object of plain values. */
function isFlat(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  for (const item of Object.values(value)) if (item !== null && typeof item === 'object') return false;
  return true;
}

/**
 * Validates request parts with their zod schema. Unlike the stock compiler it keeps the
 * offending input on each issue, so a missing field reads "required" rather than "wrong type".
 * A successful validation of path parameters or an empty query is remembered (up to
 * `REMEMBERED` per schema), and its output handed out again as a copy: zod was a twentieth of
 * a cached public read (decision 041).
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart = 'body' }) => {
  const remembered = new Map<string, Record<string, unknown>>();
  return (data) => {
    const key = rememberedKey(data, httpPart);
    const known = key === undefined ? undefined : remembered.get(key);
    if (known) return { value: { ...known } };
    const result = validate(schema, data, httpPart);
    if (key !== undefined && 'value' in result && isFlat(result.value)) {
      if (remembered.size >= REMEMBERED) remembered.clear();
      remembered.set(key, { ...result.value });
    }
    return result;
  };
};

function validate(
  schema: z.ZodType,
  data: unknown,
  httpPart: string,
): { value: unknown } | { error: RequestValidationError } {
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
}
