import type { AnswerValue } from '../../common/answers';

/** One cell of an export: text, a number, or empty. */
export type Cell = string | number | null;

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
