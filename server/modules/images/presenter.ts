import { asc, eq } from 'drizzle-orm';
import type { ImageResponse } from '../../../common/images';
import type { Db } from '../../db/client';
import { eventImages } from '../../db/schema';
import type { FileStorage } from '../../storage';

export type ImageRow = typeof eventImages.$inferSelect;

export function toImageResponse(row: ImageRow, storage: FileStorage): ImageResponse {
  return {
    id: row.id,
    type: row.type,
    url: storage.url(row.key),
    width: row.width,
    height: row.height,
    // The pages' WebP widths; a logo's PNG copy is for documents and mails (`logo.ts`).
    variants: row.variants
      .filter((v) => v.format === undefined)
      .map((v) => ({ width: v.width, url: storage.url(v.key) })),
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * An event's images as the API shows them, oldest first. It does not check who asks: the
 * event's own pages (`events/service.ts`) and the images list call it once they know.
 */
export async function findEventImageResponses(
  db: Db,
  storage: FileStorage,
  eventId: number,
): Promise<ImageResponse[]> {
  const rows = await db
    .select()
    .from(eventImages)
    .where(eq(eventImages.eventId, eventId))
    .orderBy(asc(eventImages.id));
  return rows.map((row) => toImageResponse(row, storage));
}
