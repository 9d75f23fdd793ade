import { sql } from 'drizzle-orm';
import { planSeats, type SeatingPlan } from '../../../common/seating-plan';
import type { Transaction } from '../../db/client';

/**
 * Writes the seats of an event's plan on every one of its dates, in one statement: the plan's
 * seats go as arrays, and the database pairs them with the dates. A seat's `position` orders the
 * plan (rows in plan order, seats along each row), and its `block` counts the stretches between
 * aisles: seats sit together only within one (decision 067).
 */
export async function writeSeats(
  tx: Transaction,
  { eventId, plan, ticketOf }: { eventId: number; plan: SeatingPlan; ticketOf: ReadonlyMap<string, number> },
): Promise<void> {
  const cols = {
    key: [] as string[],
    ticket: [] as number[],
    category: [] as string[],
    section: [] as string[],
    row: [] as string[],
    kind: [] as string[],
    label: [] as string[],
    wheelchair: [] as boolean[],
    rowIndex: [] as number[],
    block: [] as number[],
  };
  let rowIndex = -1;
  let block = 0;
  let lastRow: unknown = null;
  for (const { section, row, seat } of planSeats(plan)) {
    if (row !== lastRow) {
      rowIndex += 1;
      block += 1;
      lastRow = row;
    }
    cols.key.push(seat.key);
    cols.ticket.push(ticketOf.get(seat.category) ?? 0);
    cols.category.push(seat.category);
    cols.section.push(section.name);
    cols.row.push(row.label);
    cols.kind.push(row.kind);
    cols.label.push(seat.label);
    cols.wheelchair.push(seat.wheelchair);
    cols.rowIndex.push(rowIndex);
    cols.block.push(block);
    if (seat.aisle_after) block += 1;
  }
  const list = (values: readonly (string | number | boolean)[]) => JSON.stringify(values);
  await tx.execute(sql`
    insert into event_seats (event_id, date_id, seat_key, ticket_id, category, section, row_label, row_kind,
      seat_label, wheelchair, position, row_index, block)
    select ${eventId}, d.id, s.key, s.ticket, s.category, s.section, s.row, s.kind, s.label, s.wheelchair,
      s.position::int, s.row_index, s.block
    from (
      select k.value as key, (t.value)::bigint as ticket, c.value as category, se.value as section,
        r.value as row, ki.value as kind, l.value as label, (w.value)::boolean as wheelchair,
        k.ord - 1 as position, (ri.value)::int as row_index, (b.value)::int as block
      from jsonb_array_elements_text(${list(cols.key)}::jsonb) with ordinality k(value, ord)
      join jsonb_array_elements_text(${list(cols.ticket)}::jsonb) with ordinality t(value, ord) using (ord)
      join jsonb_array_elements_text(${list(cols.category)}::jsonb) with ordinality c(value, ord) using (ord)
      join jsonb_array_elements_text(${list(cols.section)}::jsonb) with ordinality se(value, ord) using (ord)
      join jsonb_array_elements_text(${list(cols.row)}::jsonb) with ordinality r(value, ord) using (ord)
      join jsonb_array_elements_text(${list(cols.kind)}::jsonb) with ordinality ki(value, ord) using (ord)
      join jsonb_array_elements_text(${list(cols.label)}::jsonb) with ordinality l(value, ord) using (ord)
      join jsonb_array_elements_text(${list(cols.wheelchair)}::jsonb) with ordinality w(value, ord) using (ord)
      join jsonb_array_elements_text(${list(cols.rowIndex)}::jsonb) with ordinality ri(value, ord) using (ord)
      join jsonb_array_elements_text(${list(cols.block)}::jsonb) with ordinality b(value, ord) using (ord)
    ) s cross join event_dates d
    where d.event_id = ${eventId}`);
}
