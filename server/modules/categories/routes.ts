import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CategoryList,
  CategoryRequest,
  CategoryResponse,
  SortCategoriesRequest,
} from '../../../common/categories';
import { idParam } from '../../../common/validators';
import { authenticate, authOf, authorize } from '../../http/auth';
import { errorResponses } from '../../http/responses';
import { createCategory, deleteCategory, findCategories, sortCategories, updateCategory } from './service';

const EventParams = z.object({ id: idParam() });
const CategoryParams = z.object({ id: idParam(), categoryId: idParam() });
const tags = ['tickets'];
const security = [{ bearerAuth: [] }];

/** The headings of an event's catalogue (decision 051), managed with its tickets and products. */
export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = { preHandler: [authenticate, authorize('tickets.manage')] };
  const ref = (request: { params: z.infer<typeof CategoryParams> } & Parameters<typeof authOf>[0]) => ({
    auth: authOf(request),
    eventId: request.params.id,
    categoryId: request.params.categoryId,
  });

  app.get(
    '/api/events/:id/categories',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Categories of an event’s tickets and products, in their order',
        params: EventParams,
        response: { 200: CategoryList, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ data: await findCategories(app.db, authOf(request), request.params.id) }),
  );

  app.post(
    '/api/events/:id/categories',
    {
      config: { idempotent: true },
      ...members,
      schema: {
        tags,
        security,
        summary: 'Create a category (listed last)',
        params: EventParams,
        body: CategoryRequest,
        response: { 201: CategoryResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await createCategory({
          db: app.db,
          auth: authOf(request),
          eventId: request.params.id,
          input: request.body,
        }),
      ),
  );

  app.post(
    '/api/events/:id/categories/sort',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Reorder the categories',
        params: EventParams,
        body: SortCategoriesRequest,
        response: { 200: CategoryList, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => ({
      data: await sortCategories({
        db: app.db,
        auth: authOf(request),
        eventId: request.params.id,
        categoryIds: request.body.category_ids,
      }),
    }),
  );

  app.put(
    '/api/events/:id/categories/:categoryId',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Rename, describe, hide or show a category',
        params: CategoryParams,
        body: CategoryRequest,
        response: { 200: CategoryResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => updateCategory({ db: app.db, ...ref(request), input: request.body }),
  );

  app.delete(
    '/api/events/:id/categories/:categoryId',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Delete a category; what it held stays, listed before the first category',
        params: CategoryParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteCategory({ db: app.db, ...ref(request) });
      return reply.status(204).send(null);
    },
  );
};
