import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Sends a file to be saved under its name (`Content-Disposition: attachment`). Private and not
 * stored by default: the documents sent so (tickets, invoices) are for whoever asked.
 */
export function sendDownload(
  reply: FastifyReply,
  file: { type: string; filename: string; body: Buffer | Uint8Array | Readable; cache?: string },
) {
  return reply
    .header('Content-Type', file.type)
    .header('Content-Disposition', `attachment; filename="${file.filename}"`)
    .header('Cache-Control', file.cache ?? 'private, no-store')
    .send(file.body);
}
