import { z } from 'zod';
import { PublicTicketsQuery, PublicTicketsResponse } from '../../../common/public-tickets';
import { idParam } from '../../../common/validators';
import type { App } from '../../app';
import { errorResponses } from '../../http/responses';
import { findPublicTickets } from './service';

const EventParams = z.object({ id: idParam() });

export async function publicTicketRoutes(app: App): Promise<void> {
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
    async (request) => findPublicTickets(app.db, request.params.id, request.query.promo_code),
  );
}
