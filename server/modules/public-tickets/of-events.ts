import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { withSettingDefaults } from '../../../common/events';
import { type PublicTicketsResponse, toPublicTickets } from '../../../common/public-tickets';
import type { Db } from '../../db/client';
import { queryRows, sqlList } from '../../db/rows';
import { catalogueCategories, events, tickets } from '../../db/schema';
import { readAddonRules } from '../addons/service';
import { readDateStocks } from '../stock/service';
import { readTicketParts, ticketOnDate } from './ticket-rows';

/** Groups rows by a key, keeping their order. */
function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k) ?? [];
    group.push(row);
    groups.set(k, group);
  }
  return groups;
}

/**
 * The date whose tickets a buyer sees, of each event: the next on sale that has not ended, or
 * else its first (neither cancelled nor hidden), as `saleDateOf` in `service.ts` picks it.
 */
async function saleDatesOf(db: Db, eventIds: readonly number[]) {
  const rows = await queryRows<{ id: number | string; event_id: number | string; status: string }>(
    db,
    sql`select distinct on (event_id) id, event_id, status from event_dates
        where event_id in (${sqlList(eventIds)}) and status not in ('CANCELLED', 'HIDDEN')
        order by event_id, (status = 'ON_SALE' and coalesce(ends_at, starts_at) > now()) desc, starts_at, id`,
  );
  return new Map(rows.map((r) => [Number(r.event_id), { id: Number(r.id), status: r.status }]));
}

/**
 * The tickets of several LIVE events as a buyer sees them without a promo code, each exactly
 * as `findPublicTickets` answers for it, in a fixed number of queries whatever the number of
 * events (the organizer's homepage and widget, decisions 058 and 062). An event that is not
 * live, or has no date a buyer may see, has no entry.
 */
export async function findPublicTicketsOfEvents(
  db: Db,
  eventIds: readonly number[],
): Promise<Map<number, PublicTicketsResponse>> {
  const answers = new Map<number, PublicTicketsResponse>();
  if (eventIds.length === 0) return answers;
  const found = await db
    .select({ id: events.id, currency: events.currency, settings: events.settings })
    .from(events)
    .where(and(inArray(events.id, [...eventIds]), eq(events.status, 'LIVE')));
  if (found.length === 0) return answers;
  const live = found.map((e) => e.id);
  const rows = await db
    .select()
    .from(tickets)
    .where(inArray(tickets.eventId, live))
    .orderBy(asc(tickets.sortOrder), asc(tickets.id));
  const ids = rows.map((r) => r.id);
  const parts = await readTicketParts(db, ids);
  const categories = groupBy(
    await db.select().from(catalogueCategories).where(inArray(catalogueCategories.eventId, live)),
    (c) => c.eventId,
  );
  const saleDates = await saleDatesOf(db, live);
  const stocks = await readDateStocks(
    db,
    ids,
    [...saleDates.values()].map((d) => d.id),
  );
  const stockOf = new Map(stocks.map((s) => [s.dateId, s]));
  const addons = await readAddonRules(db, rows);
  const ticketsOf = groupBy(rows, (r) => r.eventId);

  for (const event of found) {
    const saleDate = saleDates.get(event.id);
    if (!saleDate) continue;
    const stock = stockOf.get(saleDate.id);
    const closed = saleDate.status === 'SOLD_OUT';
    const settings = withSettingDefaults(event.settings);
    answers.set(
      event.id,
      toPublicTickets({
        tickets: (ticketsOf.get(event.id) ?? []).map((row) =>
          ticketOnDate(row, { stock, closed, parts, addons, settings }),
        ),
        categories: categories.get(event.id) ?? [],
        requestedCode: '',
        promo: null,
        priceDisplayMode: settings.price_display_mode,
        currency: event.currency,
        dateId: saleDate.id,
      }),
    );
  }
  return answers;
}
