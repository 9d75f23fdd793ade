import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PromoCodeRequest, PromoCodeResponse, PromoCodeValidity } from '../../../common/promo-codes';
import { idParam } from '../../../common/validators';
import { authenticate, authOf, authorize } from '../../http/auth';
import { addressAndEventLimits } from '../../http/rate-limits';
import { errorResponses } from '../../http/responses';
import {
  createPromoCode,
  deletePromoCode,
  findPromoCodes,
  getPromoCode,
  isPromoCodeValid,
  updatePromoCode,
} from './service';

const EventParams = z.object({ id: idParam() });
const CodeParams = z.object({ id: idParam(), codeId: idParam() });
const PublicParams = z.object({ id: idParam(), code: z.string().max(100) });
const tags = ['promo codes'];
const security = [{ bearerAuth: [] }];

export const promoCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = { preHandler: [authenticate, authorize('events.manage')] };

  app.get(
    '/api/events/:id/promo-codes',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Promo codes of an event',
        params: EventParams,
        response: { 200: z.object({ data: z.array(PromoCodeResponse) }), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ data: await findPromoCodes(app.db, authOf(request), request.params.id) }),
  );

  app.post(
    '/api/events/:id/promo-codes',
    {
      config: { idempotent: true },
      ...members,
      schema: {
        tags,
        security,
        summary: 'Create a promo code',
        params: EventParams,
        body: PromoCodeRequest,
        response: { 201: PromoCodeResponse, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await createPromoCode({
          db: app.db,
          auth: authOf(request),
          eventId: request.params.id,
          input: request.body,
        }),
      ),
  );

  app.get(
    '/api/events/:id/promo-codes/:codeId',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'One promo code',
        params: CodeParams,
        response: { 200: PromoCodeResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) =>
      getPromoCode({
        db: app.db,
        auth: authOf(request),
        eventId: request.params.id,
        id: request.params.codeId,
      }),
  );

  app.put(
    '/api/events/:id/promo-codes/:codeId',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Change a promo code',
        params: CodeParams,
        body: PromoCodeRequest,
        response: { 200: PromoCodeResponse, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      updatePromoCode({
        db: app.db,
        auth: authOf(request),
        eventId: request.params.id,
        id: request.params.codeId,
        input: request.body,
      }),
  );

  app.delete(
    '/api/events/:id/promo-codes/:codeId',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Delete a promo code',
        params: CodeParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deletePromoCode({
        db: app.db,
        auth: authOf(request),
        eventId: request.params.id,
        id: request.params.codeId,
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/public/events/:id/promo-codes/:code',
    {
      preHandler: addressAndEventLimits(app, {
        name: 'promo-codes',
        perAddress: app.config.rateLimits.promoCodes,
        perEvent: app.config.rateLimits.promoCodesPerEvent,
      }),
      schema: {
        tags: ['public'],
        summary: 'Whether a promo code can be used on a live event now',
        params: PublicParams,
        response: { 200: PromoCodeValidity, ...errorResponses(429) },
      },
    },
    async (request) => ({ valid: await isPromoCodeValid(app.db, request.params.id, request.params.code) }),
  );
};
