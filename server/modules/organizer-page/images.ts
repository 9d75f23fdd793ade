import { and, asc, eq } from 'drizzle-orm';
import type {
  OrganizerImageResponse,
  OrganizerImageType,
  PublicOrganizerImage,
} from '../../../common/organizer-design';
import type { Database, Db } from '../../db/client';
import { organizerImages, organizers } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import type { FileStorage } from '../../storage';
import { processImage } from '../images/process';
import { deleteImageFiles, storeImage } from '../images/store';
import { getOrganizer } from '../organizers/service';

type OrganizerImageRow = typeof organizerImages.$inferSelect;

/** The WebP variants the page chooses from (a logo's PNG copy is for documents, not pages). */
const webpVariants = (row: OrganizerImageRow, storage: FileStorage) =>
  row.variants
    .filter((v) => v.format === undefined)
    .map((v) => ({ width: v.width, url: storage.url(v.key) }));

export function toOrganizerImageResponse(
  row: OrganizerImageRow,
  storage: FileStorage,
): OrganizerImageResponse {
  return {
    id: row.id,
    type: row.type,
    url: storage.url(row.key),
    width: row.width,
    height: row.height,
    variants: webpVariants(row, storage),
    created_at: row.createdAt.toISOString(),
  };
}

interface Owned {
  db: Database;
  storage: FileStorage;
  auth: AuthContext;
  organizerId: number;
}

/** `GET /api/organizers/{id}/images`: its logo and cover, if any. */
export async function findOrganizerImages({ db, storage, auth, organizerId }: Owned) {
  await getOrganizer(db, auth.accountId, organizerId);
  const rows = await db
    .select()
    .from(organizerImages)
    .where(eq(organizerImages.organizerId, organizerId))
    .orderBy(asc(organizerImages.id));
  return rows.map((row) => toOrganizerImageResponse(row, storage));
}

/**
 * Stores an upload as the organizer's logo or cover, in place of the one it had: the old row
 * goes in the same transaction, its files once the database no longer points at them.
 */
export async function uploadOrganizerImage({
  upload,
  ...owned
}: Owned & { upload: { body: Buffer; type: OrganizerImageType } }): Promise<OrganizerImageResponse> {
  const { db, storage, auth, organizerId } = owned;
  await getOrganizer(db, auth.accountId, organizerId);
  const image = await processImage(upload.body, upload.type);
  const stored = await storeImage(storage, { prefix: `organizers/${organizerId}`, image });
  const { row, replaced } = await inTransaction(db, async (tx) => {
    // Two uploads at once take turns: one type, one row (the unique index).
    await tx
      .select({ id: organizers.id })
      .from(organizers)
      .where(eq(organizers.id, organizerId))
      .for('update');
    const replaced = await tx
      .delete(organizerImages)
      .where(and(eq(organizerImages.organizerId, organizerId), eq(organizerImages.type, upload.type)))
      .returning();
    const [row] = await tx
      .insert(organizerImages)
      .values({
        accountId: auth.accountId,
        organizerId,
        type: upload.type,
        key: stored.key,
        width: image.width,
        height: image.height,
        sizeBytes: upload.body.length,
        variants: stored.variants,
      })
      .returning();
    if (!row) throw new Error('organizer image insert returned nothing');
    return { row, replaced };
  });
  await Promise.all(replaced.map((old) => deleteImageFiles(storage, old)));
  return toOrganizerImageResponse(row, storage);
}

/** `DELETE /api/organizers/{id}/images/{imageId}`: the row, then its files. */
export async function deleteOrganizerImage({ imageId, ...owned }: Owned & { imageId: number }) {
  const { db, storage, auth, organizerId } = owned;
  await getOrganizer(db, auth.accountId, organizerId);
  const [row] = await db
    .delete(organizerImages)
    .where(
      and(
        eq(organizerImages.id, imageId),
        eq(organizerImages.organizerId, organizerId),
        eq(organizerImages.accountId, auth.accountId),
      ),
    )
    .returning();
  if (!row) throw new AppError('NOT_FOUND');
  await deleteImageFiles(storage, row);
}

/** The homepage's logo and cover as the page shows them. */
export async function publicOrganizerImages(
  db: Db,
  { storage, organizerId }: { storage: FileStorage; organizerId: number },
): Promise<{ logo: PublicOrganizerImage | null; cover: PublicOrganizerImage | null }> {
  const rows = await db.select().from(organizerImages).where(eq(organizerImages.organizerId, organizerId));
  const shown = (type: OrganizerImageType): PublicOrganizerImage | null => {
    const row = rows.find((r) => r.type === type);
    return row
      ? {
          url: storage.url(row.key),
          width: row.width,
          height: row.height,
          variants: webpVariants(row, storage),
        }
      : null;
  };
  return { logo: shown('ORGANIZER_LOGO'), cover: shown('ORGANIZER_COVER') };
}
