/**
 * How many units of one ticket or product an order may hold, all its lines together (its tiers,
 * and for an add-on every attendee's): none, or from its min to its max per order. Shared by
 * the server's quote and the event page, whose steppers stop where this allows; schema-free, as
 * the event page imports it.
 */
export interface PerOrder {
  min: number;
  max: number;
}

/** What is wrong with an order holding `count` units of one item, or null (none is fine). */
export function perOrderProblem(limits: PerOrder, count: number): 'below_min' | 'above_max' | null {
  if (count === 0) return null;
  if (count < limits.min) return 'below_min';
  if (count > limits.max) return 'above_max';
  return null;
}

/** How many more units the order may take of an item it holds `count` of already. */
export const perOrderRoom = (limits: PerOrder, count: number) => Math.max(0, limits.max - count);
