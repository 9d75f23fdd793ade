import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows, sqlList } from '../../db/rows';

/**
 * The next `count` dates a buyer may choose of each event, their starts, soonest first: the
 * first ones `findPublicDates` lists (neither cancelled nor hidden, not ended), in one query
 * whatever the number of events (the organizer's homepage and widget, decisions 058 and 062).
 */
export async function findNextDatesOfEvents(
  db: Db,
  { eventIds, count }: { eventIds: readonly number[]; count: number },
): Promise<Map<number, string[]>> {
  const byEvent = new Map<number, string[]>(eventIds.map((id) => [id, []]));
  if (eventIds.length === 0) return byEvent;
  const rows = await queryRows<{ event_id: number | string; starts_at: Date | string }>(
    db,
    sql`select event_id, starts_at from (
          select d.event_id, d.starts_at, d.id,
            row_number() over (partition by d.event_id order by d.starts_at, d.id) as place
          from event_dates d
          where d.event_id in (${sqlList(eventIds)}) and d.status not in ('CANCELLED', 'HIDDEN')
            and coalesce(d.ends_at, d.starts_at) > now()) listed
        where place <= ${count}
        order by event_id, starts_at, id`,
  );
  for (const row of rows) byEvent.get(Number(row.event_id))?.push(new Date(row.starts_at).toISOString());
  return byEvent;
}
