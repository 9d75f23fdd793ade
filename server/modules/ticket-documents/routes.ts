import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TicketDesignPreviewRequest } from '../../../common/ticket-design';
import { idParam } from '../../../common/validators';
import { authenticate, authOf, authorize } from '../../http/auth';
import { sendDownload } from '../../http/downloads';
import { previewLimit } from '../../http/rate-limits';
import { errorResponses } from '../../http/responses';
import { sampleTicketPdf } from './sample';
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
  const previews = previewLimit(app);
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

  app.post(
    '/api/events/:id/ticket-design/preview',
    {
      preHandler: [authenticate, authorize('events.manage'), previews],
      schema: {
        tags: ['events'],
        security: [{ bearerAuth: [] }],
        summary: 'A sample ticket printed with a ticket design, saved or not (decision 059)',
        description:
          'One A4 page with sample data (attendee, buyer, an answer to each chosen question) and a ' +
          'QR code that is no ticket. A bad colour or a text too long is 422 with the field errors. ' +
          'Nothing is written. At most PREVIEW_RATE_LIMIT_PER_MINUTE (30) a minute per user, then 429.',
        params: z.object({ id: idParam() }),
        body: TicketDesignPreviewRequest,
        produces: ['application/pdf'],
        response: { 200: PdfFile, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const { accountId } = authOf(request);
      const { design, locale } = request.body;
      const body = await sampleTicketPdf(
        app.db,
        { accountId, eventId: request.params.id, design, locale },
        files(),
      );
      // Shown in the settings' frame, not saved: inline, and never stored.
      return (reply as FastifyReply)
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', 'inline; filename="ticket-preview.pdf"')
        .header('Cache-Control', 'private, no-store')
        .send(body);
    },
  );
};
