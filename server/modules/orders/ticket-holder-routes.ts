import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PublicTicketHolderResponse } from '../../../common/public-attendees';
import { idParam } from '../../../common/validators';
import { errorResponses } from '../../http/responses';
import { getPublicTicketHolder } from './public-view';
import { getTicketQrSvg } from './ticket-qr';

/** Attendee short ids are 22 base64url characters; anything else names no ticket. */
const TicketParams = z.object({ id: idParam(), shortId: z.string().regex(/^[A-Za-z0-9_-]{22}$/) });
const tags = ['checkout'];

/** A ticket for whoever holds its link: the attendee's short id is the capability. */
export const ticketHolderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/public/events/:id/attendees/:shortId',
    {
      schema: {
        tags,
        summary: 'One ticket, for its holder: event, ticket, holder and the code in its QR',
        params: TicketParams,
        response: { 200: PublicTicketHolderResponse, ...errorResponses(404) },
      },
    },
    async (request) => ({
      ...(await getPublicTicketHolder(app.db, request.params.id, request.params.shortId)),
      wallet: { apple: Boolean(app.config.wallet.apple), google: Boolean(app.config.wallet.google) },
    }),
  );

  app.get(
    '/api/public/events/:id/attendees/:shortId/qr.svg',
    {
      schema: {
        tags,
        summary: 'The ticket’s QR code as an SVG image (it encodes `ticket_code`), while the ticket is valid',
        params: TicketParams,
        produces: ['image/svg+xml'],
        response: { 200: z.string(), ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const svg = await getTicketQrSvg(app.db, request.params.id, request.params.shortId);
      return reply
        .header('Content-Type', 'image/svg+xml; charset=utf-8')
        .header('Cache-Control', 'private, no-store')
        .send(svg);
    },
  );
};
