import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountDeletionResponse,
  ConfirmAccountDeletionRequest,
  DeleteMeRequest,
  RequestAccountDeletionRequest,
} from '../../../common/account-deletion';
import { authenticate, authOf, authorize, personOnly } from '../../http/auth';
import { clientAddress, limitRequests } from '../../http/rate-limits';
import { errorResponses } from '../../http/responses';
import { deleteOwnLogin } from './own-login';
import {
  cancelAccountDeletion,
  confirmAccountDeletion,
  getAccountDeletion,
  requestAccountDeletion,
} from './service';

const security = [{ bearerAuth: [] }];
const tags = ['accounts'];

export const accountDeletionRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = (ip: string) => ({
    appUrl: app.config.appUrl,
    waitDays: app.config.accountDeletionWaitDays,
    ip,
  });

  // The password asked again: guessed no faster than at sign-in, per login and per address.
  const max = app.config.rateLimits.auth;
  const passwordLimits = limitRequests(app, [
    {
      name: 'password-check-user',
      max,
      key: (r) => (r.auth ? `${r.routeOptions.url}:${r.auth.userId}` : undefined),
    },
    { name: 'password-check-address', max, key: (r) => `${r.routeOptions.url}:${clientAddress(r)}` },
  ]);

  app.get(
    '/api/accounts/current/deletion',
    {
      preHandler: [authenticate, authorize('account.manage')],
      schema: {
        tags,
        security,
        summary: "Whether the account's deletion is pending, and when it runs (admins)",
        response: { 200: AccountDeletionResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) =>
      getAccountDeletion(app.db, {
        accountId: authOf(request).accountId,
        waitDays: app.config.accountDeletionWaitDays,
      }),
  );

  app.post(
    '/api/accounts/current/deletion',
    {
      preHandler: [authenticate, personOnly, authorize('account.manage'), passwordLimits],
      schema: {
        tags,
        security,
        summary: 'Ask to delete the account: mails the owner a confirmation link (owner, with password)',
        body: RequestAccountDeletionRequest,
        response: { 200: AccountDeletionResponse, ...errorResponses(401, 403, 409, 422) },
      },
    },
    async (request) =>
      requestAccountDeletion({
        db: app.db,
        auth: authOf(request),
        password: request.body.password,
        settings: settings(request.ip),
      }),
  );

  app.post(
    '/api/accounts/current/deletion/confirm',
    {
      preHandler: [authenticate, personOnly, authorize('account.manage')],
      schema: {
        tags,
        security,
        summary: "Confirm the account's deletion with the mailed link: scheduled after the wait (owner)",
        body: ConfirmAccountDeletionRequest,
        response: { 200: AccountDeletionResponse, ...errorResponses(401, 403, 409, 410, 422) },
      },
    },
    async (request) =>
      confirmAccountDeletion({
        db: app.db,
        auth: authOf(request),
        token: request.body.token,
        settings: settings(request.ip),
      }),
  );

  app.delete(
    '/api/accounts/current/deletion',
    {
      preHandler: [authenticate, authorize('account.manage')],
      schema: {
        tags,
        security,
        summary: "Cancel the account's pending deletion (admins)",
        response: { 200: AccountDeletionResponse, ...errorResponses(401, 403, 409) },
      },
    },
    async (request) =>
      cancelAccountDeletion({ db: app.db, auth: authOf(request), settings: settings(request.ip) }),
  );

  app.post(
    '/api/users/me/deletion',
    {
      preHandler: [authenticate, personOnly, passwordLimits],
      schema: {
        tags: ['users'],
        security,
        summary: 'Delete your own login (with password); refused while you own an account',
        body: DeleteMeRequest,
        response: { 204: z.null(), ...errorResponses(401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      await deleteOwnLogin({
        db: app.db,
        auth: authOf(request),
        password: request.body.password,
        settings: settings(request.ip),
      });
      return reply.status(204).send(null);
    },
  );
};
