import { and, eq, sql } from 'drizzle-orm';
import type { DateAvailability, PublicEventDate } from '../../../common/event-dates';
import { withSettingDefaults } from '../../../common/events';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { events } from '../../db/schema';
import { AppError } from '../../http/app-error';

/** One date with what its tickets on sale have left, as the query below counts it. */
type CountedDate = {
  id: string | number;
  starts_at: Date | string;
  ends_at: Date | string | null;
  label: string | null;
  status: PublicEventDate['status'];
  /** Seats the date's own capacity leaves; null without one. */
  date_left: number | null;
  /** Visible tickets on sale on this date. */
  on_sale: number;
  /** Of them, those without any limit left (no quantity, tier or shared capacity limits them). */
  unlimited: number;
  /** Seats the limited ones have left, added up. */
  limited_left: number;
  /** Every ticket on sale shows what it has left (`show_quantity_remaining`). */
  shows_left: boolean | null;
  /** A ticket of the date opens a waiting list when sold out. */
  waitlist: boolean | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The seats one ticket has left on one date, from the row `s` of `ticket_stock` and its ticket
 * `t`: the least of its own quantity, of its visible tiers' (for a tiered ticket) and of every
 * active capacity assignment it is in. Null when nothing limits it (`least` skips nulls).
 */
const TICKET_LEFT = sql.raw(`least(
  case when s.quantity is null then null else greatest(s.quantity - s.quantity_sold - s.quantity_reserved, 0) end,
  case when t.type = 'TIERED' then (
    select case when count(*) = 0 or bool_or(ts.quantity is null) then null
      else sum(greatest(ts.quantity - ts.quantity_sold - ts.quantity_reserved, 0))::int end
    from tier_stock ts join ticket_prices p on p.id = ts.price_id
    where ts.date_id = s.date_id and p.ticket_id = s.ticket_id and not p.is_hidden) end,
  (select min(greatest(c.capacity - c.used, 0))::int
    from capacity_assignment_tickets l join capacity_stock c on c.capacity_assignment_id = l.capacity_assignment_id
    where l.ticket_id = s.ticket_id and c.date_id = s.date_id and c.capacity is not null))`);

/** Which upcoming dates to read: where the window starts, and how many at most. */
export interface DatesWindow {
  /** The first date starting at or after this instant (ISO). */
  from?: string | undefined;
  /** The window starts where this date starts (a link to it). */
  dateId?: number | undefined;
  /** Undefined: every date from the start on. */
  limit?: number | undefined;
}

/** One window of upcoming dates, and where the next one starts (null: none after). */
export interface DatesPage {
  data: PublicEventDate[];
  next_from: string | null;
}

/**
 * The upcoming dates of a live event a buyer may choose from (neither cancelled nor hidden, not
 * ended), earliest first, each with what is left on it (issue 36), one window of them. Two
 * queries, whatever the number of dates or the window: the event, then its window of dates with
 * their tickets' stock added up per date, and the start of the first date after them.
 *
 * The window is cut by `rank()` over the start, so dates sharing the last start all come in it:
 * `next_from` then never lands in the middle of them, and `from=next_from` goes on exactly.
 * The stock is added up for the window's dates only, which keeps a page of a 500-date event as
 * cheap as a page of a short one.
 *
 * A date is sold out when the organizer says so, when its own capacity is used up, or when no
 * visible ticket on sale has a seat left on it; a sold-out date whose tickets open a waiting list
 * shows it. Seats left are shown only when every ticket on sale shows its own.
 */
export async function findPublicDates(db: Db, eventId: number, window: DatesWindow = {}): Promise<DatesPage> {
  const [event] = await db
    .select({ settings: events.settings })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.status, 'LIVE')));
  if (!event) throw new AppError('NOT_FOUND');
  const waitlistDefault = withSettingDefaults(event.settings).waitlist_enabled;
  const from = window.from === undefined ? null : new Date(window.from).toISOString();
  const dateId = window.dateId ?? null;
  const limit = window.limit ?? null;
  const rows = await queryRows<CountedDate & { next_from: Date | string | null }>(
    db,
    sql`with listed as (
          select d.id, d.starts_at, d.ends_at, d.label, d.status, d.capacity, d.used,
            rank() over (order by d.starts_at) as place
          from event_dates d
          where d.event_id = ${eventId} and d.status not in ('CANCELLED', 'HIDDEN')
            and coalesce(d.ends_at, d.starts_at) > now()
            and d.starts_at >= coalesce(${from}::timestamptz,
              (select f.starts_at from event_dates f where f.id = ${dateId}::bigint and f.event_id = ${eventId}),
              '-infinity')),
        picked as (select * from listed where ${limit}::int is null or place <= ${limit}::int),
        on_sale as (
          select s.date_id, t.show_quantity_remaining as shows_left,
            coalesce(t.waitlist_enabled, ${waitlistDefault}) as waitlist, ${TICKET_LEFT} as seats
          from ticket_stock s join tickets t on t.id = s.ticket_id
          where t.event_id = ${eventId} and s.date_id in (select id from picked)
            and not t.is_hidden and not t.hide_without_promo_code and not t.is_paused
            and coalesce(s.sale_start, t.sale_start, now()) <= now()
            and coalesce(s.sale_end, t.sale_end, now() + interval '1 second') > now())
        select d.id, d.starts_at, d.ends_at, d.label, d.status,
          case when d.capacity is null then null else greatest(d.capacity - d.used, 0) end as date_left,
          count(o.date_id)::int as on_sale,
          count(o.date_id) filter (where o.seats is null)::int as unlimited,
          coalesce(sum(o.seats), 0)::int as limited_left,
          bool_and(o.shows_left) as shows_left,
          bool_or(o.waitlist) as waitlist,
          (select min(l.starts_at) from listed l where l.place > ${limit}::int) as next_from
        from picked d left join on_sale o on o.date_id = d.id
        group by d.id, d.starts_at, d.ends_at, d.label, d.status, d.capacity, d.used
        order by d.starts_at, d.id`,
  );
  // An empty window has no date after it either: every upcoming date from its start is in it.
  const next = rows[0]?.next_from ?? null;
  return { data: rows.map(toPublicDate), next_from: next === null ? null : iso(next) };
}

function toPublicDate(row: CountedDate): PublicEventDate {
  const ticketsLeft = row.on_sale === 0 ? 0 : row.unlimited > 0 ? null : Number(row.limited_left);
  const left =
    ticketsLeft === null
      ? row.date_left
      : row.date_left === null
        ? ticketsLeft
        : Math.min(ticketsLeft, row.date_left);
  const soldOut = row.status === 'SOLD_OUT' || left === 0;
  // Its tickets show sold out then (`findPublicTickets`), with their waiting lists if open.
  const availability: DateAvailability = !soldOut ? 'ON_SALE' : row.waitlist ? 'WAITLIST' : 'SOLD_OUT';
  return {
    id: Number(row.id),
    starts_at: iso(row.starts_at),
    ends_at: row.ends_at === null ? null : iso(row.ends_at),
    label: row.label,
    status: row.status,
    availability,
    seats_left: soldOut ? 0 : row.shows_left ? left : null,
  };
}
