import type { I18n } from '@lingui/core';
import { SEAT_TEXT } from '../../common/seat-text';

/** Where a seat is, as orders, attendees and tickets carry it (issue 42). */
export interface SeatPlaceLike {
  section: string;
  row: string;
  row_kind: 'row' | 'table';
  seat: string;
}

/** "Stalls, row 3, seat 12" (or a table's), in the reader's language. */
export function seatPlaceText(i18n: I18n, place: SeatPlaceLike): string {
  const text = place.row_kind === 'table' ? SEAT_TEXT.table : SEAT_TEXT.row;
  return i18n._({
    id: text.id,
    message: text.message,
    values: { section: place.section, row: place.row, seat: place.seat },
  });
}
