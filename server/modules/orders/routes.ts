import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OrderDetailsRequest } from '../../../common/order-details';
import { CompleteOrderRequest, CreateOrderRequest, PublicOrderResponse } from '../../../common/orders';
import { idParam } from '../../../common/validators';
import { idempotencyHeaders } from '../../http/idempotency';
import { addressAndEventLimits, clientAddress } from '../../http/rate-limits';
import { errorResponses } from '../../http/responses';
import { completeOrder, extendOrder, saveOrderDetails } from './details';
import { getPublicOrder } from './public-view';
import { abandonOrder, createOrder } from './service';

const EventParams = z.object({ id: idParam() });
/** Order short ids are 22 base64url characters; anything else names no order. */
const OrderParams = z.object({ id: idParam(), shortId: z.string().regex(/^[A-Za-z0-9_-]{22}$/) });
const tags = ['checkout'];

/** The buyer's side of orders: no login; the order's short id is the capability. */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = app.config.rateLimits;
  app.post(
    '/api/public/events/:id/orders',
    {
      preHandler: addressAndEventLimits(app, {
        name: 'orders',
        perAddress: limits.orders,
        perEvent: limits.ordersPerEvent,
      }),
      schema: {
        tags,
        summary: 'Reserve tickets: an order held for the event’s order timeout',
        description:
          'An optional `Idempotency-Key` header makes a retried request answer the same order (200); it is kept with the order, per event (decision 006).',
        params: EventParams,
        headers: idempotencyHeaders,
        body: CreateOrderRequest,
        response: {
          200: PublicOrderResponse,
          201: PublicOrderResponse,
          ...errorResponses(400, 404, 409, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const { order, created } = await createOrder({
        db: app.db,
        eventId: request.params.id,
        input: request.body,
        idempotencyKey: request.headers['idempotency-key'],
        locale: request.locale,
        client: { address: clientAddress(request), maxOpenOrders: limits.openOrdersPerAddress },
        catalogues: app.saleCatalogues,
      });
      return reply.status(created ? 201 : 200).send(order);
    },
  );

  app.get(
    '/api/public/events/:id/orders/:shortId',
    {
      schema: {
        tags,
        summary: 'An order, for the buyer who holds its short id',
        params: OrderParams,
        response: { 200: PublicOrderResponse, ...errorResponses(404) },
      },
    },
    async (request) => getPublicOrder(app.db, request.params.id, request.params.shortId),
  );

  app.post(
    '/api/public/events/:id/orders/:shortId/abandon',
    {
      schema: {
        tags,
        summary: 'Give up a reservation; its tickets go back on sale at once',
        params: OrderParams,
        response: { 200: PublicOrderResponse, ...errorResponses(404, 409, 410) },
      },
    },
    async (request) =>
      abandonOrder({ db: app.db, eventId: request.params.id, shortId: request.params.shortId }),
  );

  app.post(
    '/api/public/events/:id/orders/:shortId/extend',
    {
      schema: {
        tags,
        summary: 'More time for a reservation, once: it then lasts the order timeout from now',
        params: OrderParams,
        response: { 200: PublicOrderResponse, ...errorResponses(404, 409, 410) },
      },
    },
    async (request) => {
      await extendOrder({ db: app.db, eventId: request.params.id, shortId: request.params.shortId });
      return getPublicOrder(app.db, request.params.id, request.params.shortId);
    },
  );

  app.put(
    '/api/public/events/:id/orders/:shortId',
    {
      schema: {
        tags,
        summary: 'The buyer, one attendee per ticket, and the answers to the questions',
        params: OrderParams,
        body: OrderDetailsRequest,
        response: { 200: PublicOrderResponse, ...errorResponses(404, 409, 410, 422) },
      },
    },
    async (request) => {
      await saveOrderDetails({
        db: app.db,
        eventId: request.params.id,
        shortId: request.params.shortId,
        input: request.body,
      });
      return getPublicOrder(app.db, request.params.id, request.params.shortId);
    },
  );

  app.post(
    '/api/public/events/:id/orders/:shortId/complete',
    {
      schema: {
        tags,
        summary: 'Finish the order: free orders complete at once, offline payment waits for the organizer',
        params: OrderParams,
        body: CompleteOrderRequest,
        response: { 200: PublicOrderResponse, ...errorResponses(404, 409, 410, 422) },
      },
    },
    async (request) => {
      await completeOrder({
        db: app.db,
        eventId: request.params.id,
        shortId: request.params.shortId,
        input: request.body,
        links: { appUrl: app.config.appUrl },
      });
      return getPublicOrder(app.db, request.params.id, request.params.shortId);
    },
  );
};
