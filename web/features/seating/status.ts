import { msg } from '@lingui/core/macro';
import type { SeatStatus } from '../../../common/seating';
import type { SeatLook } from './plan-drawing';

// How the organizer's seat map tells a seat's status (issue 42): a word, and a look that reads
// without colour (the map's glyphs: plain, ringed, crossed, dashed), listed in the legend.

export const STATUS_LABELS = {
  AVAILABLE: msg({ message: 'Available', context: 'seat' }),
  RESERVED: msg({ message: 'Reserved', context: 'seat' }),
  SOLD: msg({ message: 'Sold', context: 'seat' }),
  BLOCKED: msg({ message: 'Blocked', context: 'seat' }),
} as const satisfies Record<SeatStatus, unknown>;

/** The counts' keys of `OrganizerSeatsResponse.counts`, by status. */
export const COUNT_KEYS = {
  AVAILABLE: 'available',
  RESERVED: 'reserved',
  SOLD: 'sold',
  BLOCKED: 'blocked',
} as const satisfies Record<SeatStatus, string>;

/** A reserved seat is drawn white with a dark ring: held by an order not paid yet. */
export const RESERVED_FILL = '#ffffff';

/** How the map draws a seat of this status (the map's glyphs; see `plan-drawing.ts`). */
export function lookOf(status: SeatStatus): SeatLook {
  switch (status) {
    case 'AVAILABLE':
      return { state: 'available' };
    case 'RESERVED':
      return { state: 'available', color: RESERVED_FILL };
    case 'SOLD':
      return { state: 'taken' };
    case 'BLOCKED':
      return { state: 'inactive' };
  }
}
