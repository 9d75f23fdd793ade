import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { ExportFormat } from '../../common/list-query';
import { csvChunks } from './csv';
import type { Cell, Table } from './table';
import { xlsxStream } from './xlsx';

const TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** What an export route answers, for its OpenAPI entry (`produces` names the two types). */
export const EXPORT_PRODUCES = ['text/csv', TYPES.xlsx];
export const ExportFile = z.string().meta({ description: 'The file, CSV or XLSX as the query asks' });

/**
 * The table with its first batch already read: a failure there (a query the database refuses)
 * is thrown before any byte is sent, so the client gets an error answer, not a cut download.
 */
async function started(table: Table): Promise<Table> {
  const iterator = table.batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* batches(): AsyncGenerator<Cell[][]> {
    if (first.done) return;
    yield first.value;
    yield* { [Symbol.asyncIterator]: () => iterator };
  }
  return { columns: table.columns, batches: batches() };
}

/**
 * Streams a table to the client as a download named `{name}.{format}`. Rows are read while the
 * client receives them; a failure after the first batch ends the download early rather than
 * answering JSON.
 */
export async function sendExport(
  reply: FastifyReply,
  { format, table, name }: { format: ExportFormat; table: Table; name: string },
) {
  const ready = await started(table);
  const body = format === 'csv' ? Readable.from(csvChunks(ready)) : xlsxStream(ready, name);
  return reply
    .header('content-type', TYPES[format])
    .header('content-disposition', `attachment; filename="${name}.${format}"`)
    .header('cache-control', 'no-store')
    .send(body);
}
