import type { AnswerValue } from '../../common/answers';

/**
 * A number written exactly as given, decimals and all: an amount in major units of its currency
 * ("-10.00", "0.20"; "1500" for yen), which a plain number would shorten to "-10" and "0.2".
 */
export interface DecimalCell {
  decimal: string;
}

/** One cell of an export: text, a number, a decimal number as written, or empty. */
export type Cell = string | number | DecimalCell | null;

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A decimal cell of a number's text (`toMajorText`'s); anything else is a programming error. */
export function decimalCell(text: string): DecimalCell {
  if (!DECIMAL.test(text)) throw new Error(`not a decimal number: ${text}`);
  return { decimal: text };
}

/**
 * What an export writes: a header, then rows in batches as they are read from the database,
 * so that neither the rows nor the file is ever whole in memory.
 */
export interface Table {
  columns: string[];
  batches: AsyncIterable<Cell[][]>;
}

/** A short table read in one go (an event's affiliates, its waiting list): one batch. */
export function tableOfRows(columns: string[], rows: Cell[][]): Table {
  async function* batches(): AsyncGenerator<Cell[][]> {
    yield rows;
  }
  return { columns, batches: batches() };
}

/** An answer as one cell: lists joined with commas, an address on one line. */
export function answerCell(answer: AnswerValue | undefined): Cell {
  if (answer === undefined) return null;
  if (typeof answer === 'string') return answer;
  if (Array.isArray(answer)) return answer.join(', ');
  return [
    answer.address_line_1,
    answer.address_line_2,
    [answer.zip_or_postal_code, answer.city].filter(Boolean).join(' '),
    answer.state_or_region,
    answer.country,
  ]
    .filter((part) => part.trim() !== '')
    .join(', ');
}
