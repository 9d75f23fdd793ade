import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../common/validators';
import { sendDownload } from '../../http/downloads';
import { errorResponses } from '../../http/responses';
import { ticketsPdf } from './service';

/** Order and attendee short ids are 22 base64url characters (128 random bits). */
const shortId = () => z.string().regex(/^[A-Za-z0-9_-]{22}$/);
const OrderParams = z.object({ id: idParam(), shortId: shortId() });
const TicketParams = z.object({ id: idParam(), shortId: shortId() });
const PdfFile = z.string().meta({ description: 'The tickets, a PDF with one A4 page per ticket' });
const tags = ['checkout'];

/**
 * Printable tickets for whoever holds the order's or the ticket's link: the link is the
 * capability, as for the pages they come from. Made on request; the order mail's copy is
 * made by the job that sends it.
 */
const send = (reply: FastifyReply, pdf: { filename: string; body: Buffer }) =>
  sendDownload(reply, { type: 'application/pdf', ...pdf });

export const ticketDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  const files = () => ({ appUrl: app.config.appUrl, storage: app.storage });
  app.get(
    '/api/public/events/:id/orders/:shortId/tickets.pdf',
    {
      schema: {
        tags,
        summary: 'The order’s valid tickets as a PDF, one page each, in the order’s language',
        params: OrderParams,
        produces: ['application/pdf'],
        response: { 200: PdfFile, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const { id, shortId } = request.params;
      return send(reply, await ticketsPdf(app.db, { eventId: id, orderShortId: shortId }, files()));
    },
  );

  app.get(
    '/api/public/events/:id/attendees/:shortId/ticket.pdf',
    {
      schema: {
        tags,
        summary: 'One ticket as a one-page PDF, in its order’s language',
        params: TicketParams,
        produces: ['application/pdf'],
        response: { 200: PdfFile, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const { id, shortId } = request.params;
      return send(reply, await ticketsPdf(app.db, { eventId: id, attendeeShortId: shortId }, files()));
    },
  );
};
