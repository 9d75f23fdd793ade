import { i18n } from '@lingui/core';
import type { z } from 'zod';
import { fieldErrors, VALIDATION } from '../../common/i18n/validation';

/** Mantine forms show one message per field: the first of each list. */
export function firstMessages(errors: Record<string, string[]>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) {
    if (messages[0]) result[field] = messages[0];
  }
  return result;
}

/**
 * A Mantine form `validate` function from a shared zod schema, with the same translated
 * messages the API sends in its 422 answers. `toRequest` turns form values into the request
 * body first (e.g. an empty optional field into null) when the two differ.
 */
export function validateWith<V>(
  schema: z.ZodType,
  toRequest: (values: V) => unknown = (values) => values,
): (values: V) => Record<string, string> {
  return (values) => {
    const result = schema.safeParse(toRequest(values));
    return result.success ? {} : firstMessages(fieldErrors(result.error.issues, i18n));
  };
}

/**
 * The schema of a request whose optional fields one form needs filled in (the current
 * password of a password change, say): the same rules, plus "required" for those fields.
 */
export function requiring<T extends z.ZodType>(schema: T, fields: readonly string[]) {
  return schema.superRefine((value, ctx) => {
    const record = (value ?? {}) as Record<string, unknown>;
    for (const field of fields) {
      if (record[field] === undefined || record[field] === '') {
        ctx.addIssue({ code: 'custom', path: [field], message: VALIDATION.required.id });
      }
    }
  });
}

/** Puts the focus on the first field with an error (pass as `onSubmit`'s second argument). */
export function focusFirstError(form: { getInputNode: (path: string) => HTMLElement | null }) {
  return (errors: Record<string, unknown>) => {
    const first = Object.keys(errors)[0];
    if (first) form.getInputNode(first)?.focus();
  };
}
