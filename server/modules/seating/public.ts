import { and, eq, sql } from 'drizzle-orm';
import type { PublicSeatingResponse, SeatAvailabilityResponse } from '../../../common/seating';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { events } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { chooseDate, findSaleDates } from '../event-dates/service';
import { readEventSeating } from './service';

/** A live event's id, or NOT_FOUND (a draft's seats are no one's business). */
async function liveEvent(db: Db, eventId: number): Promise<void> {
  const [event] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.status, 'LIVE')));
  if (!event) throw new AppError('NOT_FOUND');
}

/** `GET /api/public/events/{id}/seating`: the plan to draw, and the ticket each category sells. */
export async function getPublicSeating(db: Db, eventId: number): Promise<PublicSeatingResponse> {
  await liveEvent(db, eventId);
  const seating = await readEventSeating(db, eventId);
  if (!seating) throw new AppError('NOT_FOUND');
  return { plan: seating.plan, categories: seating.categories };
}

/** `GET /api/public/events/{id}/seating/availability?date_id=`: every seat no one can buy now. */
export async function getSeatAvailability(
  db: Db,
  { eventId, dateId }: { eventId: number; dateId: number | undefined },
): Promise<SeatAvailabilityResponse> {
  await liveEvent(db, eventId);
  const dates = await findSaleDates(db, eventId);
  const date = chooseDate(dates, dateId ?? dates.find((d) => d.status === 'ON_SALE')?.id, {
    anyStatus: true,
  });
  const rows = await queryRows<{ seat_key: string }>(
    db,
    sql`select seat_key from event_seats where date_id = ${date.id} and status <> 'AVAILABLE' order by seat_key`,
  );
  return { date_id: date.id, unavailable: rows.map((r) => r.seat_key) };
}
