import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AttendeeDetailResponse,
  AttendeeResponse,
  AttendeesExportQuery,
  AttendeesQuery,
  CreateAttendeeRequest,
  UpdateAttendeeRequest,
} from '../../../common/attendees';
import { pageSchema } from '../../../common/list-query';
import { idParam } from '../../../common/validators';
import { authenticate, authOf, authorize } from '../../http/auth';
import { errorResponses } from '../../http/responses';
import { type AttendeeRef, getAttendee } from '../attendee-view/service';
import { eventListRoutes } from '../owned-events/list-routes';
import { exportAttendees } from './export';
import { cancelAttendee, createManualAttendee, reactivateAttendee, resendTicket } from './manage';
import { findAttendees, updateAttendee } from './service';

const EventParams = z.object({ id: idParam() });
const AttendeeParams = z.object({ id: idParam(), attendeeId: idParam() });
const tags = ['attendees'];

/** The attendee a request's path names, for the caller's account. */
const attendeeOf = (request: FastifyRequest & { params: z.output<typeof AttendeeParams> }): AttendeeRef => ({
  auth: authOf(request),
  eventId: request.params.id,
  attendeeId: request.params.attendeeId,
});
const security = [{ bearerAuth: [] }];

/** The organizer's attendee calls (`/api/events/{id}/attendees…`), for anyone who manages events. */
export const attendeeRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = { preHandler: [authenticate, authorize('events.manage')] };
  const links = () => ({ appUrl: app.config.appUrl });
  const one = (summary: string, extra: Record<string, unknown> = {}) => ({
    ...members,
    schema: {
      tags,
      security,
      summary,
      params: AttendeeParams,
      response: { 200: AttendeeDetailResponse, ...errorResponses(401, 403, 404, 409) },
      ...extra,
    },
  });

  eventListRoutes(app, {
    path: '/api/events/:id/attendees',
    permission: 'events.manage',
    tags,
    summary: 'Attendees of an event: search, filter by ticket, status or date, sort, page',
    querystring: AttendeesQuery,
    response: pageSchema(AttendeeResponse),
    list: findAttendees,
    export: {
      summary: 'Download the attendees (CSV or XLSX) with their answers; the list’s search and filters apply',
      querystring: AttendeesExportQuery,
      name: 'attendees',
      table: exportAttendees,
    },
  });

  app.post(
    '/api/events/:id/attendees',
    {
      config: { idempotent: true },
      ...members,
      schema: {
        tags,
        security,
        summary: 'Add an attendee by hand (a manual order that cannot be refunded)',
        params: EventParams,
        body: CreateAttendeeRequest,
        response: { 201: AttendeeDetailResponse, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await createManualAttendee({
          db: app.db,
          auth: authOf(request),
          eventId: request.params.id,
          input: request.body,
          links: links(),
        }),
      ),
  );

  app.get(
    '/api/events/:id/attendees/:attendeeId',
    one('One attendee with answers and ticket link'),
    async (request) => getAttendee({ db: app.db, ...attendeeOf(request) }),
  );

  app.put(
    '/api/events/:id/attendees/:attendeeId',
    one('Change who holds a ticket', {
      body: UpdateAttendeeRequest,
      response: { 200: AttendeeDetailResponse, ...errorResponses(401, 403, 404, 409, 422) },
    }),
    async (request) =>
      updateAttendee({
        db: app.db,
        ...attendeeOf(request),
        input: request.body as z.output<typeof UpdateAttendeeRequest>,
      }),
  );

  app.post(
    '/api/events/:id/attendees/:attendeeId/cancel',
    one('Cancel a ticket; its seat goes back on sale'),
    async (request) => cancelAttendee({ db: app.db, ...attendeeOf(request) }),
  );

  app.post(
    '/api/events/:id/attendees/:attendeeId/reactivate',
    one('Reactivate a cancelled ticket when a seat is free'),
    async (request) => reactivateAttendee({ db: app.db, ...attendeeOf(request) }),
  );

  app.post(
    '/api/events/:id/attendees/:attendeeId/resend',
    {
      config: { idempotent: true },
      ...members,
      schema: {
        tags,
        security,
        summary: 'Mail the ticket to its holder again',
        params: AttendeeParams,
        response: { 202: z.null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await resendTicket({ db: app.db, ...attendeeOf(request), links: links() });
      return reply.status(202).send(null);
    },
  );
};
