import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptInvitationRequest,
  InvitationResponse,
  MessageResponse,
  SessionResponse,
} from '../../../common/auth';
import { pageSchema } from '../../../common/list-query';
import { PARTIAL_WRITE } from '../../../common/partial-writes';
import {
  InviteUserRequest,
  MeResponse,
  UpdateMeRequest,
  UpdateUserRequest,
  UserResponse,
  UsersQuery,
} from '../../../common/users';
import { idParam } from '../../../common/validators';
import { authenticate, authOf, authorize, personOnly } from '../../http/auth';
import { authLimits } from '../../http/rate-limits';
import { errorResponses } from '../../http/responses';
import { clientOf } from '../auth/sessions';
import {
  acceptInvitation,
  getInvitation,
  inviteUser,
  resendInvitation,
  revokeInvitation,
} from './invitations';
import { findUsers, getMe, getUser, updateUser } from './members';
import {
  cancelEmailChange,
  confirmEmail,
  confirmEmailChange,
  resendEmailConfirmation,
  updateMe,
} from './profile';

const IdParams = z.object({ id: idParam() });
const IdTokenParams = z.object({ id: idParam(), token: z.string().max(200) });
const security = [{ bearerAuth: [] }];
const tags = ['users'];

const CONFIRMATION_SENT = /*i18n*/ {
  id: 'users.confirmation_sent',
  message: 'We have sent a new confirmation link to your e-mail address.',
};

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const limited = authLimits(app);
  const TokenParams = z.object({ token: z.string().max(200) });
  const links = { appUrl: app.config.appUrl };
  /** About the person calling: an API key gets 403 (decision 025). */
  const person = { preHandler: [authenticate, personOnly] };
  const admins = { preHandler: [authenticate, authorize('users.manage')] };

  app.get(
    '/api/users/me',
    {
      ...person,
      schema: {
        tags,
        security,
        summary: 'The logged-in user and account',
        response: { 200: MeResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => getMe(app.db, authOf(request)),
  );

  app.put(
    '/api/users/me',
    {
      ...person,
      schema: {
        tags,
        security,
        summary:
          'Update profile, language, time zone; change password or e-mail (needs the current password)',
        description: PARTIAL_WRITE,
        body: UpdateMeRequest,
        response: { 200: MeResponse, ...errorResponses(401, 403, 409, 422) },
      },
    },
    async (request) => updateMe({ db: app.db, auth: authOf(request), input: request.body, links }),
  );

  app.get(
    '/api/users',
    {
      ...admins,
      schema: {
        tags,
        security,
        summary: 'Users of the account',
        querystring: UsersQuery,
        response: { 200: pageSchema(UserResponse), ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => findUsers(app.db, authOf(request), request.query),
  );

  app.post(
    '/api/users',
    {
      config: { idempotent: true },
      ...admins,
      schema: {
        tags,
        security,
        summary: 'Invite someone by e-mail with a role',
        body: InviteUserRequest,
        response: { 201: UserResponse, ...errorResponses(401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const user = await inviteUser({
        db: app.db,
        auth: authOf(request),
        input: request.body,
        links,
        locale: request.locale,
      });
      return reply.status(201).send(user);
    },
  );

  app.get(
    '/api/users/:id',
    {
      ...admins,
      schema: {
        tags,
        security,
        summary: 'One user of the account',
        params: IdParams,
        response: { 200: UserResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getUser(app.db, authOf(request), request.params.id),
  );

  app.put(
    '/api/users/:id',
    {
      ...admins,
      schema: {
        tags,
        security,
        summary: 'Change role or status (not the owner’s)',
        params: IdParams,
        body: UpdateUserRequest,
        response: { 200: UserResponse, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      updateUser({ db: app.db, auth: authOf(request), userId: request.params.id, input: request.body }),
  );

  app.post(
    '/api/users/:id/invitation',
    {
      config: { idempotent: true },
      ...admins,
      schema: {
        tags,
        security,
        summary: 'Send the invitation again',
        params: IdParams,
        response: { 200: UserResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) =>
      resendInvitation({
        db: app.db,
        auth: authOf(request),
        userId: request.params.id,
        links,
        locale: request.locale,
      }),
  );

  app.delete(
    '/api/users/:id/invitation',
    {
      ...admins,
      schema: {
        tags,
        security,
        summary: 'Withdraw a pending invitation',
        params: IdParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await revokeInvitation(app.db, authOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/users/:id/confirm-email/:token',
    {
      ...person,
      schema: {
        tags,
        security,
        summary: 'Confirm the e-mail address with the mailed link',
        params: IdTokenParams,
        response: { 200: MeResponse, ...errorResponses(401, 403, 404, 410) },
      },
    },
    async (request) =>
      confirmEmail({
        db: app.db,
        auth: authOf(request),
        userId: request.params.id,
        token: request.params.token,
      }),
  );

  app.post(
    '/api/users/:id/resend-email-confirmation',
    {
      config: { idempotent: true },
      ...person,
      schema: {
        tags,
        security,
        summary: 'Send the confirmation link again',
        params: IdParams,
        response: { 200: MessageResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      await resendEmailConfirmation({ db: app.db, auth: authOf(request), userId: request.params.id, links });
      return { message: request.i18n._(CONFIRMATION_SENT) };
    },
  );

  app.post(
    '/api/users/:id/email-change/:token',
    {
      ...person,
      schema: {
        tags,
        security,
        summary: 'Confirm a new e-mail address with the mailed link',
        params: IdTokenParams,
        response: { 200: MeResponse, ...errorResponses(401, 403, 404, 409, 410) },
      },
    },
    async (request) =>
      confirmEmailChange({
        db: app.db,
        auth: authOf(request),
        userId: request.params.id,
        token: request.params.token,
      }),
  );

  app.delete(
    '/api/users/:id/email-change',
    {
      ...person,
      schema: {
        tags,
        security,
        summary: 'Cancel a pending e-mail change',
        params: IdParams,
        response: { 200: MeResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => cancelEmailChange(app.db, authOf(request), request.params.id),
  );

  // Reading and accepting an invitation: no session yet, limited like the sign-in routes.
  app.get(
    '/api/auth/invitations/:token',
    {
      preHandler: limited,
      schema: {
        tags: ['auth'],
        summary: 'Read an invitation',
        params: TokenParams,
        response: { 200: InvitationResponse, ...errorResponses(409, 410, 429) },
      },
    },
    async (request) => getInvitation(app.db, request.params.token),
  );

  app.post(
    '/api/auth/invitations/:token',
    {
      preHandler: limited,
      schema: {
        tags: ['auth'],
        summary: 'Accept an invitation; answers with a session in the inviting account',
        params: TokenParams,
        body: AcceptInvitationRequest,
        response: { 200: SessionResponse, ...errorResponses(409, 410, 422, 429) },
      },
    },
    async (request, reply) => {
      const session = await acceptInvitation({
        db: app.db,
        token: request.params.token,
        input: request.body,
        client: clientOf(request),
      });
      return reply.header('x-auth-token', session.token).send(session);
    },
  );
};
