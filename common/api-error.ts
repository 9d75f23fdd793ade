import { z } from 'zod';
import type { ApiErrorBody as ApiErrorShape } from './errors';

/**
 * The API's error shape as a schema, for OpenAPI and response validation:
 * `{ message, code, errors?: { field: [message] }, request_id? }`. Kept apart from the
 * messages in `errors.ts` so the web can use those without loading zod.
 */
export const ApiErrorBody = z
  .object({
    message: z.string(),
    code: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    request_id: z.string().optional(),
  })
  .meta({ id: 'ApiError' }) satisfies z.ZodType<ApiErrorShape>;
