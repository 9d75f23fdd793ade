import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DateCancellationRequest,
  DateCancellationResponse,
  DateSeriesCancellationRequest,
  DateSeriesCancellationResponse,
} from '../../../common/date-cancellation';
import { idParam } from '../../../common/validators';
import { authenticate, authOf, authorize } from '../../http/auth';
import { errorResponses } from '../../http/responses';
import { cancelDateSeries } from './series';
import { cancelEventDate, getDateCancellation } from './service';

const Params = z.object({ id: idParam(), dateId: idParam() });
const tags = ['event dates'];
const security = [{ bearerAuth: [] }];

export const dateCancellationRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = { preHandler: [authenticate, authorize('events.manage')] };
  const base = '/api/events/:id/dates/:dateId';

  app.post(
    `${base}/cancel`,
    {
      config: { idempotent: true },
      ...members,
      schema: {
        tags,
        security,
        summary: 'Cancel a date: refund its orders or move them to another date',
        description:
          'Sets the date CANCELLED at once (nothing more is sold of it) and starts a job that works ' +
          'through its orders, each in a transaction of its own: REFUND gives paid orders their money ' +
          'back and cancels every order; MOVE moves orders and attendees to `move_to_date_id` (an order ' +
          'the new date has no room for is refunded instead and counted in `failed`). Open ' +
          'reservations expire. The date’s waiting list is closed. With `notify`, every attendee and ' +
          'everyone who was on the waiting list gets one mail with `subject` and `message`. Follow the ' +
          'progress with `GET …/cancellation`.',
        params: Params,
        body: DateCancellationRequest,
        response: { 202: DateCancellationResponse, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.status(202).send(
        await cancelEventDate({
          db: app.db,
          auth: authOf(request),
          eventId: request.params.id,
          dateId: request.params.dateId,
          input: request.body,
        }),
      ),
  );

  app.get(
    `${base}/cancellation`,
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'The cancellation of a date and how far it got',
        params: Params,
        response: { 200: DateCancellationResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) =>
      getDateCancellation({
        db: app.db,
        auth: authOf(request),
        eventId: request.params.id,
        dateId: request.params.dateId,
      }),
  );

  app.post(
    '/api/events/:id/date-rules/:ruleId/cancel',
    {
      config: { idempotent: true },
      ...members,
      schema: {
        tags,
        security,
        summary: 'Cancel every date a rule made that is still ahead: refund their orders',
        description:
          'Cancels each date of the rule that is ahead and not cancelled yet, all at once or none, as ' +
          '`POST …/dates/{dateId}/cancel` with REFUND does one: each date gets a cancellation and a ' +
          'job of its own, whose progress `GET …/dates/{dateId}/cancellation` shows. Orders of several ' +
          'dates are not moved: `action` is REFUND or left out. With `notify`, every attendee and ' +
          'everyone on the dates’ waiting lists gets one mail with `subject` and `message`. A rule ' +
          'without such a date is a 404.',
        params: z.object({ id: idParam(), ruleId: idParam() }),
        body: DateSeriesCancellationRequest,
        response: { 202: DateSeriesCancellationResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) =>
      reply.status(202).send({
        data: await cancelDateSeries({
          db: app.db,
          auth: authOf(request),
          eventId: request.params.id,
          ruleId: request.params.ruleId,
          input: request.body,
        }),
      }),
  );
};
