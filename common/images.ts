import { z } from 'zod';

/**
 * An event's cover and logo, a product's picture (one per product, issue 37), and the images of
 * the event page's gallery (up to `GALLERY_MAX_IMAGES`, in upload order; decision 060).
 */
export const IMAGE_TYPES = ['EVENT_COVER', 'EVENT_LOGO', 'PRODUCT', 'EVENT_GALLERY'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** Size rules per image type: pixels, inclusive. */
export const IMAGE_RULES: Record<
  ImageType,
  { minWidth: number; minHeight: number; maxWidth: number; maxHeight: number }
> = {
  EVENT_COVER: { minWidth: 600, minHeight: 300, maxWidth: 4000, maxHeight: 4000 },
  EVENT_LOGO: { minWidth: 900, minHeight: 50, maxWidth: 4000, maxHeight: 4000 },
  PRODUCT: { minWidth: 200, minHeight: 200, maxWidth: 4000, maxHeight: 4000 },
  EVENT_GALLERY: { minWidth: 200, minHeight: 200, maxWidth: 4000, maxHeight: 4000 },
};

/** Widths of the WebP variants made for each upload (never wider than the original). */
export const IMAGE_VARIANT_WIDTHS = [400, 800, 1600] as const;

export const ImageResponse = z
  .object({
    id: z.number().int(),
    type: z.enum(IMAGE_TYPES),
    /** The product a `PRODUCT` picture shows; null for the event's own images. */
    ticket_id: z.number().int().nullable(),
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    variants: z.array(z.object({ width: z.number().int(), url: z.string() })),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'Image' });
export type ImageResponse = z.infer<typeof ImageResponse>;

export const ImageTypeField = z.enum(IMAGE_TYPES);

/**
 * The box a logo's PNG copy fits in (never enlarged): what the PDF tickets, the wallet passes
 * and the e-mails show, all of which take PNG where the pages take WebP (decision 037).
 */
export const LOGO_PNG_BOX = { width: 640, height: 320 } as const;

/** The size of a logo's PNG copy: the original fitted into `LOGO_PNG_BOX`, in whole pixels. */
export function logoPngSize(original: { width: number; height: number }): { width: number; height: number } {
  const scale = Math.min(1, LOGO_PNG_BOX.width / original.width, LOGO_PNG_BOX.height / original.height);
  return {
    width: Math.max(1, Math.round(original.width * scale)),
    height: Math.max(1, Math.round(original.height * scale)),
  };
}

/**
 * An event's logo where the buyer's order and ticket pages, e-mails and Google Wallet take it:
 * the PNG at `GET /api/public/events/{id}/logo.png` (a path; e-mails make it absolute with
 * APP_URL), with its size so the page keeps its place before it loads.
 */
export const EventLogo = z
  .object({
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'EventLogo' });
export type EventLogo = z.infer<typeof EventLogo>;
