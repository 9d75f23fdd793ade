import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventPageViews } from '../../db/schema';

/**
 * Counts public page views in memory and writes them in one statement per flush, so a
 * rush on a popular event page does not turn every view into a write on one hot row.
 */
export class PageViewCounter {
  private pending = new Map<string, number>();
  private today = '';
  private todayEndsAt = 0;

  record(eventId: number, now?: Date): void {
    const key = `${eventId}|${now ? now.toISOString().slice(0, 10) : this.day()}`;
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
  }

  /** Today's date (UTC), written once a day rather than once a view. */
  private day(): string {
    const now = Date.now();
    if (now >= this.todayEndsAt) {
      this.today = new Date(now).toISOString().slice(0, 10);
      this.todayEndsAt = Date.UTC(
        Number(this.today.slice(0, 4)),
        Number(this.today.slice(5, 7)) - 1,
        Number(this.today.slice(8, 10)) + 1,
      );
    }
    return this.today;
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
