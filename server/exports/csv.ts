import type { Cell, Table } from './table';

// Text a spreadsheet would run as a formula (CSV injection): it is written with a leading quote.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. */
export function csvField(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  // A number, written as is: a leading minus is a sign here, not the start of a formula.
  if (typeof value === 'object') return value.decimal;
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (cells: Cell[]) => `${cells.map(csvField).join(',')}\r\n`;

/**
 * About how much text one chunk holds: well under the 128 KB from which V8 keeps a string in
 * its large-object space, which promotes it to the old generation the first time it outlives
 * a young collection (a chunk waiting for the socket does), and frees it only in a full one.
 */
const CHUNK = 32 * 1024;

/**
 * The CSV text of a table, a batch at a time in chunks of at most about `CHUNK` characters. It starts
 * with a byte-order mark so that spreadsheet programs read the UTF-8 names and answers
 * correctly.
 */
export async function* csvChunks(table: Table): AsyncGenerator<string> {
  yield `\uFEFF${line(table.columns)}`;
  const lines: string[] = [];
  let size = 0;
  for await (const batch of table.batches) {
    for (const cells of batch) {
      const text = line(cells);
      lines.push(text);
      size += text.length;
      if (size >= CHUNK) {
        yield lines.join('');
        lines.length = 0;
        size = 0;
      }
    }
    // Nothing waits in `lines` while the next batch is read.
    if (size > 0) {
      yield lines.join('');
      lines.length = 0;
      size = 0;
    }
  }
}
