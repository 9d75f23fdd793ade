import type { I18n } from '@lingui/core';
import { SEAT_TEXT, type SeatRef } from '../../common/seating';

/** Where a seat is, as a sentence: "Stalls, row B, seat 12" or "Garden, table 4, seat 2" (issue 42). */
export function seatText(i18n: I18n, seat: Pick<SeatRef, 'section' | 'row' | 'row_kind' | 'seat'>): string {
  const values = { section: seat.section, row: seat.row, seat: seat.seat };
  return seat.row_kind === 'table'
    ? i18n._({ ...SEAT_TEXT.table, values })
    : i18n._({ ...SEAT_TEXT.row, values });
}
