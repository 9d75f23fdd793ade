import { randomBytes } from 'node:crypto';
import type { StoredVariant } from '../../db/schema';
import type { FileStorage } from '../../storage';
import { LOGO_PNG_NAME } from './logo';
import type { ProcessedImage } from './process';

/**
 * Puts a processed upload into storage, in a folder of its own under `prefix` (a random name,
 * so a new image is never an old one from a cache): the original, its WebP variants and a
 * logo's PNG copy. Its key and variants, for the row that points at them.
 */
export async function storeImage(
  storage: FileStorage,
  { prefix, image }: { prefix: string; image: ProcessedImage },
): Promise<{ key: string; variants: StoredVariant[] }> {
  const folder = `${prefix}/${randomBytes(16).toString('hex')}`;
  const key = `${folder}/original.${image.extension}`;
  await storage.put(key, image.original, image.contentType);
  const variants: StoredVariant[] = [];
  for (const variant of image.variants) {
    const variantKey = `${folder}/${variant.width}.webp`;
    await storage.put(variantKey, variant.body, 'image/webp');
    variants.push({ width: variant.width, key: variantKey });
  }
  if (image.png) {
    const pngKey = `${folder}/${LOGO_PNG_NAME}`;
    await storage.put(pngKey, image.png.body, 'image/png');
    variants.push({ width: image.png.width, height: image.png.height, key: pngKey, format: 'png' });
  }
  return { key, variants };
}

/** The files of an image row the database no longer points at. */
export async function deleteImageFiles(
  storage: FileStorage,
  row: { key: string; variants: StoredVariant[] },
): Promise<void> {
  await Promise.all([row.key, ...row.variants.map((v) => v.key)].map((key) => storage.delete(key)));
}
