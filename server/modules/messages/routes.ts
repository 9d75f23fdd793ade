import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageSchema } from '../../../common/list-query';
import {
  CreateMessageRequest,
  MessagePreviewRequest,
  MessagePreviewResponse,
  MessageRecipientResponse,
  MessageRecipientsQuery,
  MessageResponse,
  MessageSummaryResponse,
  MessagesQuery,
} from '../../../common/messages';
import { idParam } from '../../../common/validators';
import { authenticate, authOf, authorize } from '../../http/auth';
import { errorResponses } from '../../http/responses';
import { eventListRoutes } from '../owned-events/list-routes';
import { previewMessage } from './preview';
import { createMessage, deleteMessage, findMessageRecipients, findMessages, getMessage } from './service';

const EventParams = z.object({ id: idParam() });
const MessageParams = z.object({ id: idParam(), messageId: idParam() });
const tags = ['messages'];
const security = [{ bearerAuth: [] }];

export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = { preHandler: [authenticate, authorize('messages.send')] };

  eventListRoutes(app, {
    path: '/api/events/:id/messages',
    permission: 'messages.send',
    tags,
    summary: 'Messages of an event, newest first',
    querystring: MessagesQuery,
    response: pageSchema(MessageSummaryResponse),
    list: findMessages,
  });

  app.post(
    '/api/events/:id/messages',
    {
      config: { idempotent: true },
      ...members,
      schema: {
        tags,
        security,
        summary: 'Send a message to attendees (now, at a later time, or as a test to yourself)',
        description:
          'Needs a confirmed e-mail address (409 EMAIL_NOT_CONFIRMED). Refused with 429 ' +
          'MESSAGE_DAILY_LIMIT past the messages an account may send in 24 hours, and with 422 ' +
          'MESSAGE_NO_RECIPIENTS or MESSAGE_TOO_MANY_RECIPIENTS when the scope reaches nobody or ' +
          'too many addresses. The body is sanitized; placeholders are filled per recipient.',
        params: EventParams,
        body: CreateMessageRequest,
        response: { 201: MessageResponse, ...errorResponses(401, 403, 404, 409, 422, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await createMessage({
          db: app.db,
          auth: authOf(request),
          eventId: request.params.id,
          input: request.body,
          limits: app.config.messages,
        }),
      ),
  );

  app.post(
    '/api/events/:id/messages/preview',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'How a message would read, and how many addresses it would reach now',
        description:
          'Fills the placeholders for the first person the scope reaches (the sender when it ' +
          'reaches nobody yet), as the sending would. Nothing is written or sent.',
        params: EventParams,
        body: MessagePreviewRequest,
        response: { 200: MessagePreviewResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) =>
      previewMessage({
        db: app.db,
        auth: authOf(request),
        eventId: request.params.id,
        input: request.body,
        appUrl: app.config.appUrl,
      }),
  );

  app.get(
    '/api/events/:id/messages/:messageId',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'One message, with its progress',
        params: MessageParams,
        response: { 200: MessageResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) =>
      getMessage({
        db: app.db,
        auth: authOf(request),
        eventId: request.params.id,
        messageId: request.params.messageId,
      }),
  );

  app.get(
    '/api/events/:id/messages/:messageId/recipients',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Recipients of a message and how sending to each went',
        params: MessageParams,
        querystring: MessageRecipientsQuery,
        response: { 200: pageSchema(MessageRecipientResponse), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) =>
      findMessageRecipients({
        db: app.db,
        auth: authOf(request),
        eventId: request.params.id,
        messageId: request.params.messageId,
        query: request.query,
      }),
  );

  app.delete(
    '/api/events/:id/messages/:messageId',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Delete a message that has not started sending (scheduled or queued)',
        params: MessageParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteMessage({
        db: app.db,
        auth: authOf(request),
        eventId: request.params.id,
        messageId: request.params.messageId,
      });
      return reply.status(204).send(null);
    },
  );
};
