import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PublicTicketsQuery, PublicTicketsResponse } from '../../../common/public-tickets';
import { idParam } from '../../../common/validators';
import { authenticate, authOf, authorize } from '../../http/auth';
import { sendReady } from '../../http/fresh-reads';
import { errorResponses } from '../../http/responses';
import { findPublicTickets } from './service';

const EventParams = z.object({ id: idParam() });

export const publicTicketRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/public/events/:id/tickets',
    {
      schema: {
        tags: ['public'],
        summary: 'The tickets a buyer may see on a live event, priced, with an optional promo code',
        params: EventParams,
        querystring: PublicTicketsQuery,
        response: { 200: PublicTicketsResponse, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) =>
      sendReady(
        request,
        reply,
        await app.publicReads.tickets(request.params.id, {
          promoCode: request.query.promo_code,
          dateId: request.query.date_id,
        }),
      ),
  );

  app.get(
    '/api/events/:id/public-tickets',
    {
      preHandler: [authenticate, authorize('events.manage')],
      schema: {
        tags: ['tickets'],
        security: [{ bearerAuth: [] }],
        summary: 'The tickets as a buyer would see them now, whatever the event’s status (for previews)',
        params: EventParams,
        querystring: PublicTicketsQuery,
        response: { 200: PublicTicketsResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) =>
      findPublicTickets(app.db, request.params.id, {
        promoCode: request.query.promo_code,
        dateId: request.query.date_id,
        preview: { accountId: authOf(request).accountId },
      }),
  );
};
