import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OrderLinkResponse,
  OrderLookupAccepted,
  OrderLookupRequest,
  orderLinkToken,
  ResendAccepted,
} from '../../../common/order-lookup';
import { idParam } from '../../../common/validators';
import { errorResponses } from '../../http/responses';
import { requestOrderLookup } from './find';
import { lookupLimits, resendLimits } from './limits';
import { resolveOrderLink } from './links';
import { resendConfirmationByBuyer, resendTicketByBuyer } from './resend';

const shortId = () => z.string().regex(/^[A-Za-z0-9_-]{22}$/);
const EventParams = z.object({ id: idParam() });
const OrderParams = z.object({ id: idParam(), shortId: shortId() });
const TicketParams = OrderParams.extend({ attendeeShortId: shortId() });
const tags = ['checkout'];

/** "Find my tickets" and the buyer's resends (decision 056): no login. */
export const orderLookupRoutes: FastifyPluginAsyncZod = async (app) => {
  const links = { appUrl: app.config.appUrl };

  app.post(
    '/api/public/events/:id/order-lookup',
    {
      preHandler: lookupLimits(app),
      schema: {
        tags,
        summary: 'Find my tickets: mails links to the orders of an address, if it has any',
        description:
          'Answers 202 with the same body whether or not the address has orders: the lookup and the mail happen afterwards, in a job (decision 056). Only the address itself receives a mail. `scope` ACCOUNT looks through every event of the event’s account.',
        params: EventParams,
        body: OrderLookupRequest,
        response: { 202: OrderLookupAccepted, ...errorResponses(400, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      await requestOrderLookup(app.db, {
        eventId: request.params.id,
        email: request.body.email,
        scope: request.body.scope,
        locale: request.locale,
      });
      return reply.status(202).send({ status: 'QUEUED' as const });
    },
  );

  app.get(
    '/api/public/order-links/:token',
    {
      schema: {
        tags,
        summary: 'The order or ticket page a "Find my tickets" link opens, while it has not expired',
        params: z.object({ token: orderLinkToken() }),
        response: { 200: OrderLinkResponse, ...errorResponses(404, 410) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return resolveOrderLink(app.db, request.params.token);
    },
  );

  app.post(
    '/api/public/events/:id/orders/:shortId/resend',
    {
      preHandler: resendLimits(app, 'order'),
      schema: {
        tags,
        summary: 'Send the order confirmation again, to the buyer’s address',
        params: OrderParams,
        response: { 202: ResendAccepted, ...errorResponses(404, 409, 429) },
      },
    },
    async (request, reply) => {
      await resendConfirmationByBuyer({
        db: app.db,
        eventId: request.params.id,
        shortId: request.params.shortId,
        links,
      });
      return reply.status(202).send({ status: 'QUEUED' as const });
    },
  );

  app.post(
    '/api/public/events/:id/orders/:shortId/attendees/:attendeeShortId/resend',
    {
      preHandler: resendLimits(app, 'ticket'),
      schema: {
        tags,
        summary: 'Send one ticket of the order to its holder’s address',
        params: TicketParams,
        response: { 202: ResendAccepted, ...errorResponses(404, 409, 429) },
      },
    },
    async (request, reply) => {
      await resendTicketByBuyer({
        db: app.db,
        eventId: request.params.id,
        shortId: request.params.shortId,
        attendeeShortId: request.params.attendeeShortId,
        links,
      });
      return reply.status(202).send({ status: 'QUEUED' as const });
    },
  );
};
