import type { Cell, Table } from './table';

// Text a spreadsheet would run as a formula (CSV injection): it is written with a leading quote.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. */
export function csvField(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (cells: Cell[]) => `${cells.map(csvField).join(',')}\r\n`;

/**
 * The CSV text of a table, a batch at a time. It starts with a byte-order mark so that
 * spreadsheet programs read the UTF-8 names and answers correctly.
 */
export async function* csvChunks(table: Table): AsyncGenerator<string> {
  yield `\uFEFF${line(table.columns)}`;
  for await (const batch of table.batches) {
    if (batch.length > 0) yield batch.map(line).join('');
  }
}
