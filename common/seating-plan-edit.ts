import {
  type CategorySpec,
  layoutSeats,
  type RowLayout,
  type RowSpec,
  SEAT_RADIUS,
  SEATING_PLAN_FORMAT,
  type SeatingPlan,
  type SeatSpec,
  type SectionSpec,
} from './seating-plan';

/**
 * Changes the seating plan designer makes to a plan (issue 42), as pure functions on the plan
 * format of `seating-plan.ts`. Each returns new objects only along the path it changed, so that
 * the rows it left alone stay the same objects (the designer draws each row once, memoized).
 */

/** Six colours a seat of which stands out on white (contrast of 4.5 or more), then any. */
export const CATEGORY_COLORS = ['#1864ab', '#a61e4d', '#2b8a3e', '#5f3dc4', '#a63c06', '#0b7285'] as const;

/** A key that no category, section, row or seat of the plan has yet: `prefix` and a number. */
export function freshKey(plan: Pick<SeatingPlan, 'categories' | 'sections'>, prefix: string): string {
  const taken = new Set<string>(plan.categories.map((c) => c.key));
  for (const section of plan.sections) {
    taken.add(section.key);
    for (const row of section.rows) taken.add(row.key);
  }
  let n = 1;
  while (taken.has(`${prefix}${n}`)) n += 1;
  return `${prefix}${n}`;
}

/** A plan to start from: one price category, nothing drawn yet (it needs a row to be valid). */
export function emptyPlan(name: string): SeatingPlan {
  return {
    format: SEATING_PLAN_FORMAT,
    version: 1,
    name,
    width: 1200,
    height: 800,
    categories: [{ key: 'c1', name: 'Standard', color: CATEGORY_COLORS[0] }],
    sections: [],
    shapes: [{ kind: 'stage', label: 'Stage', x: 400, y: 30, width: 400, height: 60 }],
  };
}

export function addCategory(plan: SeatingPlan, name: string): SeatingPlan {
  const color = CATEGORY_COLORS[plan.categories.length % CATEGORY_COLORS.length] ?? CATEGORY_COLORS[0];
  const category: CategorySpec = { key: freshKey(plan, 'c'), name, color };
  return { ...plan, categories: [...plan.categories, category] };
}

/** The seat keys of a row: its own key and the seat's place, so a redrawn row keeps them. */
export const seatKeyOf = (rowKey: string) => (index: number) => `${rowKey}-${index + 1}`;

/**
 * A row drawn again from its layout: each seat keeps what was set on it (wheelchair, aisle, a
 * category of its own) where the new layout still has a seat at its place.
 */
export function redrawRow(row: RowSpec, layout: RowLayout): RowSpec {
  const before = row.layout?.category;
  const seats = layoutSeats(layout, seatKeyOf(row.key)).map((seat, i) => {
    const old = row.seats[i];
    if (!old) return seat;
    const category = old.category !== before ? old.category : seat.category;
    return { ...seat, category, wheelchair: old.wheelchair, aisle_after: old.aisle_after };
  });
  return { ...row, layout, seats };
}

/** A new row drawn from a layout, under a label ("A", "12"). */
export function makeRow(plan: SeatingPlan, input: { label: string; layout: RowLayout }): RowSpec {
  const key = freshKey(plan, 'r');
  return {
    key,
    label: input.label,
    kind: 'row',
    layout: input.layout,
    seats: layoutSeats(input.layout, seatKeyOf(key)),
  };
}

export interface TableInput {
  label: string;
  shape: 'round' | 'rect';
  /** The table's centre. */
  x: number;
  y: number;
  width: number;
  height: number;
  seats: number;
  category: string;
}

/** A table with its seats around it, clockwise from the top, numbered from 1. */
export function makeTable(plan: SeatingPlan, input: TableInput): RowSpec {
  const key = freshKey(plan, 't');
  const gap = SEAT_RADIUS + 4;
  const places =
    input.shape === 'round'
      ? aroundEllipse(input, gap)
      : aroundRectangle({ ...input, width: input.width + 2 * gap, height: input.height + 2 * gap });
  const seats: SeatSpec[] = places.map((p, i) => ({
    key: seatKeyOf(key)(i),
    label: String(i + 1),
    x: round(p.x),
    y: round(p.y),
    category: input.category,
    wheelchair: false,
    aisle_after: false,
  }));
  return {
    key,
    label: input.label,
    kind: 'table',
    table: {
      shape: input.shape,
      x: input.x - input.width / 2,
      y: input.y - input.height / 2,
      width: input.width,
      height: input.height,
    },
    seats,
  };
}

function aroundEllipse(t: TableInput, gap: number) {
  const rx = t.width / 2 + gap;
  const ry = t.height / 2 + gap;
  return Array.from({ length: t.seats }, (_, i) => {
    const a = -Math.PI / 2 + (2 * Math.PI * i) / t.seats;
    return { x: t.x + rx * Math.cos(a), y: t.y + ry * Math.sin(a) };
  });
}

