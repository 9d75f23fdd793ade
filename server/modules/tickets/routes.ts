import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SortTicketsRequest, TicketRequest, TicketResponse } from '../../../common/tickets';
import { idParam } from '../../../common/validators';
import { authenticate, authOf, authorize } from '../../http/auth';
import { errorResponses } from '../../http/responses';
import { createTicket, deleteTicket, findTickets, getTicket, updateTicket } from './service';
import { sortTickets } from './sort';

const EventParams = z.object({ id: idParam() });
const TicketParams = z.object({ id: idParam(), ticketId: idParam() });
const TicketList = z.object({ data: z.array(TicketResponse) });
const tags = ['tickets'];
const security = [{ bearerAuth: [] }];

export const ticketRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = { preHandler: [authenticate, authorize('tickets.manage')] };

  app.get(
    '/api/events/:id/tickets',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Tickets of an event, in their order',
        params: EventParams,
        response: { 200: TicketList, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ data: await findTickets(app.db, authOf(request), request.params.id) }),
  );

  app.post(
    '/api/events/:id/tickets',
    {
      config: { idempotent: true },
      ...members,
      schema: {
        tags,
        security,
        summary: 'Create a ticket',
        params: EventParams,
        body: TicketRequest,
        response: { 201: TicketResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await createTicket({
          db: app.db,
          auth: authOf(request),
          eventId: request.params.id,
          input: request.body,
        }),
      ),
  );

  app.post(
    '/api/events/:id/tickets/sort',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Reorder the tickets',
        params: EventParams,
        body: SortTicketsRequest,
        response: { 200: TicketList, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => ({
      data: await sortTickets({
        db: app.db,
        auth: authOf(request),
        eventId: request.params.id,
        ticketIds: request.body.ticket_ids,
      }),
    }),
  );

  app.get(
    '/api/events/:id/tickets/:ticketId',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'One ticket',
        params: TicketParams,
        response: { 200: TicketResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) =>
      getTicket({
        db: app.db,
        auth: authOf(request),
        eventId: request.params.id,
        ticketId: request.params.ticketId,
      }),
  );

  app.put(
    '/api/events/:id/tickets/:ticketId',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Change a ticket (its type is fixed once it has sales)',
        params: TicketParams,
        body: TicketRequest,
        response: { 200: TicketResponse, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      updateTicket({
        db: app.db,
        auth: authOf(request),
        eventId: request.params.id,
        ticketId: request.params.ticketId,
        input: request.body,
      }),
  );

  app.delete(
    '/api/events/:id/tickets/:ticketId',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Delete a ticket that has no sales',
        params: TicketParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteTicket({
        db: app.db,
        storage: app.storage,
        auth: authOf(request),
        eventId: request.params.id,
        ticketId: request.params.ticketId,
      });
      return reply.status(204).send(null);
    },
  );
};
