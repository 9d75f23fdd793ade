import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BlockSeatsRequest,
  EventSeatingEnvelope,
  EventSeatingRequest,
  MoveSeatRequest,
  OrganizerSeatsResponse,
  PublicSeatingResponse,
  SeatAvailabilityQuery,
  SeatAvailabilityResponse,
  SeatsQuery,
} from '../../../common/seating';
import { idParam } from '../../../common/validators';
import { authenticate, authOf, authorize } from '../../http/auth';
import { errorResponses } from '../../http/responses';
import { getPublicSeating, getSeatAvailability } from './public';
import { blockSeats, findEventSeats, moveAttendeeSeat } from './seats';
import { getEventSeating, removeEventSeating, setEventSeating } from './service';

const EventParams = z.object({ id: idParam() });
const AttendeeParams = z.object({ id: idParam(), attendeeId: idParam() });
const tags = ['seating'];
const security = [{ bearerAuth: [] }];

/** An event's seating plan and seats (issue 42, decision 067). */
export const seatingRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = { preHandler: [authenticate, authorize('events.manage')] };
  const base = '/api/events/:id/seating';

  app.get(
    base,
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'The event’s seating plan, or null',
        params: EventParams,
        response: { 200: EventSeatingEnvelope, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getEventSeating(app.db, { auth: authOf(request), eventId: request.params.id }),
  );

  app.put(
    base,
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Sell the seats of a copy of one of the account’s plans',
        params: EventParams,
        body: EventSeatingRequest,
        response: { 200: EventSeatingEnvelope, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      setEventSeating({ db: app.db, auth: authOf(request), eventId: request.params.id, input: request.body }),
  );

  app.delete(
    base,
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Stop selling by seat',
        params: EventParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await removeEventSeating({ db: app.db, auth: authOf(request), eventId: request.params.id });
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${base}/seats`,
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'One date’s seats, with who holds each',
        params: EventParams,
        querystring: SeatsQuery,
        response: { 200: OrganizerSeatsResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) =>
      findEventSeats(app.db, {
        auth: authOf(request),
        eventId: request.params.id,
        dateId: request.query.date_id,
      }),
  );

  app.post(
    `${base}/blocks`,
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Block seats, or release blocked ones',
        params: EventParams,
        body: BlockSeatsRequest,
        response: { 200: OrganizerSeatsResponse, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      blockSeats({ db: app.db, auth: authOf(request), eventId: request.params.id, input: request.body }),
  );

  app.put(
    '/api/events/:id/attendees/:attendeeId/seat',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Move an attendee to another seat',
        params: AttendeeParams,
        body: MoveSeatRequest,
        response: { 200: OrganizerSeatsResponse, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      moveAttendeeSeat({
        db: app.db,
        auth: authOf(request),
        eventId: request.params.id,
        attendeeId: request.params.attendeeId,
        seat: request.body.seat,
      }),
  );

  app.get(
    '/api/public/events/:id/seating',
    {
      schema: {
        tags: ['public'],
        summary: 'The seating plan of a live event, with the ticket each price category sells',
        params: EventParams,
        response: { 200: PublicSeatingResponse, ...errorResponses(404) },
      },
    },
    async (request) => getPublicSeating(app.db, request.params.id),
  );

  app.get(
    '/api/public/events/:id/seating/availability',
    {
      schema: {
        tags: ['public'],
        summary: 'The seats of a date no one can buy now (held, sold or blocked)',
        params: EventParams,
        querystring: SeatAvailabilityQuery,
        response: { 200: SeatAvailabilityResponse, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getSeatAvailability(app.db, { eventId: request.params.id, dateId: request.query.date_id });
    },
  );
};
