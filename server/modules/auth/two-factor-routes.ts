import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountSecurityResponse,
  ConfirmTotpRequest,
  PasswordCheckRequest,
  RecoveryCodesResponse,
  TotpSetupResponse,
  TwoFactorStatusResponse,
  UpdateAccountSecurityRequest,
} from '../../../common/security';
import { authenticate, authOf, authorize, personOnly } from '../../http/auth';
import { authLimits } from '../../http/rate-limits';
import { errorResponses } from '../../http/responses';
import { twoFactorRequired, twoFactorStatus } from '../two-factor/status';
import { clientOf } from './sessions';
import { beginTotp, confirmTotp, disableTotp, regenerateRecoveryCodes, requireTwoFactor } from './two-factor';

const person = { preHandler: [authenticate, personOnly], security: [{ bearerAuth: [] }] };

export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const limited = authLimits(app);
  const context = (request: FastifyRequest) => ({
    auth: authOf(request),
    secrets: app.secrets,
    client: clientOf(request),
    appUrl: app.config.appUrl,
  });

  app.get(
    '/api/users/me/two-factor',
    {
      preHandler: person.preHandler,
      schema: {
        tags: ['security'],
        summary: 'Which second factors the signed-in user has, and whether the account requires one',
        security: person.security,
        response: { 200: TwoFactorStatusResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return twoFactorStatus(app.db, { userId: auth.userId, accountId: auth.accountId });
    },
  );

  app.post(
    '/api/users/me/two-factor/totp',
    {
      preHandler: person.preHandler,
      schema: {
        tags: ['security'],
        summary: 'A new authenticator secret and its QR code; on once a code from it is confirmed',
        security: person.security,
        response: { 200: TotpSetupResponse, ...errorResponses(401, 403, 409) },
      },
    },
    async (request) => beginTotp(app.db, context(request)),
  );

  app.post(
    '/api/users/me/two-factor/totp/confirm',
    {
      preHandler: [...person.preHandler, limited],
      schema: {
        tags: ['security'],
        summary: 'Turn the authenticator on with a code from it; answers the recovery codes (once)',
        security: person.security,
        body: ConfirmTotpRequest,
        response: { 200: RecoveryCodesResponse, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request) => confirmTotp(app.db, { code: request.body.code, context: context(request) }),
  );

  app.post(
    '/api/users/me/two-factor/totp/disable',
    {
      preHandler: [...person.preHandler, limited],
      schema: {
        tags: ['security'],
        summary: 'Turn the authenticator off (with the password)',
        security: person.security,
        body: PasswordCheckRequest,
        response: { 204: z.null(), ...errorResponses(401, 403, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      await disableTotp(app.db, { password: request.body.password, context: context(request) });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/users/me/two-factor/recovery-codes',
    {
      preHandler: [...person.preHandler, limited],
      schema: {
        tags: ['security'],
        summary: 'Ten new recovery codes (with the password); the old ones stop working',
        security: person.security,
        body: PasswordCheckRequest,
        response: { 200: RecoveryCodesResponse, ...errorResponses(401, 403, 409, 422, 429) },
      },
    },
    async (request) =>
      regenerateRecoveryCodes(app.db, { password: request.body.password, context: context(request) }),
  );

  app.get(
    '/api/accounts/current/security',
    {
      preHandler: [authenticate],
      schema: {
        tags: ['security'],
        summary: "The account's security rules",
        security: [{ bearerAuth: [] }],
        response: { 200: AccountSecurityResponse, ...errorResponses(401) },
      },
    },
    async (request) => ({ require_two_factor: await twoFactorRequired(app.db, authOf(request).accountId) }),
  );

  app.put(
    '/api/accounts/current/security',
    {
      preHandler: [authenticate, authorize('account.manage')],
      schema: {
        tags: ['security'],
        summary: 'Require two-factor sign-in of every member, or not (admins)',
        security: [{ bearerAuth: [] }],
        body: UpdateAccountSecurityRequest,
        response: { 200: AccountSecurityResponse, ...errorResponses(401, 403, 409, 422) },
      },
    },
    async (request) =>
      requireTwoFactor(app.db, { required: request.body.require_two_factor, context: context(request) }),
  );
};
