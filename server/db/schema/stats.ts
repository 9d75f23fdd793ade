import { bigint, date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { events } from './events';

/** Public page views per event and day (UTC), counted in memory and added up in batches. */
export const eventPageViews = pgTable(
  'event_page_views',
  {
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.day] })],
);
