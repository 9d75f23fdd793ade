import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AffiliateRequest, AffiliateResponse, AffiliatesExportQuery } from '../../../common/affiliates';
import { idParam } from '../../../common/validators';
import { authenticate, authOf, authorize } from '../../http/auth';
import { errorResponses } from '../../http/responses';
import { eventListRoutes } from '../owned-events/list-routes';
import { exportAffiliates } from './export';
import { createAffiliate, deleteAffiliate, findAffiliates, getAffiliate, updateAffiliate } from './service';

const EventParams = z.object({ id: idParam() });
const AffiliateParams = z.object({ id: idParam(), affiliateId: idParam() });
const tags = ['affiliates'];
const security = [{ bearerAuth: [] }];

/** Affiliates of an event: the same people may manage them as promo codes (decision 021). */
export const affiliateRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = { preHandler: [authenticate, authorize('events.manage')] };
  const refOf = (request: { params: z.output<typeof AffiliateParams> }) => ({
    eventId: request.params.id,
    id: request.params.affiliateId,
  });

  eventListRoutes(app, {
    path: '/api/events/:id/affiliates',
    permission: 'events.manage',
    tags,
    summary: 'Affiliates of an event, with the orders, tickets and gross sales each brought',
    response: z.object({ data: z.array(AffiliateResponse) }),
    list: async (context) => ({ data: await findAffiliates(context) }),
    export: {
      summary: 'Download the affiliates with their figures (CSV or XLSX)',
      querystring: AffiliatesExportQuery,
      name: 'affiliates',
      table: exportAffiliates,
    },
  });

  app.post(
    '/api/events/:id/affiliates',
    {
      config: { idempotent: true },
      ...members,
      schema: {
        tags,
        security,
        summary: 'Create an affiliate',
        params: EventParams,
        body: AffiliateRequest,
        response: { 201: AffiliateResponse, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await createAffiliate({
          db: app.db,
          auth: authOf(request),
          eventId: request.params.id,
          input: request.body,
        }),
      ),
  );

  app.get(
    '/api/events/:id/affiliates/:affiliateId',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'One affiliate with its figures',
        params: AffiliateParams,
        response: { 200: AffiliateResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getAffiliate({ db: app.db, auth: authOf(request), ...refOf(request) }),
  );

  app.put(
    '/api/events/:id/affiliates/:affiliateId',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Change an affiliate (name, code, e-mail, status)',
        params: AffiliateParams,
        body: AffiliateRequest,
        response: { 200: AffiliateResponse, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      updateAffiliate({ db: app.db, auth: authOf(request), ...refOf(request), input: request.body }),
  );

  app.delete(
    '/api/events/:id/affiliates/:affiliateId',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Delete an affiliate that has brought no order (otherwise 409: deactivate it)',
        params: AffiliateParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteAffiliate({ db: app.db, auth: authOf(request), ...refOf(request) });
      return reply.status(204).send(null);
    },
  );
};
