import { HealthResponse } from '../../../common/health';
import type { App } from '../../app';
import { VERSION } from '../../version';
import { checkDatabase } from './service';

export async function healthRoutes(app: App): Promise<void> {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (_request, reply) => {
      const ok = await checkDatabase(app.db);
      return reply
        .status(ok ? 200 : 503)
        .send({ status: ok ? 'ok' : 'unavailable', database: app.databaseKind, version: VERSION });
    },
  );
}
