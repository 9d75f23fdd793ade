import { z } from 'zod';
import { SEATING_VALIDATION } from './i18n/seating-validation';
import { hexColor } from './validators';

/**
 * The seating plan format, version 1 (issue 42, decision 067; documented in
 * docs/seating-plan-format.md). A plan is plain JSON: the account keeps it, the designer edits
 * it, a file imports and exports it unchanged, and an event takes a copy of it. Every seat is
 * written out with its place, so that nothing but this file is needed to draw or check a plan;
 * a row may also keep the `layout` the designer drew it from, to draw it again when edited.
 *
 * Places are in plan units, with (0, 0) at the top left; a seat is a circle of `SEAT_RADIUS`.
 */
export const SEATING_PLAN_FORMAT = 'tessera.seating-plan';
export const SEAT_RADIUS = 10;
/** Two seats closer than this (centre to centre) overlap. */
export const SEAT_MIN_DISTANCE = 2 * SEAT_RADIUS - 2;
export const SEATING_LIMITS = {
  seats: 20_000,
  sections: 100,
  rowsPerSection: 500,
  seatsPerRow: 500,
  categories: 30,
  shapes: 100,
  size: 100_000,
} as const;

/** A key names a thing within its plan; it never changes when labels do. */
const key = () => z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);
const coordinate = () => z.number().min(0).max(SEATING_LIMITS.size);

export const SeatSpec = z.strictObject({
  key: key(),
  /** What the buyer reads ("12", "A12"). Unique within its row. */
  label: z.string().trim().min(1).max(20),
  x: coordinate(),
  y: coordinate(),
  /** The price category's key. */
  category: key(),
  /** A place for a wheelchair. */
  wheelchair: z.boolean().default(false),
  /** An aisle follows this seat: the next seat of the row is not next to it. */
  aisle_after: z.boolean().default(false),
});
export type SeatSpec = z.infer<typeof SeatSpec>;

export const SEAT_NUMBERINGS = ['ltr', 'rtl'] as const;

/** How the designer drew a row: where it starts, its direction and bend, and how seats count. */
export const RowLayout = z.strictObject({
  x: coordinate(),
  y: coordinate(),
  /** Seats in the row. */
  count: z.int().min(1).max(SEATING_LIMITS.seatsPerRow),
  /** Centre to centre. */
  spacing: z.number().min(SEAT_MIN_DISTANCE).max(500),
  /** Degrees, clockwise from the x axis. */
  angle: z.number().min(-360).max(360).default(0),
  /** How far the row bows, as a share of its length: 0 is straight, 0.2 a gentle arc. */
  curve: z.number().min(-0.5).max(0.5).default(0),
  /** Numbers grow left to right (`ltr`) or right to left (`rtl`). */
  numbering: z.enum(SEAT_NUMBERINGS).default('ltr'),
  /** The first number and the step between numbers (2 for odd or even numbering). */
  start: z.int().min(0).max(9999).default(1),
  step: z.int().min(1).max(2).default(1),
  prefix: z.string().max(10).default(''),
  category: key(),
});
export type RowLayout = z.infer<typeof RowLayout>;

export const ROW_KINDS = ['row', 'table'] as const;

/** A row of seats, or a table with the seats around it. */
export const RowSpec = z.strictObject({
  key: key(),
  label: z.string().trim().min(1).max(20),
  kind: z.enum(ROW_KINDS).default('row'),
  /** A table's top: a circle (`round`) or a rectangle, drawn under its seats. */
  table: z
    .strictObject({
      shape: z.enum(['round', 'rect']),
      x: coordinate(),
      y: coordinate(),
      width: z.number().min(1).max(SEATING_LIMITS.size),
      height: z.number().min(1).max(SEATING_LIMITS.size),
    })
    .optional(),
  layout: RowLayout.optional(),
  /** In order along the row (or round the table): seats next in this list sit together. */
  seats: z.array(SeatSpec).min(1).max(SEATING_LIMITS.seatsPerRow),
});
export type RowSpec = z.infer<typeof RowSpec>;

export const SectionSpec = z.strictObject({
  key: key(),
  name: z.string().trim().min(1).max(60),
  rows: z.array(RowSpec).min(1).max(SEATING_LIMITS.rowsPerSection),
});
export type SectionSpec = z.infer<typeof SectionSpec>;

export const CategorySpec = z.strictObject({
  key: key(),
  name: z.string().trim().min(1).max(60),
  color: hexColor(),
});
export type CategorySpec = z.infer<typeof CategorySpec>;

/** The stage, a bar, a dance floor: drawn for orientation, never sold. */
export const ShapeSpec = z.strictObject({
  kind: z.enum(['stage', 'area']),
  label: z.string().trim().max(60).default(''),
  x: coordinate(),
  y: coordinate(),
  width: z.number().min(1).max(SEATING_LIMITS.size),
  height: z.number().min(1).max(SEATING_LIMITS.size),
});
export type ShapeSpec = z.infer<typeof ShapeSpec>;

const PlanShape = z.strictObject({
  format: z.literal(SEATING_PLAN_FORMAT),
  version: z.literal(1),
  name: z.string().trim().min(1).max(100),
  width: z.number().min(100).max(SEATING_LIMITS.size),
  height: z.number().min(100).max(SEATING_LIMITS.size),
  categories: z.array(CategorySpec).min(1).max(SEATING_LIMITS.categories),
  sections: z.array(SectionSpec).min(1).max(SEATING_LIMITS.sections),
  shapes: z.array(ShapeSpec).max(SEATING_LIMITS.shapes).default([]),
});

type Issue = {
  path: (string | number)[];
  message: (typeof SEATING_VALIDATION)[keyof typeof SEATING_VALIDATION];
};

