import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '../../../common/limits';
import { pageSchema } from '../../../common/list-query';
import { idParam } from '../../../common/validators';
import {
  CreatedWebhookResponse,
  CreateWebhookRequest,
  UpdateWebhookRequest,
  WebhookDeliveryResponse,
  WebhookResponse,
} from '../../../common/webhooks';
import { authenticate, authOf, authorize } from '../../http/auth';
import { errorResponses } from '../../http/responses';
import {
  createWebhook,
  deleteWebhook,
  findWebhookDeliveries,
  findWebhooks,
  getWebhook,
  resendWebhookDelivery,
  sendTestWebhook,
  updateWebhook,
} from './service';

const WebhookParams = z.object({ webhookId: idParam() });
const DeliveryParams = WebhookParams.extend({ deliveryId: idParam() });
const DeliveriesQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(LIMITS.defaultPage),
  per_page: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.defaultPageSize),
});
const tags = ['webhooks'];
const security = [{ bearerAuth: [] }];

/**
 * The account's outgoing webhooks (decision 027): ADMINs manage them, logged in or with an
 * ADMIN key (a connected tool registers its own endpoint).
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = { preHandler: [authenticate, authorize('integrations.manage')] };

  app.get(
    '/api/webhooks',
    {
      ...admins,
      schema: {
        tags,
        security,
        summary: 'The account’s webhook endpoints (admins)',
        response: { 200: z.object({ data: z.array(WebhookResponse) }), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ data: await findWebhooks(app.db, authOf(request)) }),
  );

  app.post(
    '/api/webhooks',
    {
      config: { idempotent: true },
      ...admins,
      schema: {
        tags,
        security,
        summary: 'Add a webhook endpoint; the answer holds its signing secret, shown this once (admins)',
        body: CreateWebhookRequest,
        response: { 201: CreatedWebhookResponse, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createWebhook(app.db, { auth: authOf(request), policy: app.config.webhooks }, request.body),
        ),
  );

  app.get(
    '/api/webhooks/:webhookId',
    {
      ...admins,
      schema: {
        tags,
        security,
        summary: 'One webhook endpoint (admins)',
        params: WebhookParams,
        response: { 200: WebhookResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getWebhook(app.db, authOf(request), request.params.webhookId),
  );

  app.put(
    '/api/webhooks/:webhookId',
    {
      ...admins,
      schema: {
        tags,
        security,
        summary: 'Change a webhook endpoint’s address, event types, filter or active flag (admins)',
        params: WebhookParams,
        body: UpdateWebhookRequest,
        response: { 200: WebhookResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) =>
      updateWebhook(
        app.db,
        { auth: authOf(request), id: request.params.webhookId, policy: app.config.webhooks },
        request.body,
      ),
  );

  app.delete(
    '/api/webhooks/:webhookId',
    {
      ...admins,
      schema: {
        tags,
        security,
        summary: 'Delete a webhook endpoint with its delivery log; queued deliveries are dropped (admins)',
        params: WebhookParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteWebhook(app.db, authOf(request), request.params.webhookId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/webhooks/:webhookId/test',
    {
      config: { idempotent: true },
      ...admins,
      schema: {
        tags,
        security,
        summary: 'Queue a `webhook.test` delivery to this endpoint (admins)',
        params: WebhookParams,
        response: { 202: WebhookDeliveryResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await sendTestWebhook(app.db, authOf(request), request.params.webhookId)),
  );

  app.get(
    '/api/webhooks/:webhookId/deliveries',
    {
      ...admins,
      schema: {
        tags,
        security,
        summary: 'The endpoint’s delivery log, newest first, with each attempt (admins)',
        params: WebhookParams,
        querystring: DeliveriesQuery,
        response: { 200: pageSchema(WebhookDeliveryResponse), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) =>
      findWebhookDeliveries(
        app.db,
        { auth: authOf(request), id: request.params.webhookId },
        {
          page: request.query.page,
          perPage: request.query.per_page,
        },
      ),
  );

  app.post(
    '/api/webhooks/:webhookId/deliveries/:deliveryId/resend',
    {
      config: { idempotent: true },
      ...admins,
      schema: {
        tags,
        security,
        summary: 'Deliver the body of one delivery again, as a new delivery with the same id (admins)',
        params: DeliveryParams,
        response: { 202: WebhookDeliveryResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await resendWebhookDelivery(
            app.db,
            { auth: authOf(request), id: request.params.webhookId },
            request.params.deliveryId,
          ),
        ),
  );
};
