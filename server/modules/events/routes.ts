import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EventCalendarQuery } from '../../../common/event-dates';
import { EventListItemResponse } from '../../../common/event-list';
import {
  CreateEventRequest,
  DuplicateEventRequest,
  EventResponse,
  EventStatsQuery,
  EventStatsResponse,
  EventsQuery,
  PublicEventResponse,
  UpdateEventRequest,
  UpdateEventStatusRequest,
} from '../../../common/events';
import { pageSchema } from '../../../common/list-query';
import { PARTIAL_WRITE } from '../../../common/partial-writes';
import { idParam } from '../../../common/validators';
import { authenticate, authOf, authorize } from '../../http/auth';
import { sendReady } from '../../http/fresh-reads';
import { errorResponses } from '../../http/responses';
import { getOrganizer } from '../organizers/service';
import { getEvent } from '../owned-events/service';
import { getEventStats } from '../stats/service';
import { getPublicEventCalendar } from './calendar';
import { toEventResponse } from './presenter';
import {
  createEvent,
  duplicateEvent,
  findEvents,
  findPublicOrganizerEvents,
  updateEvent,
  updateEventStatus,
} from './service';

const IdParams = z.object({ id: idParam() });
/** The promo code unlocks hidden tickets once tickets exist (checkout issue). */
const PublicEventQuery = z.strictObject({ promo_code: z.string().trim().max(50).optional() });
const tags = ['events'];
const security = [{ bearerAuth: [] }];

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = { preHandler: [authenticate, authorize('events.manage')] };

  app.get(
    '/api/events',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Events of the account (filter_fields[state][eq]=upcoming|ended|archived)',
        querystring: EventsQuery,
        response: { 200: pageSchema(EventListItemResponse), ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => findEvents({ db: app.db, auth: authOf(request), query: request.query }),
  );

  app.post(
    '/api/events',
    {
      config: { idempotent: true },
      ...members,
      schema: {
        tags,
        security,
        summary: 'Create an event (as a draft)',
        body: CreateEventRequest,
        response: { 201: EventResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(toEventResponse(await createEvent(app.db, authOf(request), request.body))),
  );

  app.get(
    '/api/events/:id',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'One event',
        params: IdParams,
        response: { 200: EventResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => toEventResponse(await getEvent(app.db, authOf(request).accountId, request.params.id)),
  );

  app.put(
    '/api/events/:id',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Update an event, its settings and location',
        description: PARTIAL_WRITE,
        params: IdParams,
        body: UpdateEventRequest,
        response: { 200: EventResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) =>
      toEventResponse(
        await updateEvent({ db: app.db, auth: authOf(request), id: request.params.id, input: request.body }),
      ),
  );

  app.put(
    '/api/events/:id/status',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Publish, return to draft, archive or restore',
        params: IdParams,
        body: UpdateEventStatusRequest,
        response: { 200: EventResponse, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      toEventResponse(
        await updateEventStatus({
          db: app.db,
          auth: authOf(request),
          id: request.params.id,
          status: request.body.status,
        }),
      ),
  );

  app.get(
    '/api/public/events/:id',
    {
      schema: {
        tags: ['public'],
        summary: 'A live event, for its public page',
        params: IdParams,
        querystring: PublicEventQuery,
        response: { 200: PublicEventResponse, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const event = await app.publicReads.event(request.params.id);
      app.pageViews.record(event.value.id);
      return sendReady(request, reply, event);
    },
  );

  app.get(
    '/api/public/events/:id/calendar.ics',
    {
      schema: {
        tags: ['public'],
        summary: 'A live event, or one of its dates, as an iCalendar (RFC 5545) file to add to a calendar',
        params: IdParams,
        querystring: EventCalendarQuery,
        produces: ['text/calendar'],
        response: { 200: z.string(), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const calendar = await getPublicEventCalendar(
        app.db,
        { id: request.params.id, dateId: request.query.date_id },
        app.config.appUrl,
      );
      return reply
        .header('Content-Type', 'text/calendar; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${calendar.filename}"`)
        .header('Cache-Control', 'public, max-age=300')
        .send(calendar.body);
    },
  );

  app.post(
    '/api/events/:id/duplicate',
    {
      config: { idempotent: true },
      ...members,
      schema: {
        tags,
        security,
        summary: 'Copy an event as a new draft',
        params: IdParams,
        body: DuplicateEventRequest,
        response: { 201: EventResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        toEventResponse(
          await duplicateEvent({
            db: app.db,
            storage: app.storage,
            auth: authOf(request),
            id: request.params.id,
            input: request.body,
          }),
        ),
      ),
  );

  app.get(
    '/api/public/organizers/:id/events',
    {
      schema: {
        tags: ['public'],
        summary: 'Live events of an organizer that have not ended',
        params: IdParams,
        // 404 only for a malformed id: an unknown organizer has no live events.
        response: { 200: z.object({ data: z.array(PublicEventResponse) }), ...errorResponses(404) },
      },
    },
    async (request) => findPublicOrganizerEvents(app, request.params.id),
  );

  app.get(
    '/api/events/:id/stats',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Page views of an event, in total and per day for the last 14 days',
        params: IdParams,
        querystring: EventStatsQuery,
        response: { 200: EventStatsResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) =>
      getEventStats({
        db: app.db,
        auth: authOf(request),
        eventId: request.params.id,
        dateId: request.query.date_id,
      }),
  );

  // An organizer's events: the organizer is checked here, so that organizers need not know events.
  app.get(
    '/api/organizers/:id/events',
    {
      ...members,
      schema: {
        tags: ['organizers'],
        security,
        summary: 'Events of one organizer',
        params: IdParams,
        querystring: EventsQuery,
        response: { 200: pageSchema(EventListItemResponse), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      await getOrganizer(app.db, auth.accountId, request.params.id);
      return findEvents({ db: app.db, auth, query: request.query, organizerId: request.params.id });
    },
  );
};
