import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EventDateRequest, EventDateResponse, EventDateRule } from '../../../common/event-dates';
import { idParam } from '../../../common/validators';
import { authenticate, authOf, authorize } from '../../http/auth';
import { errorResponses } from '../../http/responses';
import {
  addRuleDates,
  createEventDate,
  deleteEventDate,
  findEventDates,
  getEventDate,
  updateEventDate,
} from './service';

const EventParams = z.object({ id: idParam() });
const ItemParams = z.object({ id: idParam(), dateId: idParam() });
const tags = ['event dates'];
const security = [{ bearerAuth: [] }];

export const eventDateRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = { preHandler: [authenticate, authorize('events.manage')] };
  const base = '/api/events/:id/dates';
  const ref = (request: { params: { id: number; dateId: number } }, auth: ReturnType<typeof authOf>) => ({
    auth,
    eventId: request.params.id,
    id: request.params.dateId,
  });

  app.get(
    base,
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Dates of an event, earliest first',
        params: EventParams,
        response: {
          200: z.object({ data: z.array(EventDateResponse) }),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => ({ data: await findEventDates(app.db, authOf(request), request.params.id) }),
  );

  app.post(
    base,
    {
      config: { idempotent: true },
      ...members,
      schema: {
        tags,
        security,
        summary: 'Add a date to an event',
        params: EventParams,
        body: EventDateRequest,
        response: { 201: EventDateResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await createEventDate({
          db: app.db,
          auth: authOf(request),
          eventId: request.params.id,
          input: request.body,
        }),
      ),
  );

  app.post(
    `${base}/rule`,
    {
      config: { idempotent: true },
      ...members,
      schema: {
        tags,
        security,
        summary: 'Add the dates a recurrence rule makes',
        description:
          'Days and times are local to the event’s time zone, so a date keeps its local time across daylight-saving changes. At most 1,000 dates per event.',
        params: EventParams,
        body: EventDateRule,
        response: {
          201: z.object({ data: z.array(EventDateResponse) }),
          ...errorResponses(401, 403, 404, 422),
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await addRuleDates({
          db: app.db,
          auth: authOf(request),
          eventId: request.params.id,
          rule: request.body,
        }),
      }),
  );

  app.get(
    `${base}/:dateId`,
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'One date of an event',
        params: ItemParams,
        response: { 200: EventDateResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getEventDate({ db: app.db, ...ref(request, authOf(request)) }),
  );

  app.put(
    `${base}/:dateId`,
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Change a date of an event',
        params: ItemParams,
        body: EventDateRequest,
        response: { 200: EventDateResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => updateEventDate({ db: app.db, ...ref(request, authOf(request)), input: request.body }),
  );

  app.delete(
    `${base}/:dateId`,
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Delete a date of an event (not its last)',
        params: ItemParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteEventDate({ db: app.db, ...ref(request, authOf(request)) });
      return reply.status(204).send(null);
    },
  );
};
