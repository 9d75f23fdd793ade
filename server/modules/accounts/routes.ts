import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccountResponse, UpdateAccountRequest } from '../../../common/accounts';
import { EventDefaults, EventDefaultsPatch } from '../../../common/event-defaults';
import { PARTIAL_WRITE } from '../../../common/partial-writes';
import { authenticate, authOf, authorize } from '../../http/auth';
import { errorResponses } from '../../http/responses';
import {
  getAccount,
  getEventDefaults,
  toAccountResponse,
  updateAccount,
  updateEventDefaults,
} from './service';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/accounts/current',
    {
      preHandler: [authenticate],
      schema: {
        tags: ['accounts'],
        summary: 'The account of the session',
        security: [{ bearerAuth: [] }],
        response: { 200: AccountResponse, ...errorResponses(401) },
      },
    },
    async (request) => toAccountResponse(await getAccount(app.db, authOf(request).accountId)),
  );

  app.put(
    '/api/accounts/current',
    {
      preHandler: [authenticate, authorize('account.manage')],
      schema: {
        tags: ['accounts'],
        summary: 'Update the account name, support e-mail and defaults (admins)',
        description: PARTIAL_WRITE,
        security: [{ bearerAuth: [] }],
        body: UpdateAccountRequest,
        response: { 200: AccountResponse, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) =>
      toAccountResponse(await updateAccount(app.db, authOf(request).accountId, request.body)),
  );

  app.get(
    '/api/accounts/current/event-defaults',
    {
      preHandler: [authenticate],
      schema: {
        tags: ['accounts'],
        summary: 'Defaults copied into every new event',
        security: [{ bearerAuth: [] }],
        response: { 200: EventDefaults, ...errorResponses(401) },
      },
    },
    async (request) => getEventDefaults(app.db, authOf(request).accountId),
  );

  app.put(
    '/api/accounts/current/event-defaults',
    {
      preHandler: [authenticate, authorize('account.manage')],
      schema: {
        tags: ['accounts'],
        summary: 'Change the defaults for new events (admins)',
        description: PARTIAL_WRITE,
        security: [{ bearerAuth: [] }],
        body: EventDefaultsPatch,
        response: { 200: EventDefaults, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => updateEventDefaults(app.db, authOf(request).accountId, request.body),
  );
};
