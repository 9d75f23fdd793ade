import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminOrderDetailResponse,
  AdminOrderResponse,
  CancelOrderRequest,
  ORDERS_DEFAULT_LIST,
  OrderNoteRequest,
  OrdersExportQuery,
  OrdersQuery,
  UpdateOrderBuyerRequest,
} from '../../../common/admin-orders';
import { pageSchema } from '../../../common/list-query';
import { RecordRefundRequest } from '../../../common/payments';
import { idParam } from '../../../common/validators';
import { authenticate, authOf, authorize } from '../../http/auth';
import { idempotent } from '../../http/idempotency';
import { errorResponses } from '../../http/responses';
import { eventListRoutes } from '../owned-events/list-routes';
import { addOrderNote, cancelOrder, markOrderPaid, resendOrderConfirmation } from './admin-actions';
import { exportOrders } from './admin-export';
import { findOrders, getAdminOrder, updateOrderBuyer } from './admin-view';
import { recordOfflineRefund } from './offline-refunds';

const _EventParams = z.object({ id: idParam() });
const OrderParams = z.object({ id: idParam(), orderId: idParam() });
const tags = ['orders'];
const security = [{ bearerAuth: [] }];

/** The order a request's path names, for the caller's account. */
const orderOf = (request: FastifyRequest & { params: z.output<typeof OrderParams> }) => ({
  auth: authOf(request),
  eventId: request.params.id,
  orderId: request.params.orderId,
});

/**
 * The organizer's order calls (`/api/events/{id}/orders…`); card refunds live with payments,
 * refunds of offline payments (recorded, nothing to ask of anyone) here.
 */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = { preHandler: [authenticate, authorize('events.manage')] };
  const manage = <S extends object>(summary: string, schema: S) => ({
    ...members,
    schema: { tags, security, summary, ...schema },
  });
  const links = () => ({ appUrl: app.config.appUrl });
  const detail = { 200: AdminOrderDetailResponse, ...errorResponses(401, 403, 404, 409, 422) };

  eventListRoutes(app, {
    path: '/api/events/:id/orders',
    permission: 'events.manage',
    tags,
    summary: 'Orders of an event: search, filter by status or date, sort, page',
    description: ORDERS_DEFAULT_LIST,
    querystring: OrdersQuery,
    response: pageSchema(AdminOrderResponse),
    list: findOrders,
    export: {
      summary: 'Download the orders (CSV or XLSX); the list’s search and filters apply',
      description: ORDERS_DEFAULT_LIST,
      querystring: OrdersExportQuery,
      name: 'orders',
      table: exportOrders,
    },
  });
  app.get(
    '/api/events/:id/orders/:orderId',
    manage('One order: lines, attendees, answers, refunds and activity', {
      params: OrderParams,
      response: detail,
    }),
    async (request) => getAdminOrder({ db: app.db, ...orderOf(request) }),
  );
  app.put(
    '/api/events/:id/orders/:orderId',
    manage('Change the buyer’s details', {
      params: OrderParams,
      body: UpdateOrderBuyerRequest,
      response: detail,
    }),
    async (request) => {
      await updateOrderBuyer({
        db: app.db,
        ...orderOf(request),
        input: request.body as z.output<typeof UpdateOrderBuyerRequest>,
      });
      return getAdminOrder({ db: app.db, ...orderOf(request) });
    },
  );
  app.post(
    '/api/events/:id/orders/:orderId/mark-paid',
    idempotent(
      manage('Mark an offline order paid: its tickets become valid and are mailed', {
        params: OrderParams,
        response: detail,
      }),
    ),
    async (request) => {
      await markOrderPaid({ db: app.db, ...orderOf(request), links: links() });
      return getAdminOrder({ db: app.db, ...orderOf(request) });
    },
  );
  app.post(
    '/api/events/:id/orders/:orderId/cancel',
    manage('Cancel an order: its tickets are voided and its seats go back on sale (no refund)', {
      params: OrderParams,
      body: CancelOrderRequest,
      response: detail,
    }),
    async (request) => {
      const body = request.body as z.output<typeof CancelOrderRequest>;
      await cancelOrder({ db: app.db, ...orderOf(request), notifyBuyer: body.notify_buyer, links: links() });
      return getAdminOrder({ db: app.db, ...orderOf(request) });
    },
  );
  app.post(
    '/api/events/:id/orders/:orderId/offline-refunds',
    idempotent(
      manage(
        'Record a refund of an order paid offline, given back by the organizer; the order shows it at once',
        {
          params: OrderParams,
          body: RecordRefundRequest,
          response: { 201: AdminOrderDetailResponse, ...errorResponses(401, 403, 404, 409, 422) },
        },
      ),
    ),
    async (request, reply) => {
      await recordOfflineRefund({
        db: app.db,
        ...orderOf(request),
        input: request.body as z.output<typeof RecordRefundRequest>,
        appUrl: app.config.appUrl,
      });
      return reply.status(201).send(await getAdminOrder({ db: app.db, ...orderOf(request) }));
    },
  );
  app.post(
    '/api/events/:id/orders/:orderId/resend',
    idempotent(
      manage('Send the buyer their confirmation again', {
        params: OrderParams,
        response: { 202: z.null(), ...errorResponses(401, 403, 404, 409) },
      }),
    ),
    async (request, reply) => {
      await resendOrderConfirmation({ db: app.db, ...orderOf(request), links: links() });
      return reply.status(202).send(null);
    },
  );
  app.post(
    '/api/events/:id/orders/:orderId/notes',
    idempotent(
      manage('Add a note to an order', {
        params: OrderParams,
        body: OrderNoteRequest,
        response: { 201: AdminOrderDetailResponse, ...errorResponses(401, 403, 404, 422) },
      }),
    ),
    async (request, reply) => {
      const { note } = request.body as z.output<typeof OrderNoteRequest>;
      await addOrderNote({ db: app.db, ...orderOf(request), note });
      return reply.status(201).send(await getAdminOrder({ db: app.db, ...orderOf(request) }));
    },
  );
};