function aroundRectangle(t: TableInput) {
  const w = t.width;
  const h = t.height;
  const perimeter = 2 * (w + h);
  return Array.from({ length: t.seats }, (_, i) => {
    // Along the edge from the top left corner, clockwise, each seat in the middle of its share.
    let d = ((i + 0.5) * perimeter) / t.seats;
    const left = t.x - w / 2;
    const top = t.y - h / 2;
    if (d < w) return { x: left + d, y: top };
    d -= w;
    if (d < h) return { x: left + w, y: top + d };
    d -= h;
    if (d < w) return { x: left + w - d, y: top + h };
    d -= w;
    return { x: left, y: top + h - d };
  });
}

const round = (n: number) => Math.round(n * 10) / 10;

/** A row moved by (dx, dy): its seats, its table and its layout's start, none below 0. */
export function moveRow(row: RowSpec, by: { dx: number; dy: number }): RowSpec {
  const minX = Math.min(...row.seats.map((s) => s.x), row.table?.x ?? Number.POSITIVE_INFINITY);
  const minY = Math.min(...row.seats.map((s) => s.y), row.table?.y ?? Number.POSITIVE_INFINITY);
  const dx = Math.max(by.dx, -minX);
  const dy = Math.max(by.dy, -minY);
  if (dx === 0 && dy === 0) return row;
  return {
    ...row,
    seats: row.seats.map((s) => ({ ...s, x: round(s.x + dx), y: round(s.y + dy) })),
    ...(row.table ? { table: { ...row.table, x: round(row.table.x + dx), y: round(row.table.y + dy) } } : {}),
    ...(row.layout
      ? { layout: { ...row.layout, x: round(row.layout.x + dx), y: round(row.layout.y + dy) } }
      : {}),
  };
}

/** The plan with one section replaced by what `change` makes of it (the same plan if unchanged). */
export function updateSection(
  plan: SeatingPlan,
  key: string,
  change: (section: SectionSpec) => SectionSpec,
): SeatingPlan {
  let changed = false;
  const sections = plan.sections.map((s) => {
    if (s.key !== key) return s;
    const next = change(s);
    if (next !== s) changed = true;
    return next;
  });
  return changed ? { ...plan, sections } : plan;
}

/** The plan with the row of that key replaced by what `change` makes of it. */
export function updateRow(plan: SeatingPlan, key: string, change: (row: RowSpec) => RowSpec): SeatingPlan {
  const section = plan.sections.find((s) => s.rows.some((r) => r.key === key));
  if (!section) return plan;
  return updateSection(plan, section.key, (s) => {
    const rows = s.rows.map((r) => (r.key === key ? change(r) : r));
    return rows.every((r, i) => r === s.rows[i]) ? s : { ...s, rows };
  });
}

/**
 * The seats named (by row key, then seat keys) changed by `change`; the rows with none of
 * them stay as they were. A row left with no seat is removed, and a section with no row.
 */
export function updateSeats(
  plan: SeatingPlan,
  selection: ReadonlyMap<string, ReadonlySet<string>>,
  change: (seat: SeatSpec) => SeatSpec | null,
): SeatingPlan {
  let next = plan;
  for (const [rowKey, seats] of selection) {
    if (seats.size === 0) continue;
    next = updateRow(next, rowKey, (row) => ({
      ...row,
      seats: row.seats.flatMap((seat) => {
        if (!seats.has(seat.key)) return [seat];
        const changed = change(seat);
        return changed ? [changed] : [];
      }),
    }));
  }
  return dropEmpty(next);
}

/** Rows without seats and sections without rows are taken out. */
export function dropEmpty(plan: SeatingPlan): SeatingPlan {
  if (plan.sections.every((s) => s.rows.length > 0 && s.rows.every((r) => r.seats.length > 0))) return plan;
  const sections = plan.sections
    .map((s) =>
      s.rows.every((r) => r.seats.length > 0) ? s : { ...s, rows: s.rows.filter((r) => r.seats.length > 0) },
    )
    .filter((s) => s.rows.length > 0);
  return { ...plan, sections };
}

/** A plan of straight rows in sections, for tests and demonstrations: `rows` × `seats` each. */
export function gridPlan(input: {
  name: string;
  sections: number;
  rows: number;
  seats: number;
}): SeatingPlan {
  const spacing = 24;
  const rowGap = 30;
  const sectionWidth = input.seats * spacing + 60;
  let plan: SeatingPlan = {
    ...emptyPlan(input.name),
    width: Math.max(1200, input.sections * sectionWidth + 60),
    height: Math.max(800, 200 + input.rows * rowGap),
  };
  plan = addCategory(plan, 'Premium');
  for (let s = 0; s < input.sections; s++) {
    const sectionKey = `s${s + 1}`;
    const rows: RowSpec[] = [];
    for (let r = 0; r < input.rows; r++) {
      const key = `s${s + 1}r${r + 1}`;
      const layout: RowLayout = {
        x: 40 + s * sectionWidth,
        y: 140 + r * rowGap,
        count: input.seats,
        spacing,
        angle: 0,
        curve: 0,
        numbering: 'ltr',
        start: 1,
        step: 1,
        prefix: '',
        category: r < 3 ? 'c2' : 'c1',
      };
      rows.push({
        key,
        label: String(r + 1),
        kind: 'row',
        layout,
        seats: layoutSeats(layout, seatKeyOf(key)),
      });
    }
    plan = { ...plan, sections: [...plan.sections, { key: sectionKey, name: `Section ${s + 1}`, rows }] };
  }
  return plan;
}
