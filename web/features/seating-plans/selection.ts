import type { SeatingPlan } from '../../../common/seating-plan';

/**
 * What the designer has selected: one row (to edit or move it) and seats, by row. A row that
 * has none of the selected seats keeps the one empty set, so that its drawing is left alone.
 */
export interface Selection {
  row: string | null;
  seats: ReadonlyMap<string, ReadonlySet<string>>;
}

export const NO_SEATS: ReadonlySet<string> = new Set();
export const NOTHING: Selection = { row: null, seats: new Map() };

export const seatsOf = (selection: Selection, rowKey: string) => selection.seats.get(rowKey) ?? NO_SEATS;

export function selectedCount(selection: Selection): number {
  let n = 0;
  for (const seats of selection.seats.values()) n += seats.size;
  return n;
}

/** One seat clicked: alone, or added to (or taken from) the selection with shift. */
export function clickSeat(
  selection: Selection,
  at: { row: string; seat: string; additive: boolean },
): Selection {
  if (!at.additive) return { row: null, seats: new Map([[at.row, new Set([at.seat])]]) };
  const seats = new Map(selection.seats);
  const set = new Set(seats.get(at.row) ?? []);
  if (set.has(at.seat)) set.delete(at.seat);
  else set.add(at.seat);
  if (set.size > 0) seats.set(at.row, set);
  else seats.delete(at.row);
  return { row: selection.row, seats };
}

/** The seats inside a box of the plan, alone or added to the selection. */
export function boxSeats(
  plan: SeatingPlan,
  box: { x1: number; y1: number; x2: number; y2: number; additive: boolean },
  selection: Selection,
): Selection {
  const [left, right] = [Math.min(box.x1, box.x2), Math.max(box.x1, box.x2)];
  const [top, bottom] = [Math.min(box.y1, box.y2), Math.max(box.y1, box.y2)];
  const seats = new Map(box.additive ? selection.seats : []);
  for (const section of plan.sections) {
    for (const row of section.rows) {
      let set: Set<string> | null = null;
      for (const seat of row.seats) {
        if (seat.x < left || seat.x > right || seat.y < top || seat.y > bottom) continue;
        set ??= new Set(seats.get(row.key) ?? []);
        set.add(seat.key);
      }
      if (set) seats.set(row.key, set);
    }
  }
  return { row: box.additive ? selection.row : null, seats };
}

/** Every seat of a row, selected. */
export function allSeatsOf(plan: SeatingPlan, rowKey: string): Selection {
  for (const section of plan.sections) {
    const row = section.rows.find((r) => r.key === rowKey);
    if (row) return { row: rowKey, seats: new Map([[rowKey, new Set(row.seats.map((s) => s.key))]]) };
  }
  return NOTHING;
}

/** The selection without what the plan no longer has (only the selected rows are looked at). */
export function keepExisting(plan: SeatingPlan, selection: Selection): Selection {
  if (selection.row === null && selection.seats.size === 0) return selection;
  const wanted = new Set([...selection.seats.keys(), ...(selection.row ? [selection.row] : [])]);
  const rows = new Map<string, Set<string>>();
  for (const section of plan.sections) {
    for (const row of section.rows) {
      if (wanted.has(row.key)) rows.set(row.key, new Set(row.seats.map((s) => s.key)));
    }
  }
  const row = selection.row && rows.has(selection.row) ? selection.row : null;
  let changed = row !== selection.row;
  const seats = new Map<string, ReadonlySet<string>>();
  for (const [key, set] of selection.seats) {
    const present = rows.get(key);
    const kept = present ? [...set].filter((s) => present.has(s)) : [];
    if (kept.length === set.size) seats.set(key, set);
    else {
      changed = true;
      if (kept.length > 0) seats.set(key, new Set(kept));
    }
  }
  return changed ? { row, seats } : selection;
}
