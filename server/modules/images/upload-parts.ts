import type { MultipartFile } from '@fastify/multipart';
import { VALIDATION } from '../../../common/i18n/validation';

type Part = MultipartFile | { type: 'field'; fieldname: string; value: unknown };
export type UploadFieldErrors = Record<string, (typeof VALIDATION)[keyof typeof VALIDATION][]>;

/**
 * Reads a multipart image upload: the `image` file (other files are read and dropped) and the
 * text fields, with the field errors so far (an `image` missing or empty) for the route to add
 * its own to.
 */
export async function readUploadParts(
  parts: AsyncIterableIterator<Part>,
): Promise<{ body: Buffer | undefined; values: Map<string, unknown>; fields: UploadFieldErrors }> {
  let body: Buffer | undefined;
  const values = new Map<string, unknown>();
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname === 'image') body = await part.toBuffer();
      else await part.toBuffer();
    } else {
      values.set(part.fieldname, part.value);
    }
  }
  const fields: UploadFieldErrors = {};
  if (!body || body.length === 0) fields.image = [VALIDATION.required];
  return { body, values, fields };
}
