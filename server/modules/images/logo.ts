import path from 'node:path';
import { and, desc, eq, ne } from 'drizzle-orm';
import { type EventLogo, logoPngSize } from '../../../common/images';
import type { Db } from '../../db/client';
import { eventImages, events } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { FileStorage } from '../../storage';
import { logoPng } from './process';

/** The file name of a logo's PNG copy, beside its original. */
export const LOGO_PNG_NAME = 'logo.png';

type ImageRow = typeof eventImages.$inferSelect;

async function logoRow(db: Db, eventId: number): Promise<ImageRow | null> {
  const [row] = await db
    .select()
    .from(eventImages)
    .where(and(eq(eventImages.eventId, eventId), eq(eventImages.type, 'EVENT_LOGO')))
    .orderBy(desc(eventImages.id))
    .limit(1);
  return row ?? null;
}

const pngOf = (row: ImageRow) => row.variants.find((v) => v.format === 'png');

/**
 * The event's logo as the order and ticket pages, e-mails and Google Wallet take it: the PNG of
 * `GET /api/public/events/{id}/logo.png`, its address naming the upload (so a new logo is never
 * an old one from a cache), and its size. Null when the event has none.
 */
export async function findEventLogo(db: Db, eventId: number): Promise<EventLogo | null> {
  const row = await logoRow(db, eventId);
  if (!row) return null;
  const png = pngOf(row);
  const size = png?.height ? { width: png.width, height: png.height } : logoPngSize(row);
  return { url: `/api/public/events/${eventId}/logo.png?v=${row.id}`, ...size };
}

/**
 * The event's logo as mails take it: `findEventLogo` with its address made absolute with the
 * app's public base URL (APP_URL, decision 037), so a mail reader can load it. Null without one.
 */
export async function findEventLogoAt(db: Db, eventId: number, appUrl: string): Promise<EventLogo | null> {
  const logo = await findEventLogo(db, eventId);
  return logo ? { ...logo, url: new URL(logo.url, appUrl).href } : null;
}

export interface LogoPng {
  body: Buffer;
  width: number;
  height: number;
}

/**
 * The PNG bytes of the event's logo, for the PDF tickets and Apple Wallet passes (and the public
 * route). A logo uploaded before PNG copies were made gets one now, made from its original and
 * stored beside it, once. Null when the event has no logo (or its files are gone).
 */
export async function readEventLogoPng(
  db: Db,
  storage: FileStorage,
  eventId: number,
): Promise<LogoPng | null> {
  const row = await logoRow(db, eventId);
  if (!row) return null;
  const png = pngOf(row);
  if (png?.height) {
    const body = await storage.get(png.key);
    if (body) return { body, width: png.width, height: png.height };
  }
  const original = await storage.get(row.key);
  if (!original) return null;
  const made = await logoPng(original, row);
  // The same key whoever makes it: two requests at once write the same file.
  const key = `${path.posix.dirname(row.key)}/${LOGO_PNG_NAME}`;
  await storage.put(key, made.body, 'image/png');
  await db
    .update(eventImages)
    .set({
      variants: [
        ...row.variants.filter((v) => v.format !== 'png'),
        { width: made.width, height: made.height, key, format: 'png' },
      ],
    })
    .where(eq(eventImages.id, row.id));
  return made;
}

/**
 * `GET /api/public/events/{id}/logo.png`: the logo of an event that buyers can know of (not a
 * draft); NOT_FOUND otherwise, as for the event itself.
 */
export async function getPublicEventLogoPng(db: Db, storage: FileStorage, eventId: number): Promise<LogoPng> {
  const [event] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), ne(events.status, 'DRAFT')));
  const logo = event ? await readEventLogoPng(db, storage, eventId) : null;
  if (!logo) throw new AppError('NOT_FOUND');
  return logo;
}
