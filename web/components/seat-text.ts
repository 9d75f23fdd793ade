import type { I18n } from '@lingui/core';
import { SEAT_TEXT, type SeatRef } from '../../common/seating';

/** Where a seat is, as a sentence: "Stalls, row B, seat 12" or "Garden, table 4, seat 2" (issue 42). */
export function seatText(i18n: I18n, seat: Pick<SeatRef, 'section' | 'row' | 'row_kind' | 'seat'>): string {
  const values = { section: seat.section, row: seat.row, seat: seat.seat };
  const message = seat.row_kind === 'table' ? SEAT_TEXT.table : SEAT_TEXT.row;
  return i18n._(message.id, values, { message: message.message });
}
