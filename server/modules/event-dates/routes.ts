import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DateSeriesRequest,
  EventDateRequest,
  EventDateResponse,
  EventDateRule,
  PublicEventDatesQuery,
  PublicEventDatesResponse,
} from '../../../common/event-dates';
import { idParam } from '../../../common/validators';
import { authenticate, authOf, authorize } from '../../http/auth';
import { sendReady } from '../../http/fresh-reads';
import { errorResponses } from '../../http/responses';
import { updateDateSeries } from './series';
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
    '/api/public/events/:id/dates',
    {
      schema: {
        tags: ['public'],
        summary: 'The upcoming dates of a live event a buyer may choose from, with what is left on each',
        description:
          'Neither cancelled nor hidden dates, nor ended ones, earliest first. `seats_left` is null when nothing limits the date or its tickets do not show what they have left. Paged: `limit` dates at most from `from` (or from the date `date_id`), and `next_from` is the `from` of the next window (null: no more). Without parameters, every upcoming date.',
        params: EventParams,
        querystring: PublicEventDatesQuery,
        response: { 200: PublicEventDatesResponse, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const { from, date_id, limit } = request.query;
      const window = { from, dateId: date_id, limit };
      return sendReady(request, reply, await app.publicReads.dates(request.params.id, window));
    },
  );

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
        description:
          'A date with orders that are not over, or with people on its waiting list, is not set CANCELLED ' +
          'here (a 422 on `status`): `POST …/dates/{dateId}/cancel` refunds or moves its orders and tells ' +
          'everyone.',
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
  app.put(
    '/api/events/:id/date-rules/:ruleId',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Changes every date a rule made that is still ahead and not cancelled',
        params: z.object({ id: idParam(), ruleId: idParam() }),
        body: DateSeriesRequest,
        response: {
          200: z.object({ data: z.array(EventDateResponse) }),
          ...errorResponses(401, 403, 404, 422),
        },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const eventId = request.params.id;
      const changed = new Set(
        await updateDateSeries({
          db: app.db,
          auth,
          eventId,
          ruleId: request.params.ruleId,
          input: request.body,
        }),
      );
      return { data: (await findEventDates(app.db, auth, eventId)).filter((d) => changed.has(d.id)) };
    },
  );
};
