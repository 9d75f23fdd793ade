import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { ExportFormat } from '../../common/list-query';
import { csvChunks } from './csv';
import type { Table } from './table';
import { xlsxStream } from './xlsx';

const TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** What an export route answers, for its OpenAPI entry (`produces` names the two types). */
export const EXPORT_PRODUCES = ['text/csv', TYPES.xlsx];
export const ExportFile = z.string().meta({ description: 'The file, CSV or XLSX as the query asks' });

/**
 * Streams a table to the client as a download named `{name}.{format}`. Rows are read while the
 * client receives them; a failure half-way ends the download early rather than answering JSON.
 */
export function sendExport(
  reply: FastifyReply,
  { format, table, name }: { format: ExportFormat; table: Table; name: string },
) {
  const body = format === 'csv' ? Readable.from(csvChunks(table)) : xlsxStream(table, name);
  return reply
    .header('content-type', TYPES[format])
    .header('content-disposition', `attachment; filename="${name}.${format}"`)
    .header('cache-control', 'no-store')
    .send(body);
}
