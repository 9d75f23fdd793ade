import type { SeatingPlanInput } from './seating-plan';

/**
 * A seating plan as a file (docs/seating-plan-format.md): what it is saved as, and the most a
 * file or a request may weigh. A plan of 5,000 seats written out is about 0.6 MB (0.9 MB
 * indented); the limit leaves room for the format's 20,000 seats.
 */
export const SEATING_PLAN_MAX_BYTES = 6 * 1024 * 1024;

/** `Main hall (2026)` → `main-hall-2026.json`: the name's letters and digits, ASCII only. */
export function planFileName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'seating-plan'}.json`;
}

/** A plan written for people to read too: two-space indents, fields in the format's order. */
export const planFileText = (plan: SeatingPlanInput) => `${JSON.stringify(plan, null, 2)}\n`;
