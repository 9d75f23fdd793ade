import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EndedSessionsResponse, UserSessionsResponse } from '../../../common/sessions';
import { idParam } from '../../../common/validators';
import { authenticate, authOf, personOnly, sessionOf } from '../../http/auth';
import { errorResponses } from '../../http/responses';
import { endOtherSessions, endUserSession, listUserSessions } from './service';

const person = { preHandler: [authenticate, personOnly], security: [{ bearerAuth: [] }] };
const SessionParams = z.object({ id: idParam() });

export const userSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (request: FastifyRequest) => ({
    userId: authOf(request).userId,
    sessionId: sessionOf(request),
    ip: request.ip,
    appUrl: app.config.appUrl,
  });

  app.get(
    '/api/users/me/sessions',
    {
      preHandler: person.preHandler,
      schema: {
        tags: ['security'],
        summary: "The signed-in user's live sessions in every account, the current one marked",
        security: person.security,
        response: { 200: UserSessionsResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      data: await listUserSessions(app.db, {
        userId: authOf(request).userId,
        sessionId: sessionOf(request),
        geoipDatabase: app.config.geoipDatabase,
      }),
    }),
  );

  app.delete(
    '/api/users/me/sessions/:id',
    {
      preHandler: person.preHandler,
      schema: {
        tags: ['security'],
        summary: 'End one of your sessions: its token stops working at once',
        security: person.security,
        params: SessionParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await endUserSession(app.db, { id: request.params.id, context: context(request) });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/users/me/sessions/end-others',
    {
      preHandler: person.preHandler,
      schema: {
        tags: ['security'],
        summary: 'End every session of yours but this one',
        security: person.security,
        response: { 200: EndedSessionsResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ ended: await endOtherSessions(app.db, context(request)) }),
  );
};
