import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LoginResponse } from '../../../common/auth';
import {
  AddPasskeyRequest,
  PasskeyLoginOptionsRequest,
  PasskeyLoginRequest,
  PasskeyOptionsResponse,
  PasskeyResponse,
  PasskeysResponse,
  RenamePasskeyRequest,
} from '../../../common/passkeys';
import { idParam } from '../../../common/validators';
import { authenticate, authOf, personOnly } from '../../http/auth';
import { authLimits } from '../../http/rate-limits';
import { errorResponses } from '../../http/responses';
import { clientOf } from '../auth/sessions';
import {
  addPasskey,
  listPasskeys,
  passkeyLoginOptions,
  registrationOptions,
  removePasskey,
  renamePasskey,
  verifyPasskeyLogin,
} from './service';

const person = { preHandler: [authenticate, personOnly], security: [{ bearerAuth: [] }] };
const PasskeyParams = z.object({ id: idParam() });

export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const limited = authLimits(app);
  const context = (request: FastifyRequest) => {
    const auth = authOf(request);
    const client = clientOf(request);
    return { userId: auth.userId, accountId: auth.accountId, ...client, appUrl: app.config.appUrl };
  };

  app.get(
    '/api/users/me/passkeys',
    {
      preHandler: person.preHandler,
      schema: {
        tags: ['security'],
        summary: "The signed-in user's passkeys",
        security: person.security,
        response: { 200: PasskeysResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ data: await listPasskeys(app.db, authOf(request).userId) }),
  );

  app.post(
    '/api/users/me/passkeys/registration-options',
    {
      preHandler: person.preHandler,
      schema: {
        tags: ['security'],
        summary: 'Options for the browser to make a new passkey (answered within five minutes)',
        security: person.security,
        response: { 200: PasskeyOptionsResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) =>
      registrationOptions(app.db, { userId: authOf(request).userId, appUrl: app.config.appUrl }),
  );

  app.post(
    '/api/users/me/passkeys',
    {
      preHandler: [...person.preHandler, limited],
      schema: {
        tags: ['security'],
        summary: "Add a passkey: the browser's answer to the registration options",
        security: person.security,
        body: AddPasskeyRequest,
        response: { 201: PasskeyResponse, ...errorResponses(401, 403, 409, 410, 422, 429) },
      },
    },
    async (request, reply) => {
      const passkey = await addPasskey(app.db, { body: request.body, context: context(request) });
      return reply.status(201).send(passkey);
    },
  );

  app.put(
    '/api/users/me/passkeys/:id',
    {
      preHandler: person.preHandler,
      schema: {
        tags: ['security'],
        summary: 'Rename a passkey',
        security: person.security,
        params: PasskeyParams,
        body: RenamePasskeyRequest,
        response: { 200: PasskeyResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) =>
      renamePasskey(app.db, {
        userId: authOf(request).userId,
        id: request.params.id,
        name: request.body.name,
      }),
  );

  app.delete(
    '/api/users/me/passkeys/:id',
    {
      preHandler: person.preHandler,
      schema: {
        tags: ['security'],
        summary: 'Remove a passkey (not the last second factor where the account requires one)',
        security: person.security,
        params: PasskeyParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await removePasskey(app.db, { id: request.params.id, context: context(request) });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/passkeys/options',
    {
      preHandler: limited,
      schema: {
        tags: ['auth'],
        summary: 'Options for signing in with a passkey: any of this site, or those of a sign-in ticket',
        body: PasskeyLoginOptionsRequest,
        response: { 200: PasskeyOptionsResponse, ...errorResponses(410, 422, 429) },
      },
    },
    async (request) =>
      passkeyLoginOptions(app.db, { ticket: request.body.ticket, appUrl: app.config.appUrl }),
  );

  app.post(
    '/api/auth/passkeys/login',
    {
      preHandler: limited,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a passkey, alone or as the second factor of a sign-in ticket',
        body: PasskeyLoginRequest,
        response: { 200: LoginResponse, ...errorResponses(401, 403, 410, 422, 429) },
      },
    },
    async (request, reply) => {
      const result = await verifyPasskeyLogin(app.db, {
        body: request.body,
        client: clientOf(request),
        appUrl: app.config.appUrl,
      });
      if ('token' in result) reply.header('x-auth-token', result.token);
      return result;
    },
  );
};
