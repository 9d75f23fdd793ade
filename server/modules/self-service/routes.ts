import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PublicOrderResponse } from '../../../common/orders';
import { SelfCancelResponse, SelfServiceResponse } from '../../../common/self-service';
import { SelfEditAttendeeRequest, SelfEditBuyerRequest } from '../../../common/self-service-requests';
import { idParam } from '../../../common/validators';
import { clientAddress, limitRequests } from '../../http/rate-limits';
import { errorResponses } from '../../http/responses';
import { getPublicOrder } from '../orders/public-view';
import { cancelMyOrder } from './cancel';
import { editAttendee, editBuyer } from './edit';
import { getSelfService } from './state';

/** Short ids are 22 base64url characters (128 bits); anything else names no order or ticket. */
const shortId = () => z.string().regex(/^[A-Za-z0-9_-]{22}$/);
const OrderParams = z.object({ id: idParam(), shortId: shortId() });
const AttendeeParams = OrderParams.extend({ attendeeShortId: shortId() });
const tags = ['checkout'];

/**
 * What buyers do to their own placed order (decision 057): no login, the order's short id is the
 * capability. Changes are limited per client address and per order.
 */
export const selfServiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const max = app.config.rateLimits.orders;
  const preHandler = limitRequests(app, [
    { name: 'self-service-address', max, key: clientAddress },
    {
      name: 'self-service-order',
      max,
      key: (r) => (r.params as { shortId?: string } | undefined)?.shortId,
    },
  ]);
  const ref = (params: { id: number; shortId: string }) => ({ eventId: params.id, shortId: params.shortId });

  app.get(
    '/api/public/events/:id/orders/:shortId/self-service',
    {
      schema: {
        tags,
        summary: 'What the buyer may change or cancel of their order now, and why not',
        params: OrderParams,
        response: { 200: SelfServiceResponse, ...errorResponses(404) },
      },
    },
    async (request) => getSelfService({ db: app.db, ...ref(request.params) }),
  );

  app.put(
    '/api/public/events/:id/orders/:shortId/attendees/:attendeeShortId',
    {
      preHandler,
      schema: {
        tags,
        summary: 'The buyer changes a ticket holder’s name, e-mail or answers, as the event allows',
        params: AttendeeParams,
        body: SelfEditAttendeeRequest,
        response: { 200: PublicOrderResponse, ...errorResponses(403, 404, 409, 422, 429) },
      },
    },
    async (request) => {
      const { id, shortId, attendeeShortId } = request.params;
      await editAttendee({
        db: app.db,
        ref: { eventId: id, shortId },
        attendeeShortId,
        input: request.body,
        links: { appUrl: app.config.appUrl },
      });
      return getPublicOrder(app.db, id, shortId);
    },
  );

  app.put(
    '/api/public/events/:id/orders/:shortId/buyer',
    {
      preHandler,
      schema: {
        tags,
        summary: 'The buyer changes their own details and the order’s answers, as the event allows',
        params: OrderParams,
        body: SelfEditBuyerRequest,
        response: { 200: PublicOrderResponse, ...errorResponses(403, 404, 409, 422, 429) },
      },
    },
    async (request) => {
      await editBuyer({ db: app.db, ref: ref(request.params), input: request.body });
      return getPublicOrder(app.db, request.params.id, request.params.shortId);
    },
  );

  app.post(
    '/api/public/events/:id/orders/:shortId/cancel',
    {
      preHandler,
      schema: {
        tags,
        summary:
          'The buyer cancels their order, as the event allows; a card payment is refunded less the fee',
        description:
          'Repeated (a second click, a retry), it answers what the first did: the order is refunded once.',
        params: OrderParams,
        response: { 200: SelfCancelResponse, ...errorResponses(403, 404, 409, 429) },
      },
    },
    async (request) =>
      cancelMyOrder({
        db: app.db,
        stripe: app.stripe,
        ref: ref(request.params),
        appUrl: app.config.appUrl,
      }),
  );
};
