import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiKeyResponse, CreateApiKeyRequest, CreatedApiKeyResponse } from '../../../common/api-keys';
import { idParam } from '../../../common/validators';
import { authenticate, authOf, authorize, personOnly } from '../../http/auth';
import { errorResponses } from '../../http/responses';
import { createApiKey, findApiKeys, revokeApiKey } from './service';

const KeyParams = z.object({ keyId: idParam() });
const tags = ['api-keys'];
const security = [{ bearerAuth: [] }];

/**
 * The account's API keys (decision 025): ADMINs manage them, logged in as themselves; a key
 * cannot list, create or revoke keys (403), so a leaked key cannot make itself a successor.
 */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = { preHandler: [authenticate, personOnly, authorize('integrations.manage')] };

  app.get(
    '/api/api-keys',
    {
      ...admins,
      schema: {
        tags,
        security,
        summary: 'The account’s API keys, newest first, revoked ones included (admins, not with a key)',
        response: { 200: z.object({ data: z.array(ApiKeyResponse) }), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ data: await findApiKeys(app.db, authOf(request)) }),
  );

  app.post(
    '/api/api-keys',
    {
      config: { idempotent: true },
      ...admins,
      schema: {
        tags,
        security,
        summary:
          'Create an API key; the answer holds the whole key, shown this once (admins, not with a key)',
        body: CreateApiKeyRequest,
        response: { 201: CreatedApiKeyResponse, ...errorResponses(401, 403, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createApiKey(app.db, authOf(request), request.body)),
  );

  app.post(
    '/api/api-keys/:keyId/revoke',
    {
      ...admins,
      schema: {
        tags,
        security,
        summary: 'Revoke an API key: it answers 401 from now on (admins, not with a key)',
        params: KeyParams,
        response: { 200: ApiKeyResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => revokeApiKey(app.db, authOf(request), request.params.keyId),
  );
};
