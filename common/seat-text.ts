/** How a seat reads, for a row or a table (issue 42). No imports: the buyer's pages take it alone. */
export const SEAT_TEXT = {
  row: /*i18n*/ { id: 'seating.seat_in_row', message: '{section}, row {row}, seat {seat}' },
  table: /*i18n*/ { id: 'seating.seat_at_table', message: '{section}, table {row}, seat {seat}' },
} as const;
