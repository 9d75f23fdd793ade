import { and, eq, gte, sql } from 'drizzle-orm';
import type { EventStatsResponse } from '../../../common/events';
import type { Db } from '../../db/client';
import { eventPageViews, tickets } from '../../db/schema';

/**
 * Counts public page views in memory and writes them in one statement per flush, so a
 * rush on a popular event page does not turn every view into a write on one hot row.
 */
export class PageViewCounter {
  private pending = new Map<string, number>();

  record(eventId: number, now = new Date()): void {
    const key = `${eventId}|${now.toISOString().slice(0, 10)}`;
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
  }

  /** Adds the counted views to the table; views counted meanwhile wait for the next flush. */
  async flush(db: Db): Promise<number> {
    if (this.pending.size === 0) return 0;
    const batch = this.pending;
    this.pending = new Map();
    const rows = [...batch].map(([key, views]) => {
      const [eventId = '0', day = ''] = key.split('|');
      return { eventId: Number(eventId), day, views };
    });
    try {
      await db
        .insert(eventPageViews)
        .values(rows)
        .onConflictDoUpdate({
          target: [eventPageViews.eventId, eventPageViews.day],
          set: { views: sql`${eventPageViews.views} + excluded.views` },
        });
    } catch (error) {
      // An event deleted meanwhile must not lose the other events' views.
      for (const row of rows)
        this.pending.set(
          `${row.eventId}|${row.day}`,
          (this.pending.get(`${row.eventId}|${row.day}`) ?? 0) + row.views,
        );
      throw error;
    }
    return rows.reduce((sum, r) => sum + r.views, 0);
  }
}

/** An event's figures: page views (total, and the last `days` days in UTC, oldest first, gaps as zero) and tickets sold. */
export async function eventStats(
  db: Db,
  eventId: number,
  days = 14,
  now = new Date(),
): Promise<EventStatsResponse> {
  const first = new Date(now.getTime() - (days - 1) * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const [total] = await db
    .select({ views: sql<number>`coalesce(sum(${eventPageViews.views}), 0)::int` })
    .from(eventPageViews)
    .where(eq(eventPageViews.eventId, eventId));
  const recent = await db
    .select({ day: eventPageViews.day, views: eventPageViews.views })
    .from(eventPageViews)
    .where(and(eq(eventPageViews.eventId, eventId), gte(eventPageViews.day, first)));
  const byDay = new Map(recent.map((r) => [r.day, r.views]));
  const daily = Array.from({ length: days }, (_, i) => {
    const date = new Date(now.getTime() - (days - 1 - i) * 24 * 3600 * 1000).toISOString().slice(0, 10);
    return { date, page_views: byDay.get(date) ?? 0 };
  });
  const [sold] = await db
    .select({
      sold: sql<number>`coalesce(sum(${tickets.quantitySold}), 0)::int`,
      reserved: sql<number>`coalesce(sum(${tickets.quantityReserved}), 0)::int`,
    })
    .from(tickets)
    .where(eq(tickets.eventId, eventId));
  return {
    page_views: Number(total?.views ?? 0),
    tickets_sold: Number(sold?.sold ?? 0),
    tickets_reserved: Number(sold?.reserved ?? 0),
    daily,
  };
}
