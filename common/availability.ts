/**
 * How many of a ticket (or one of its price tiers) can still be bought: the least of what is
 * left of its own stock, of its tier's stock, and of every ACTIVE capacity assignment it belongs
 * to. Sold and reserved seats both count as taken. `null` means unlimited.
 *
 * The checkout enforces the same limits under concurrency with guarded counters in the database
 * (docs/architecture.md#inventory); this function is what the lists and the public page show.
 */
export interface Stock {
  /** null = unlimited */
  quantity: number | null;
  sold: number;
  reserved: number;
  /** The ticket sells seats of the event's plan on this date (issue 42). */
  seated?: boolean;
}

export interface CapacityLimit {
  capacity: number | null;
  used: number;
  active: boolean;
}

/** What is left of one counter; null when it has no limit. */
export function leftOf(stock: Stock): number | null {
  if (stock.quantity === null) return null;
  return Math.max(0, stock.quantity - stock.sold - stock.reserved);
}

function leftOfCapacity(limit: CapacityLimit): number | null {
  if (!limit.active || limit.capacity === null) return null;
  return Math.max(0, limit.capacity - limit.used);
}

/** What the fullest capacity assignment leaves, or null when none limits. */
export function leftOfCapacities(limits: readonly CapacityLimit[]): number | null {
  const left = limits.map(leftOfCapacity).filter((n): n is number => n !== null);
  return left.length === 0 ? null : Math.min(...left);
}

/** The smallest of the limits that apply, or null when none does. */
export function available(input: {
  ticket: Stock;
  tier?: Stock | null;
  capacities?: readonly CapacityLimit[];
}): number | null {
  const limits = [
    leftOf(input.ticket),
    input.tier ? leftOf(input.tier) : null,
    ...(input.capacities ?? []).map(leftOfCapacity),
  ].filter((n): n is number => n !== null);
  return limits.length === 0 ? null : Math.min(...limits);
}
