/**
 * Whole minutes left until `until` (ISO), rounded up so that a reservation shows "1 min left"
 * until its very end; 0 once it has passed.
 */
export function minutesLeft(until: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(until) - now) / 60_000));
}
