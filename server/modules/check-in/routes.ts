import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CheckInAttendee,
  CheckInListRequest,
  CheckInListResponse,
  CheckInRequest,
  CheckInResponse,
  CheckInStatsResponse,
  CheckOutResponse,
  PublicCheckInListResponse,
} from '../../../common/check-in';
import { PageMeta } from '../../../common/list-query';
import { idParam } from '../../../common/validators';
import { authenticate, authOf, authorize } from '../../http/auth';
import { idempotent } from '../../http/idempotency';
import { clientAddress, limitRequests, perAddress } from '../../http/rate-limits';
import { errorResponses } from '../../http/responses';
import { eventListRoutes } from '../owned-events/list-routes';
import {
  createCheckInList,
  deleteCheckInList,
  findCheckInLists,
  getCheckInList,
  getCheckInStats,
  regenerateCheckInLink,
  updateCheckInList,
} from './lists';
import { findCheckInAttendees, getPublicCheckInList } from './public-list';
import { checkInAttendee, checkOutAttendee } from './scan';

const EventParams = z.object({ id: idParam() });
const ListParams = z.object({ id: idParam(), listId: idParam() });
const ShortParams = z.object({ shortId: z.string().regex(/^[A-Za-z0-9_-]{22}$/) });
const AttendeesQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  // Devices fetch the whole list to work offline: large pages.
  per_page: z.coerce.number().int().min(1).max(1000).default(50),
  query: z.string().trim().max(100).optional(),
});
const tags = ['check-in'];
const security = [{ bearerAuth: [] }];

/** Check-in lists for organizers, and the door staff's public calls behind a list's link. */
export const checkInRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = { preHandler: [authenticate, authorize('events.manage')] };
  const manage = <S extends object>(summary: string, schema: S) => ({
    ...members,
    schema: { tags, security, summary, ...schema },
  });

  eventListRoutes(app, {
    path: '/api/events/:id/check-in-lists',
    permission: 'events.manage',
    tags,
    summary: 'Check-in lists of an event, with how many are in',
    response: z.object({ data: z.array(CheckInListResponse) }),
    list: async (context) => ({ data: await findCheckInLists(context) }),
  });
  app.post(
    '/api/events/:id/check-in-lists',
    idempotent(
      manage('Create a check-in list', {
        params: EventParams,
        body: CheckInListRequest,
        response: { 201: CheckInListResponse, ...errorResponses(401, 403, 404, 422) },
      }),
    ),
    async (request, reply) =>
      reply.status(201).send(
        await createCheckInList({
          db: app.db,
          auth: authOf(request),
          eventId: request.params.id,
          input: request.body as z.output<typeof CheckInListRequest>,
        }),
      ),
  );
  app.get(
    '/api/events/:id/check-in-lists/:listId',
    manage('One check-in list', {
      params: ListParams,
      response: { 200: CheckInListResponse, ...errorResponses(401, 403, 404) },
    }),
    async (request) =>
      getCheckInList({
        db: app.db,
        auth: authOf(request),
        eventId: request.params.id,
        listId: request.params.listId,
      }),
  );
  app.put(
    '/api/events/:id/check-in-lists/:listId',
    manage('Change a check-in list', {
      params: ListParams,
      body: CheckInListRequest,
      response: { 200: CheckInListResponse, ...errorResponses(401, 403, 404, 422) },
    }),
    async (request) =>
      updateCheckInList({
        db: app.db,
        auth: authOf(request),
        eventId: request.params.id,
        listId: request.params.listId,
        input: request.body as z.output<typeof CheckInListRequest>,
      }),
  );
  app.post(
    '/api/events/:id/check-in-lists/:listId/link',
    idempotent(
      manage('Replace the staff link; the old one stops working', {
        params: ListParams,
        response: { 200: CheckInListResponse, ...errorResponses(401, 403, 404) },
      }),
    ),
    async (request) =>
      regenerateCheckInLink({
        db: app.db,
        auth: authOf(request),
        eventId: request.params.id,
        listId: request.params.listId,
      }),
  );
  app.delete(
    '/api/events/:id/check-in-lists/:listId',
    manage('Delete a check-in list and its check-ins', {
      params: ListParams,
      response: { 204: z.null(), ...errorResponses(401, 403, 404) },
    }),
    async (request, reply) => {
      await deleteCheckInList({
        db: app.db,
        auth: authOf(request),
        eventId: request.params.id,
        listId: request.params.listId,
      });
      return reply.status(204).send(null);
    },
  );
  app.get(
    '/api/events/:id/check_in_stats',
    manage('Checked in of expected, per list and ticket, with offline conflicts', {
      params: EventParams,
      response: { 200: CheckInStatsResponse, ...errorResponses(401, 403, 404) },
    }),
    async (request) => getCheckInStats(app.db, authOf(request), request.params.id),
  );

  const staff = ['check-in (staff)'];
  // Door staff scan fast, often many devices behind one address: a limit of their own.
  const doorLimit = { rateLimit: perAddress(app.config.rateLimits.checkIn) };
  const searchLimit = limitRequests(app, [
    {
      name: 'check-in-search',
      max: app.config.rateLimits.checkInSearch,
      key: (request) => ((request.query as { query?: string }).query ? clientAddress(request) : undefined),
    },
  ]);
  app.get(
    '/api/public/check-in-lists/:shortId',
    {
      config: doorLimit,
      schema: {
        tags: staff,
        summary: 'A check-in list for door staff, with the event key and revoked tickets for offline use',
        params: ShortParams,
        response: { 200: PublicCheckInListResponse, ...errorResponses(404) },
      },
    },
    async (request) => getPublicCheckInList(app.db, request.params.shortId),
  );
  app.get(
    '/api/public/check-in-lists/:shortId/attendees',
    {
      config: doorLimit,
      preHandler: searchLimit,
      schema: {
        tags: staff,
        summary: 'The list’s attendees: names, tickets and whether they are in',
        params: ShortParams,
        querystring: AttendeesQuery,
        response: {
          200: z.object({ data: z.array(CheckInAttendee), meta: PageMeta }),
          ...errorResponses(404, 422, 429),
        },
      },
    },
    async (request) => findCheckInAttendees(app.db, request.params.shortId, request.query),
  );
  app.post(
    '/api/public/check-in-lists/:shortId/check-ins',
    {
      config: doorLimit,
      schema: {
        tags: staff,
        summary: 'Check a ticket in (scanned code or picked attendee); idempotent by nonce',
        params: ShortParams,
        body: CheckInRequest,
        response: { 200: CheckInResponse, 201: CheckInResponse, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const result = await checkInAttendee({
        db: app.db,
        shortId: request.params.shortId,
        input: request.body as z.output<typeof CheckInRequest>,
        links: { appUrl: app.config.appUrl },
      });
      return reply.status(result.status).send(result.body);
    },
  );
  app.delete(
    '/api/public/check-in-lists/:shortId/check-ins/:checkInId',
    {
      config: doorLimit,
      schema: {
        tags: staff,
        summary: 'Undo a check-in (check out); answers whose check-in it was',
        params: ShortParams.extend({ checkInId: idParam() }),
        response: { 200: CheckOutResponse, ...errorResponses(404) },
      },
    },
    async (request) =>
      checkOutAttendee({ db: app.db, shortId: request.params.shortId, checkInId: request.params.checkInId }),
  );
};
