import type Sharp from 'sharp';
import { VALIDATION } from '../../../common/i18n/validation';
import { IMAGE_RULES, IMAGE_VARIANT_WIDTHS, type ImageType, logoPngSize } from '../../../common/images';
import { LIMITS } from '../../../common/limits';
import { ORGANIZER_IMAGE_RULES, type OrganizerImageType } from '../../../common/organizer-design';
import { AppError } from '../../http/app-error';

const FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

/** The size rules of every kind of upload: an event's images and an organizer's (decision 061). */
const RULES = { ...IMAGE_RULES, ...ORGANIZER_IMAGE_RULES };

/** sharp and its native library load at the first upload, not with every server start. */
const loadSharp = async (): Promise<typeof Sharp> => (await import('sharp')).default;

export interface ProcessedImage {
  width: number;
  height: number;
  extension: string;
  contentType: string;
  original: Buffer;
  variants: { width: number; body: Buffer }[];
  /** A logo's PNG copy, for the documents and mails that take no WebP. */
  png: { width: number; height: number; body: Buffer } | null;
}

/**
 * A logo's PNG copy (`logoPngSize`), upright as it is seen, transparency kept: made at upload,
 * and from the original for a logo uploaded before copies were made.
 */
export async function logoPng(original: Buffer, size: { width: number; height: number }) {
  const sharp = await loadSharp();
  const fitted = logoPngSize(size);
  const body = await sharp(original, { animated: false })
    .rotate()
    .resize({ width: fitted.width, height: fitted.height, fit: 'fill' })
    .png({ compressionLevel: 9 })
    .toBuffer();
  return { ...fitted, body };
}

function refuse(message: (typeof VALIDATION)[keyof typeof VALIDATION]): never {
  throw new AppError('VALIDATION_FAILED', { fields: { image: [message] } });
}

/**
 * Checks an upload is a real image of the right size for its type (decoding it, so a
 * renamed text file is refused), and makes WebP variants for the page to choose from.
 */
export async function processImage(
  body: Buffer,
  type: ImageType | OrganizerImageType,
): Promise<ProcessedImage> {
  if (body.length > LIMITS.maxImageBytes) refuse(VALIDATION.imageTooLarge);
  const sharp = await loadSharp();
  let metadata: Sharp.Metadata;
  try {
    metadata = await sharp(body, { failOn: 'error' }).metadata();
  } catch {
    refuse(VALIDATION.imageInvalid);
  }
  if (!metadata.format || !FORMATS.has(metadata.format) || !metadata.width || !metadata.height) {
    refuse(VALIDATION.imageInvalid);
  }
  // Photos from phones carry their rotation in EXIF; measure the picture as it is seen.
  const rotated = (metadata.orientation ?? 1) >= 5;
  const width = rotated ? metadata.height : metadata.width;
  const height = rotated ? metadata.width : metadata.height;
  const rules = RULES[type];
  if (width < rules.minWidth || height < rules.minHeight) {
    throw new AppError('VALIDATION_FAILED', {
      fields: { image: [{ ...VALIDATION.imageTooSmall, values: rules }] },
    });
  }
  if (width > rules.maxWidth || height > rules.maxHeight) {
    throw new AppError('VALIDATION_FAILED', {
      fields: { image: [{ ...VALIDATION.imageTooBig, values: rules }] },
    });
  }
  try {
    const widths = [...new Set(IMAGE_VARIANT_WIDTHS.map((w) => Math.min(w, width)))];
    const variants = await Promise.all(
      widths.map(async (w) => ({
        width: w,
        body: await sharp(body, { animated: false })
          .rotate()
          .resize({ width: w, withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer(),
      })),
    );
    return {
      width,
      height,
      extension: metadata.format === 'jpeg' ? 'jpg' : metadata.format,
      contentType: `image/${metadata.format}`,
      original: body,
      variants,
      png: type === 'EVENT_LOGO' ? await logoPng(body, { width, height }) : null,
    };
  } catch {
    refuse(VALIDATION.imageInvalid);
  }
}
