import { and, count, eq, isNull } from 'drizzle-orm';
import { GALLERY_MAX_IMAGES } from '../../../common/event-sections';
import { VALIDATION } from '../../../common/i18n/validation';
import type { ImageResponse, ImageType } from '../../../common/images';
import type { Database, Db } from '../../db/client';
import { eventImages, tickets } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import type { FileStorage } from '../../storage';
import { getEvent, lockEvent } from '../owned-events/service';
import { findEventImageResponses, type ImageRow } from './presenter';
import { processImage } from './process';
import { deleteImageFiles, storeImage } from './store';

/** `GET /api/events/{id}/images` */
export async function findEventImages({
  db,
  storage,
  auth,
  eventId,
}: {
  db: Db;
  storage: FileStorage;
  auth: AuthContext;
  eventId: number;
}): Promise<ImageResponse[]> {
  await getEvent(db, auth.accountId, eventId);
  return findEventImageResponses(db, storage, { eventId, forBuyers: false });
}

/** What is uploaded: the file, its type, and for a product's picture the product. */
export interface Upload {
  body: Buffer;
  type: ImageType;
  /** A `PRODUCT` picture's product; none for the event's own images. */
  ticketId?: number | null;
}

/**
 * Stores an upload and its variants. An event has one image of each type, and each product
 * one picture: a new cover replaces the old one, whose files are deleted once the database no
 * longer points at them. The gallery keeps adding, up to `GALLERY_MAX_IMAGES` (decision 060).
 */
export async function uploadEventImage({
  db,
  storage,
  auth,
  eventId,
  upload,
}: {
  db: Database;
  storage: FileStorage;
  auth: AuthContext;
  eventId: number;
  upload: Upload;
}): Promise<ImageRow> {
  await getEvent(db, auth.accountId, eventId);
  await assertProductOf(db, { eventId, upload });
  if (upload.type === 'EVENT_GALLERY') await assertGalleryRoom(db, eventId);
  const image = await processImage(upload.body, upload.type);
  const { key, variants } = await storeImage(storage, { prefix: `events/${eventId}`, image });
  const stored = { key, variants };
  const { row, replaced } = await inTransaction(db, async (tx) => {
    await lockEvent(tx, auth.accountId, eventId);
    const gallery = upload.type === 'EVENT_GALLERY';
    // Checked again under the event's lock: two uploads at once cannot both take the last place.
    if (gallery) await assertGalleryRoom(tx, eventId);
    const replaced = gallery
      ? []
      : await tx
          .delete(eventImages)
          .where(
            and(
              eq(eventImages.eventId, eventId),
              eq(eventImages.type, upload.type),
              upload.ticketId ? eq(eventImages.ticketId, upload.ticketId) : isNull(eventImages.ticketId),
            ),
          )
          .returning();
    const [row] = await tx
      .insert(eventImages)
      .values({
        accountId: auth.accountId,
        eventId,
        type: upload.type,
        ticketId: upload.ticketId ?? null,
        key,
        width: image.width,
        height: image.height,
        sizeBytes: upload.body.length,
        variants,
      })
      .returning();
    if (!row) throw new Error('image insert returned nothing');
    return { row, replaced };
  }).catch(async (error: unknown) => {
    // Nothing half-written: the files of a refused upload go too.
    await deleteImageFiles(storage, stored);
    throw error;
  });
  await Promise.all(replaced.map((old) => deleteFiles(storage, old)));
  return row;
}

/** Refuses a gallery image beyond `GALLERY_MAX_IMAGES`, with the upload's field error. */
async function assertGalleryRoom(db: Db, eventId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(eventImages)
    .where(and(eq(eventImages.eventId, eventId), eq(eventImages.type, 'EVENT_GALLERY')));
  if ((row?.n ?? 0) >= GALLERY_MAX_IMAGES) {
    throw new AppError('VALIDATION_FAILED', {
      fields: { image: [{ ...VALIDATION.galleryFull, values: { maximum: GALLERY_MAX_IMAGES } }] },
    });
  }
}

/** A product's picture names a product of this event; the event's own images name none. */
async function assertProductOf(db: Db, { eventId, upload }: { eventId: number; upload: Upload }) {
  const invalid = () => new AppError('VALIDATION_FAILED', { fields: { ticket_id: [VALIDATION.invalid] } });
  if (upload.type !== 'PRODUCT') {
    if (upload.ticketId) throw invalid();
    return;
  }
  if (!upload.ticketId)
    throw new AppError('VALIDATION_FAILED', { fields: { ticket_id: [VALIDATION.required] } });
  const [product] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.id, upload.ticketId), eq(tickets.eventId, eventId), eq(tickets.kind, 'PRODUCT')));
  if (!product) throw invalid();
}

/** The files of images the database no longer points at (a product deleted with its picture). */
export async function deleteFiles(storage: FileStorage, row: ImageRow): Promise<void> {
  await deleteImageFiles(storage, row);
}

export async function deleteEventImage({
  db,
  storage,
  auth,
  eventId,
  imageId,
}: {
  db: Db;
  storage: FileStorage;
  auth: AuthContext;
  eventId: number;
  imageId: number;
}): Promise<void> {
  await getEvent(db, auth.accountId, eventId);
  const [row] = await db
    .delete(eventImages)
    .where(
      and(
        eq(eventImages.id, imageId),
        eq(eventImages.eventId, eventId),
        eq(eventImages.accountId, auth.accountId),
      ),
    )
    .returning();
  if (!row) throw new AppError('NOT_FOUND');
  await deleteFiles(storage, row);
}
