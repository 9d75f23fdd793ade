import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DateSeriesRequest } from '../../../common/event-dates';
import { zoneOffset } from '../../../common/ics-timezone';
import type { Database } from '../../db/client';
import { eventDates } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { lockEvent } from '../owned-events/service';
import { wallToInstant } from './rule';
import { capDateOrRefuse, spanEvent } from './service';

type Input = z.output<typeof DateSeriesRequest>;
type Row = typeof eventDates.$inferSelect;

const DAY_MS = 86_400_000;
const minutesOf = (time: string) => {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return (hour * 60 + minute) * 60_000;
};

/**
 * A date moved to other local times of its own day in `zone`: the start at `start_time`, the
 * end at `end_time` (the next day when not after the start), each left as it was when not asked.
 */
function retimed(date: Row, input: Input, zone: string): Pick<Row, 'startsAt' | 'endsAt'> {
  const wall = date.startsAt.getTime() + zoneOffset(zone, date.startsAt) * 60_000;
  const day = wall - (wall % DAY_MS);
  const start = input.start_time === undefined ? wall : day + minutesOf(input.start_time);
  const startsAt = wallToInstant(start, zone);
  if (input.end_time === undefined) {
    const length = date.endsAt ? date.endsAt.getTime() - date.startsAt.getTime() : null;
    return { startsAt, endsAt: length === null ? null : new Date(startsAt.getTime() + length) };
  }
  if (input.end_time === null) return { startsAt, endsAt: null };
  const end = day + minutesOf(input.end_time);
  return { startsAt, endsAt: wallToInstant(end > start ? end : end + DAY_MS, zone) };
}

/**
 * Changes every date of a rule still ahead and not cancelled, all or none (a capacity below
 * what one has taken refuses the whole). Answers the ids of the dates changed, in order.
 */
export async function updateDateSeries({
  db,
  auth,
  eventId,
  ruleId,
  input,
  now = new Date(),
}: {
  db: Database;
  auth: AuthContext;
  eventId: number;
  ruleId: number;
  input: Input;
  now?: Date;
}): Promise<number[]> {
  return inTransaction(db, async (tx) => {
    const event = await lockEvent(tx, auth.accountId, eventId);
    const dates = await tx
      .select()
      .from(eventDates)
      .where(
        and(
          eq(eventDates.eventId, eventId),
          eq(eventDates.ruleId, ruleId),
          gt(eventDates.startsAt, now),
          ne(eventDates.status, 'CANCELLED'),
        ),
      )
      .orderBy(asc(eventDates.startsAt), asc(eventDates.id));
    if (dates.length === 0) throw new AppError('NOT_FOUND');
    for (const date of dates) {
      await tx
        .update(eventDates)
        .set({
          ...retimed(date, input, event.timezone),
          ...(input.label === undefined ? {} : { label: input.label || null }),
          ...(input.status === undefined ? {} : { status: input.status }),
          updatedAt: sql`now()`,
        })
        .where(eq(eventDates.id, date.id));
      if (input.capacity !== undefined && input.capacity !== date.capacity)
        await capDateOrRefuse(tx, date.id, input.capacity);
    }
    // The event's own start and end follow its dates.
    await spanEvent(tx, eventId);
    return dates.map((d) => d.id);
  });
}
