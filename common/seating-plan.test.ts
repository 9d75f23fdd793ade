import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { countSeats, layoutSeats, planIssues, type RowLayout, SeatingPlan } from './seating-plan';
import { gridPlan, makeTable, moveRow, redrawRow, seatKeyOf } from './seating-plan-edit';
import { planFileName } from './seating-plan-files';

const layout = (over: Partial<RowLayout> = {}): RowLayout => ({
  x: 100,
  y: 100,
  count: 5,
  spacing: 24,
  angle: 0,
  curve: 0,
  numbering: 'ltr',
  start: 1,
  step: 1,
  prefix: '',
  category: 'c1',
  ...over,
});
const labels = (l: RowLayout) => layoutSeats(l, seatKeyOf('r')).map((s) => s.label);

describe('layoutSeats', () => {
  it('numbers left to right or right to left along a straight row', () => {
    const seats = layoutSeats(layout(), seatKeyOf('r1'));
    expect(seats.map((s) => [s.key, s.label, s.x, s.y])).toEqual([
      ['r1-1', '1', 100, 100],
      ['r1-2', '2', 124, 100],
      ['r1-3', '3', 148, 100],
      ['r1-4', '4', 172, 100],
      ['r1-5', '5', 196, 100],
    ]);
    expect(labels(layout({ numbering: 'rtl' }))).toEqual(['5', '4', '3', '2', '1']);
  });

  it('counts odd or even numbers by start and step, with a prefix', () => {
    expect(labels(layout({ start: 1, step: 2 }))).toEqual(['1', '3', '5', '7', '9']);
    expect(labels(layout({ start: 2, step: 2, numbering: 'rtl' }))).toEqual(['10', '8', '6', '4', '2']);
    expect(labels(layout({ prefix: 'A', count: 3 }))).toEqual(['A1', 'A2', 'A3']);
  });

  it('bows the middle of a curved row most, leaving its ends on the line', () => {
    const seats = layoutSeats(layout({ curve: 0.1 }), seatKeyOf('r'));
    const ys = seats.map((s) => s.y);
    expect(ys[0]).toBe(100);
    expect(ys[4]).toBe(100);
    // A positive curve lifts the middle (towards y = 0, the stage) by a tenth of the length.
    expect(ys[2]).toBeCloseTo(100 - 0.1 * 96, 1);
    expect(100 - (ys[1] ?? 0)).toBeLessThan(100 - (ys[2] ?? 0));
  });

  it('turns a row by its angle', () => {
    const seats = layoutSeats(layout({ angle: 90, count: 2 }), seatKeyOf('r'));
    expect(seats.map((s) => [s.x, s.y])).toEqual([
      [100, 100],
      [100, 124],
    ]);
  });
});

describe('planIssues', () => {
  const plan = () => SeatingPlan.parse(gridPlan({ name: 'Hall', sections: 2, rows: 2, seats: 4 }));

  it('finds nothing wrong in a plan drawn by the designer', () => {
    expect(planIssues(plan())).toEqual([]);
    expect(countSeats(plan())).toBe(16);
  });

  it('finds overlapping seats, a number twice in a row, unknown categories and seats outside', () => {
    const p = plan();
    const row = p.sections[0]?.rows[0];
    if (!row) throw new Error('no row');
    row.seats[1] = { ...(row.seats[1] as (typeof row.seats)[number]), x: row.seats[0]?.x ?? 0 };
    row.seats[2] = { ...(row.seats[2] as (typeof row.seats)[number]), label: '1', category: 'nope' };
    row.seats[3] = { ...(row.seats[3] as (typeof row.seats)[number]), x: p.width + 5 };
    const issues = planIssues(p).map((i) => [i.path.join('.'), i.message.id]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['sections.0.rows.0.seats.1', 'validation.seating.seats_overlap'],
        ['sections.0.rows.0.seats.2.label', 'validation.seating.duplicate_seat_label'],
        ['sections.0.rows.0.seats.2.category', 'validation.seating.unknown_category'],
        ['sections.0.rows.0.seats.3.x', 'validation.seating.seat_outside'],
      ]),
    );
  });

  it('finds keys used twice', () => {
    const p = plan();
    const second = p.sections[1];
    if (!second) throw new Error('no section');
    second.key = 's1';
    expect(planIssues(p)).toContainEqual(expect.objectContaining({ path: ['sections', 1, 'key'] }));
  });
});

describe('the designer’s changes', () => {
  it('redraw a row keeping what was set on its seats, and move it whole', () => {
    const p = gridPlan({ name: 'Hall', sections: 1, rows: 1, seats: 4 });
    const row = p.sections[0]?.rows[0];
    if (!row?.layout) throw new Error('no row');
    const marked = { ...row, seats: row.seats.map((s, i) => (i === 1 ? { ...s, wheelchair: true } : s)) };
    const redrawn = redrawRow(marked, { ...row.layout, count: 6, numbering: 'rtl' });
    expect(redrawn.seats.map((s) => s.label)).toEqual(['6', '5', '4', '3', '2', '1']);
    expect(redrawn.seats[1]?.wheelchair).toBe(true);
    const moved = moveRow(redrawn, { dx: 10, dy: -5 });
    expect(moved.seats[0]?.x).toBe((redrawn.seats[0]?.x ?? 0) + 10);
    expect(moved.layout?.y).toBe((redrawn.layout?.y ?? 0) - 5);
  });

  it('seat a table all round without overlaps', () => {
    const p = gridPlan({ name: 'Hall', sections: 1, rows: 1, seats: 4 });
    for (const shape of ['round', 'rect'] as const) {
      const table = makeTable(p, {
        label: 'T1',
        shape,
        x: 600,
        y: 500,
        width: 80,
        height: 80,
        seats: 8,
        category: 'c1',
      });
      expect(table.seats).toHaveLength(8);
      const withTable = { ...p, sections: [...p.sections, { key: 's9', name: 'Tables', rows: [table] }] };
      expect(planIssues(SeatingPlan.parse(withTable))).toEqual([]);
    }
  });

  it('name a plan’s file by its name', () => {
    expect(planFileName('Théâtre Municipal (2026)')).toBe('theatre-municipal-2026.json');
    expect(planFileName('大厅')).toBe('seating-plan.json');
  });
});

describe('the format’s documentation', () => {
  it('has an example that is a valid plan, drawn as the designer would', () => {
    const doc = readFileSync(new URL('../docs/seating-plan-format.md', import.meta.url), 'utf8');
    const example = /```json\n([\s\S]*?)\n```/.exec(doc)?.[1];
    const plan = SeatingPlan.parse(JSON.parse(example ?? ''));
    expect(countSeats(plan)).toBe(10);
    const curved = plan.sections[0]?.rows[1];
    if (!curved?.layout) throw new Error('no curved row');
    expect(layoutSeats(curved.layout, seatKeyOf('r2')).map((s) => [s.x, s.y])).toEqual(
      curved.seats.map((s) => [s.x, s.y]),
    );
    const table = makeTable(plan, {
      label: '1',
      shape: 'round',
      x: 310,
      y: 210,
      width: 60,
      height: 60,
      seats: 4,
      category: 'c1',
    });
    expect(table.seats.map((s) => [s.x, s.y])).toEqual(
      plan.sections[0]?.rows[2]?.seats.map((s) => [s.x, s.y]),
    );
  });
});
