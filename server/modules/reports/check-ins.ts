import { sql } from 'drizzle-orm';
import type { ReportResponse, ReportRow } from '../../../common/reports';
import { percentText } from '../../../common/reports';
import { queryRows } from '../../db/rows';
import type { EventReportContext } from './event-sales';
import { rangeEnd, rangeStart } from './range';
import { col, reportOf } from './shape';

// Check-in rates (decision 054): who may come in are the active attendees of the event's sales
// (a completed order); who came in, those of them with a check-in made within the range and not
// undone. A check-in list counts the attendees of its tickets (and of its date, if it has one).

const COLUMNS = [col('eligible', 'count'), col('checked_in', 'count'), col('check_in_rate', 'percent')];
const RATIO = [{ key: 'check_in_rate', part: 'checked_in', whole: 'eligible' }] as const;

const figures = (r: Record<string, unknown>): ReportRow => {
  const eligible = Number(r.eligible ?? 0);
  const checkedIn = Number(r.checked_in ?? 0);
  return { eligible, checked_in: checkedIn, check_in_rate: percentText(checkedIn, eligible) };
};

export async function checkInsByList({ db, event, range }: EventReportContext): Promise<ReportResponse> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with a as (
        select a.id, a.ticket_id, a.date_id from attendees a join orders o on o.id = a.order_id
        where a.event_id = ${event.id} and o.event_id = ${event.id} and a.status = 'ACTIVE' and o.completed_at is not null
      )
      select l.id, l.name,
        (select count(*) from a join check_in_list_tickets lt on lt.ticket_id = a.ticket_id
          where lt.check_in_list_id = l.id and (l.date_id is null or a.date_id = l.date_id)) as eligible,
        (select count(distinct c.attendee_id) from check_ins c
          join a on a.id = c.attendee_id
          join check_in_list_tickets lt on lt.check_in_list_id = l.id and lt.ticket_id = a.ticket_id
          where c.check_in_list_id = l.id and c.checked_out_at is null
            and c.checked_in_at >= ${rangeStart(range)} and c.checked_in_at < ${rangeEnd(range)}) as checked_in
      from check_in_lists l where l.event_id = ${event.id} order by l.name, l.id`,
  );
  return reportOf({
    name: 'check-ins-by-list',
    range,
    currency: event.currency,
    columns: [col('list', 'text'), ...COLUMNS],
    rows: rows.map((r) => ({ list: String(r.name), ...figures(r) })),
    ratios: RATIO,
  });
}

export async function checkInsByTicket({ db, event, range }: EventReportContext): Promise<ReportResponse> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with a as (
        select a.id, a.ticket_id from attendees a join orders o on o.id = a.order_id
        where a.event_id = ${event.id} and o.event_id = ${event.id} and a.status = 'ACTIVE' and o.completed_at is not null
      ), inside as (
        select distinct c.attendee_id from check_ins c
        where c.event_id = ${event.id} and c.checked_out_at is null
          and c.checked_in_at >= ${rangeStart(range)} and c.checked_in_at < ${rangeEnd(range)}
      )
      select t.title, count(a.id) as eligible, count(i.attendee_id) as checked_in
      from tickets t left join a on a.ticket_id = t.id left join inside i on i.attendee_id = a.id
      where t.event_id = ${event.id} and (t.kind = 'TICKET' or exists (select 1 from a where a.ticket_id = t.id))
      group by t.id, t.title, t.sort_order order by t.sort_order, t.id`,
  );
  return reportOf({
    name: 'check-ins-by-ticket',
    range,
    currency: event.currency,
    columns: [col('ticket', 'text'), ...COLUMNS],
    rows: rows.map((r) => ({ ticket: String(r.title), ...figures(r) })),
    ratios: RATIO,
  });
}
