import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { ImageResponse } from '../../../common/images';
import type { Db } from '../../db/client';
import { eventImages, tickets } from '../../db/schema';
import type { FileStorage } from '../../storage';

export type ImageRow = typeof eventImages.$inferSelect;

export function toImageResponse(row: ImageRow, storage: FileStorage): ImageResponse {
  return {
    id: row.id,
    type: row.type,
    ticket_id: row.ticketId,
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
 * event's own pages (`events/service.ts`) and the images list call it once they know. Buyers
 * do not see the picture of a hidden product.
 */
export async function findEventImageResponses(
  db: Db,
  storage: FileStorage,
  { eventId, forBuyers }: { eventId: number; forBuyers: boolean },
): Promise<ImageResponse[]> {
  const rows = await db
    .select({ image: eventImages })
    .from(eventImages)
    .leftJoin(tickets, eq(tickets.id, eventImages.ticketId))
    .where(
      and(
        eq(eventImages.eventId, eventId),
        forBuyers ? or(isNull(tickets.id), eq(tickets.isHidden, false)) : undefined,
      ),
    )
    .orderBy(asc(eventImages.id));
  return rows.map((row) => toImageResponse(row.image, storage));
}

/**
 * The images of several events as buyers see them, in one query (the organizer's homepage and
 * widget, decisions 058 and 062): each event's list as `findEventImageResponses` gives it.
 */
export async function findBuyersImagesOfEvents(
  db: Db,
  storage: FileStorage,
  eventIds: readonly number[],
): Promise<Map<number, ImageResponse[]>> {
  const byEvent = new Map<number, ImageResponse[]>(eventIds.map((id) => [id, []]));
  if (eventIds.length === 0) return byEvent;
  const rows = await db
    .select({ image: eventImages })
    .from(eventImages)
    .leftJoin(tickets, eq(tickets.id, eventImages.ticketId))
    .where(
      and(inArray(eventImages.eventId, [...eventIds]), or(isNull(tickets.id), eq(tickets.isHidden, false))),
    )
    .orderBy(asc(eventImages.id));
  for (const { image } of rows) byEvent.get(image.eventId)?.push(toImageResponse(image, storage));
  return byEvent;
}
