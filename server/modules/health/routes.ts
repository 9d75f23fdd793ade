import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponse } from '../../../common/health';
import { errorResponses } from '../../http/responses';
import { VERSION } from '../../version';
import { checkDatabase } from './service';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        // 422: a query parameter (it takes none).
        response: { 200: HealthResponse, 503: HealthResponse, ...errorResponses(422) },
      },
    },
    async (_request, reply) => {
      const ok = await checkDatabase(app.db);
      return reply
        .status(ok ? 200 : 503)
        .send({ status: ok ? 'ok' : 'unavailable', database: app.databaseKind, version: VERSION });
    },
  );
};
