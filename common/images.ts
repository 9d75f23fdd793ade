import { z } from 'zod';

export const IMAGE_TYPES = ['EVENT_COVER', 'EVENT_LOGO'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** Size rules per image type: pixels, inclusive. */
export const IMAGE_RULES: Record<
  ImageType,
  { minWidth: number; minHeight: number; maxWidth: number; maxHeight: number }
> = {
  EVENT_COVER: { minWidth: 600, minHeight: 300, maxWidth: 4000, maxHeight: 4000 },
  EVENT_LOGO: { minWidth: 900, minHeight: 50, maxWidth: 4000, maxHeight: 4000 },
};

/** Widths of the WebP variants made for each upload (never wider than the original). */
export const IMAGE_VARIANT_WIDTHS = [400, 800, 1600] as const;

export const ImageResponse = z
  .object({
    id: z.number().int(),
    type: z.enum(IMAGE_TYPES),
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    variants: z.array(z.object({ width: z.number().int(), url: z.string() })),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'Image' });
export type ImageResponse = z.infer<typeof ImageResponse>;

export const ImageTypeField = z.enum(IMAGE_TYPES);
