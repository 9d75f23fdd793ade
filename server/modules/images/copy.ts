import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { eventImages, type StoredVariant } from '../../db/schema';
import type { FileStorage } from '../../storage';

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
};

/** A stored file copied into another folder under the same name; its new key. */
async function copyFile(storage: FileStorage, { key, folder }: { key: string; folder: string }) {
  const body = await storage.get(key);
  if (!body) throw new Error(`stored image file ${key} is missing`);
  const copy = `${folder}/${path.basename(key)}`;
  await storage.put(copy, body, CONTENT_TYPES[path.extname(key)] ?? 'application/octet-stream');
  return copy;
}

/**
 * Copies an event's images into its duplicate (`copy_images`): the cover, the logo, and the
 * pictures of the products that were copied (`ticketIds`: source product id → the copy's).
 * Each copy gets files of its own, so deleting one event's image never takes the other's.
 */
export async function copyEventImages(
  tx: Transaction,
  storage: FileStorage,
  copy: { accountId: number; sourceId: number; targetId: number; ticketIds: Map<number, number> },
): Promise<void> {
  const rows = await tx
    .select()
    .from(eventImages)
    .where(eq(eventImages.eventId, copy.sourceId))
    .orderBy(asc(eventImages.id));
  for (const { id, createdAt, ...row } of rows) {
    const ticketId = row.ticketId === null ? null : copy.ticketIds.get(row.ticketId);
    if (ticketId === undefined) continue;
    const folder = `events/${copy.targetId}/${randomBytes(16).toString('hex')}`;
    const key = await copyFile(storage, { key: row.key, folder });
    const variants: StoredVariant[] = [];
    for (const variant of row.variants)
      variants.push({ ...variant, key: await copyFile(storage, { key: variant.key, folder }) });
    await tx
      .insert(eventImages)
      .values({ ...row, accountId: copy.accountId, eventId: copy.targetId, ticketId, key, variants });
  }
}