/** Every seat of a plan, with where it sits in it, in plan order. */
export function* planSeats(plan: { sections: readonly SectionSpec[] }) {
  for (const [s, section] of plan.sections.entries()) {
    for (const [r, row] of section.rows.entries()) {
      for (const [i, seat] of row.seats.entries()) yield { section, row, seat, path: [s, r, i] as const };
    }
  }
}

/** What is wrong with a plan beyond its shape: keys, labels, categories, places. */
export function planIssues(plan: z.infer<typeof PlanShape>): Issue[] {
  const issues: Issue[] = [];
  const at = (p: readonly [number, number, number]) => ['sections', p[0], 'rows', p[1], 'seats', p[2]];
  const categories = new Set<string>();
  for (const [i, c] of plan.categories.entries()) {
    if (categories.has(c.key))
      issues.push({ path: ['categories', i, 'key'], message: SEATING_VALIDATION.duplicateKey });
    categories.add(c.key);
  }
  const sectionKeys = new Set<string>();
  const rowKeys = new Set<string>();
  for (const [s, section] of plan.sections.entries()) {
    if (sectionKeys.has(section.key))
      issues.push({ path: ['sections', s, 'key'], message: SEATING_VALIDATION.duplicateKey });
    sectionKeys.add(section.key);
    for (const [r, row] of section.rows.entries()) {
      if (rowKeys.has(row.key))
        issues.push({ path: ['sections', s, 'rows', r, 'key'], message: SEATING_VALIDATION.duplicateKey });
      rowKeys.add(row.key);
      const labels = new Set<string>();
      for (const [i, seat] of row.seats.entries()) {
        const path = ['sections', s, 'rows', r, 'seats', i, 'label'];
        if (labels.has(seat.label)) issues.push({ path, message: SEATING_VALIDATION.duplicateSeatLabel });
        labels.add(seat.label);
      }
    }
  }
  const seatKeys = new Set<string>();
  let count = 0;
  // Seats in a grid of cells as wide as the distance that counts: only neighbours are compared.
  const grid = new Map<string, { x: number; y: number }[]>();
  const cell = (x: number, y: number) =>
    `${Math.floor(x / SEAT_MIN_DISTANCE)}:${Math.floor(y / SEAT_MIN_DISTANCE)}`;
  for (const { seat, path } of planSeats(plan)) {
    count += 1;
    if (seatKeys.has(seat.key))
      issues.push({ path: [...at(path), 'key'], message: SEATING_VALIDATION.duplicateKey });
    seatKeys.add(seat.key);
    if (!categories.has(seat.category))
      issues.push({ path: [...at(path), 'category'], message: SEATING_VALIDATION.unknownSeatCategory });
    if (seat.x > plan.width || seat.y > plan.height)
      issues.push({ path: [...at(path), 'x'], message: SEATING_VALIDATION.seatOutside });
    const cx = Math.floor(seat.x / SEAT_MIN_DISTANCE);
    const cy = Math.floor(seat.y / SEAT_MIN_DISTANCE);
    let overlaps = false;
    for (let dx = -1; dx <= 1 && !overlaps; dx++) {
      for (let dy = -1; dy <= 1 && !overlaps; dy++) {
        for (const other of grid.get(`${cx + dx}:${cy + dy}`) ?? []) {
          if (Math.hypot(other.x - seat.x, other.y - seat.y) < SEAT_MIN_DISTANCE) overlaps = true;
        }
      }
    }
    if (overlaps) issues.push({ path: at(path), message: SEATING_VALIDATION.seatsOverlap });
    const list = grid.get(cell(seat.x, seat.y)) ?? [];
    list.push({ x: seat.x, y: seat.y });
    grid.set(cell(seat.x, seat.y), list);
  }
  if (count > SEATING_LIMITS.seats)
    issues.push({ path: ['sections'], message: SEATING_VALIDATION.tooManySeats });
  return issues.slice(0, 50);
}

/** A seating plan, checked whole. */
export const SeatingPlan = PlanShape.superRefine((plan, ctx) => {
  for (const issue of planIssues(plan))
    ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message.id });
}).meta({ id: 'SeatingPlan' });
export type SeatingPlan = z.infer<typeof SeatingPlan>;
export type SeatingPlanInput = z.input<typeof SeatingPlan>;

/** The seats a row layout draws, numbered as it says, on a straight line or an arc. */
export function layoutSeats(layout: RowLayout, keyOf: (index: number) => string): SeatSpec[] {
  const length = layout.spacing * (layout.count - 1);
  const angle = (layout.angle * Math.PI) / 180;
  const along = { x: Math.cos(angle), y: Math.sin(angle) };
  const across = { x: -along.y, y: along.x };
  const bow = layout.curve * length;
  return Array.from({ length: layout.count }, (_, i) => {
    const t = layout.count === 1 ? 0.5 : i / (layout.count - 1);
    // A parabola through both ends with its top `bow` away: close to an arc for a gentle bend.
    const offset = bow * 4 * t * (1 - t);
    const d = layout.spacing * i;
    const number = layout.numbering === 'ltr' ? i : layout.count - 1 - i;
    return {
      key: keyOf(i),
      label: `${layout.prefix}${layout.start + number * layout.step}`,
      x: round(layout.x + along.x * d - across.x * offset),
      y: round(layout.y + along.y * d - across.y * offset),
      category: layout.category,
      wheelchair: false,
      aisle_after: false,
    };
  });
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The seats of a plan, counted. */
export function countSeats(plan: { sections: readonly SectionSpec[] }): number {
  let n = 0;
  for (const section of plan.sections) for (const row of section.rows) n += row.seats.length;
  return n;
}
