import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DateTicketRequest, DateTicketResponse } from '../../../common/event-dates';
import { idParam } from '../../../common/validators';
import { authenticate, authOf, authorize } from '../../http/auth';
import { errorResponses } from '../../http/responses';
import { findDateTickets, setDateTicket } from './date-tickets';

const DateParams = z.object({ id: idParam(), dateId: idParam() });
const TicketParams = z.object({ id: idParam(), dateId: idParam(), ticketId: idParam() });
const tags = ['event dates'];
const security = [{ bearerAuth: [] }];

/** A ticket on one date of an event: its quantity, price and sale window there (issue 36). */
export const dateTicketRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = { preHandler: [authenticate, authorize('events.manage')] };
  const base = '/api/events/:id/dates/:dateId/tickets';

  app.get(
    base,
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'The tickets of one date: their own settings there and their seats',
        params: DateParams,
        response: { 200: z.object({ data: z.array(DateTicketResponse) }), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      data: await findDateTickets(app.db, {
        auth: authOf(request),
        eventId: request.params.id,
        dateId: request.params.dateId,
      }),
    }),
  );

  app.put(
    `${base}/:ticketId`,
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Sets what a ticket is on one date: its own quantity, price and sale window',
        params: TicketParams,
        body: DateTicketRequest,
        response: { 200: DateTicketResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) =>
      setDateTicket({
        db: app.db,
        auth: authOf(request),
        eventId: request.params.id,
        dateId: request.params.dateId,
        ticketId: request.params.ticketId,
        input: request.body,
      }),
  );
};
