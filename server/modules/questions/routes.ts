import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PublicQuestionsResponse,
  QuestionRequest,
  QuestionResponse,
  SortQuestionsRequest,
} from '../../../common/questions';
import { idParam } from '../../../common/validators';
import { authenticate, authOf, authorize } from '../../http/auth';
import { errorResponses } from '../../http/responses';
import {
  createQuestion,
  deleteQuestion,
  findPublicQuestions,
  findQuestions,
  getQuestion,
  sortQuestions,
  updateQuestion,
} from './service';

const EventParams = z.object({ id: idParam() });
const ItemParams = z.object({ id: idParam(), questionId: idParam() });
const List = z.object({ data: z.array(QuestionResponse) });
const tags = ['questions'];
const security = [{ bearerAuth: [] }];

export const questionRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = { preHandler: [authenticate, authorize('events.manage')] };
  const base = '/api/events/:id/questions';

  app.get(
    '/api/public/events/:id/questions',
    {
      schema: {
        tags: ['checkout'],
        summary: 'The questions checkout asks on a live event (hidden and default ones left out)',
        params: EventParams,
        response: { 200: PublicQuestionsResponse, ...errorResponses(404) },
      },
    },
    async (request) => ({ data: await findPublicQuestions(app.db, request.params.id) }),
  );

  app.get(
    base,
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Questions of an event, in their order',
        params: EventParams,
        response: { 200: List, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ data: await findQuestions(app.db, authOf(request), request.params.id) }),
  );

  app.post(
    base,
    {
      config: { idempotent: true },
      ...members,
      schema: {
        tags,
        security,
        summary: 'Create a question',
        params: EventParams,
        body: QuestionRequest,
        response: { 201: QuestionResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await createQuestion({
          db: app.db,
          auth: authOf(request),
          eventId: request.params.id,
          input: request.body,
        }),
      ),
  );

  app.post(
    `${base}/sort`,
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Reorder the questions',
        params: EventParams,
        body: SortQuestionsRequest,
        response: { 200: List, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => ({
      data: await sortQuestions({
        db: app.db,
        auth: authOf(request),
        eventId: request.params.id,
        ids: request.body.question_ids,
      }),
    }),
  );

  app.get(
    `${base}/:questionId`,
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'One question',
        params: ItemParams,
        response: { 200: QuestionResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) =>
      getQuestion({
        db: app.db,
        auth: authOf(request),
        eventId: request.params.id,
        id: request.params.questionId,
      }),
  );

  app.put(
    `${base}/:questionId`,
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Change a question',
        params: ItemParams,
        body: QuestionRequest,
        response: { 200: QuestionResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) =>
      updateQuestion({
        db: app.db,
        auth: authOf(request),
        eventId: request.params.id,
        id: request.params.questionId,
        input: request.body,
      }),
  );

  app.delete(
    `${base}/:questionId`,
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Delete a question',
        params: ItemParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteQuestion({
        db: app.db,
        auth: authOf(request),
        eventId: request.params.id,
        id: request.params.questionId,
      });
      return reply.status(204).send(null);
    },
  );
};
