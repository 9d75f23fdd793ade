import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ForgotPasswordRequest,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  RegisterRequest,
  ResetLinkResponse,
  ResetPasswordRequest,
  SessionResponse,
} from '../../../common/auth';
import { ContinueLoginRequest } from '../../../common/security';
import { authenticate, personOnly, revokeSession, sessionOf } from '../../http/auth';
import { authLimits } from '../../http/rate-limits';
import { errorResponses } from '../../http/responses';
import { checkResetLink, requestPasswordReset, resetPassword } from './recovery';
import { registerAccount } from './service';
import { clientOf } from './sessions';
import { continueLogin, logInUser } from './sign-in';

const TokenParams = z.object({ token: z.string().max(200) });

const FORGOT_PASSWORD_ANSWER = /*i18n*/ {
  id: 'auth.forgot_password.sent',
  message: 'If a Tessera login uses this address, we have sent it a link to choose a new password.',
};
const PASSWORD_RESET_DONE = /*i18n*/ {
  id: 'auth.reset_password.done',
  message: 'Your password has been changed. Log in with your new password.',
};

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const limited = authLimits(app);
  const links = { appUrl: app.config.appUrl };
  const client = clientOf;

  app.post(
    '/api/auth/register',
    {
      preHandler: limited,
      schema: {
        tags: ['auth'],
        summary: 'Create an account and its owner; answers with a session',
        body: RegisterRequest,
        response: { 201: SessionResponse, ...errorResponses(409, 422, 429) },
      },
    },
    async (request, reply) => {
      const session = await registerAccount(app.db, request.body, {
        locale: request.locale,
        client: client(request),
        links,
      });
      return reply.status(201).header('x-auth-token', session.token).send(session);
    },
  );

  app.post(
    '/api/auth/login',
    {
      preHandler: limited,
      schema: {
        tags: ['auth'],
        summary: 'Log in; a user of several accounts first gets the list to choose from',
        body: LoginRequest,
        response: { 200: LoginResponse, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request, reply) => {
      const result = await logInUser(app.db, request.body, { client: client(request) });
      if ('token' in result) reply.header('x-auth-token', result.token);
      return result;
    },
  );

  app.post(
    '/api/auth/login/continue',
    {
      preHandler: limited,
      schema: {
        tags: ['auth'],
        summary: 'Finish a sign-in: the code of the second factor, or the account to enter',
        body: ContinueLoginRequest,
        response: { 200: LoginResponse, ...errorResponses(403, 410, 422, 429) },
      },
    },
    async (request, reply) => {
      const result = await continueLogin(app.db, request.body, {
        client: client(request),
        secrets: app.secrets,
        appUrl: app.config.appUrl,
      });
      if ('token' in result) reply.header('x-auth-token', result.token);
      return result;
    },
  );

  app.post(
    '/api/auth/logout',
    {
      preHandler: [authenticate, personOnly],
      schema: {
        tags: ['auth'],
        summary: 'End this session (not with an API key)',
        security: [{ bearerAuth: [] }],
        response: { 204: z.null(), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      await revokeSession(app.db, sessionOf(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      preHandler: limited,
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link (same answer whether or not the address is known)',
        body: ForgotPasswordRequest,
        response: { 200: MessageResponse, ...errorResponses(422, 429) },
      },
    },
    async (request) => {
      await requestPasswordReset(app.db, request.body);
      return { message: request.i18n._(FORGOT_PASSWORD_ANSWER) };
    },
  );

  app.get(
    '/api/auth/reset-password/:token',
    {
      preHandler: limited,
      schema: {
        tags: ['auth'],
        summary: 'Check a password reset link',
        params: TokenParams,
        response: { 200: ResetLinkResponse, ...errorResponses(410, 429) },
      },
    },
    async (request) => checkResetLink(app.db, request.params.token),
  );

  app.post(
    '/api/auth/reset-password/:token',
    {
      preHandler: limited,
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link (single use, 60 minutes); ends all sessions',
        params: TokenParams,
        body: ResetPasswordRequest,
        response: { 200: MessageResponse, ...errorResponses(410, 422, 429) },
      },
    },
    async (request) => {
      await resetPassword(app.db, request.params.token, request.body);
      return { message: request.i18n._(PASSWORD_RESET_DONE) };
    },
  );
};
