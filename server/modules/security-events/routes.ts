import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SecurityEventsResponse } from '../../../common/security';
import { authenticate, authOf, authorize } from '../../http/auth';
import { errorResponses } from '../../http/responses';
import { listSecurityEvents } from './service';

export const securityEventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/accounts/current/security-events',
    {
      preHandler: [authenticate, authorize('account.manage')],
      schema: {
        tags: ['security'],
        summary: "The account's security audit log, newest first (admins)",
        security: [{ bearerAuth: [] }],
        querystring: z.strictObject({ before: z.coerce.number().int().positive().optional() }),
        response: { 200: SecurityEventsResponse, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => ({
      data: await listSecurityEvents(app.db, {
        accountId: authOf(request).accountId,
        before: request.query.before,
      }),
    }),
  );
};
