import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ConnectStripeResponse,
  PaymentConnectionResponse,
  RefundOrderRequest,
  StripePaymentIntentResponse,
} from '../../../common/payments';
import { idParam } from '../../../common/validators';
import { AppError } from '../../http/app-error';
import { authenticate, authOf, authorize } from '../../http/auth';
import { errorResponses } from '../../http/responses';
import { connectStripe, getPaymentConnection, requireStripe } from '../stripe-accounts/service';
import { refundOrder } from './refunds';
import { createOrderPaymentIntent, refreshOrderPayment } from './stripe-orders';
import { handleStripeWebhook } from './webhooks';

const OrderParams = z.object({ id: idParam(), shortId: z.string().regex(/^[A-Za-z0-9_-]{22}$/) });

const tags = ['payments'];
const security = [{ bearerAuth: [] }];

/** The account's card payment connection (Stripe Connect), for its admins. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = { preHandler: [authenticate, authorize('payments.manage')] };

  app.get(
    '/api/accounts/payment',
    {
      ...admins,
      schema: {
        tags,
        security,
        summary: 'Whether the account can take card payments',
        response: { 200: PaymentConnectionResponse, ...errorResponses(401, 403, 502) },
      },
    },
    async (request) => getPaymentConnection(app.db, app.stripe, authOf(request).accountId),
  );

  app.post(
    '/api/accounts/payment/stripe/connect',
    {
      ...admins,
      schema: {
        tags,
        security,
        summary: 'Start or resume Stripe onboarding: answers the link to send the admin to',
        response: { 200: ConnectStripeResponse, ...errorResponses(401, 403, 409, 502) },
      },
    },
    async (request) =>
      connectStripe({
        db: app.db,
        stripe: app.stripe,
        accountId: authOf(request).accountId,
        appUrl: app.config.appUrl,
      }),
  );

  app.post(
    '/api/public/events/:id/orders/:shortId/stripe/payment-intent',
    {
      schema: {
        tags: ['checkout'],
        summary: 'A card payment for the order on the organizer’s Stripe account (created once per order)',
        params: OrderParams,
        response: { 200: StripePaymentIntentResponse, ...errorResponses(404, 409, 410, 502) },
      },
    },
    async (request) =>
      createOrderPaymentIntent({
        db: app.db,
        stripe: app.stripe,
        config: app.config.stripe,
        eventId: request.params.id,
        shortId: request.params.shortId,
      }),
  );

  app.post(
    '/api/public/events/:id/orders/:shortId/stripe/refresh',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Check the card payment with Stripe now (the return page), rather than wait for the webhook',
        params: OrderParams,
        response: { 204: z.null(), ...errorResponses(404, 409, 502) },
      },
    },
    async (request, reply) => {
      await refreshOrderPayment({
        db: app.db,
        stripe: app.stripe,
        eventId: request.params.id,
        shortId: request.params.shortId,
        options: { appUrl: app.config.appUrl },
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/events/:id/orders/:orderId/refund',
    {
      config: { idempotent: true },
      preHandler: [authenticate, authorize('events.manage')],
      schema: {
        tags,
        security,
        summary: 'Refund all or part of a card payment; the order is REFUND_PENDING until Stripe settles it',
        params: z.object({ id: idParam(), orderId: idParam() }),
        body: RefundOrderRequest,
        response: { 202: z.null(), ...errorResponses(401, 403, 404, 409, 422, 502) },
      },
    },
    async (request, reply) => {
      await refundOrder({
        db: app.db,
        stripe: app.stripe,
        auth: authOf(request),
        eventId: request.params.id,
        orderId: request.params.orderId,
        input: request.body,
        appUrl: app.config.appUrl,
      });
      return reply.status(202).send(null);
    },
  );

  // Stripe signs the exact bytes it sent: this route keeps the body raw.
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    raw.post(
      '/api/public/webhooks/stripe',
      {
        // Signed by Stripe, which sends bursts from few addresses and delays a refused event for hours.
        config: { rateLimit: false },
        schema: {
          tags: ['payments'],
          summary: 'Stripe’s events (signed): payments, refunds and connected accounts',
          response: {
            200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
            ...errorResponses(400, 409),
          },
        },
      },
      async (request) => {
        const stripe = requireStripe(app.stripe);
        const secret = app.config.stripe?.webhookSecret;
        if (!secret || !Buffer.isBuffer(request.body)) throw new AppError('BAD_REQUEST');
        const signature = request.headers['stripe-signature'];
        return handleStripeWebhook({
          db: app.db,
          stripe,
          webhookSecret: secret,
          rawBody: request.body,
          signature: Array.isArray(signature) ? signature[0] : signature,
          options: { appUrl: app.config.appUrl },
        });
      },
    );
  });
};
