import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageSchema } from '../../../common/list-query';
import {
  CreateOrganizerRequest,
  OrganizerResponse,
  OrganizersQuery,
  UpdateOrganizerRequest,
} from '../../../common/organizers';
import { PARTIAL_WRITE } from '../../../common/partial-writes';
import { idParam } from '../../../common/validators';
import { authenticate, authOf, authorize } from '../../http/auth';
import { errorResponses } from '../../http/responses';
import {
  createOrganizer,
  findOrganizers,
  getOrganizer,
  toOrganizerResponse,
  updateOrganizer,
} from './service';

const IdParams = z.object({ id: idParam() });
const tags = ['organizers'];
const security = [{ bearerAuth: [] }];

export const organizerRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = { preHandler: [authenticate, authorize('events.manage')] };

  app.get(
    '/api/organizers',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Organizers of the account',
        querystring: OrganizersQuery,
        response: { 200: pageSchema(OrganizerResponse), ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => findOrganizers(app.db, authOf(request), request.query),
  );

  app.post(
    '/api/organizers',
    {
      config: { idempotent: true },
      ...members,
      schema: {
        tags,
        security,
        summary: 'Create an organizer',
        body: CreateOrganizerRequest,
        response: { 201: OrganizerResponse, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(toOrganizerResponse(await createOrganizer(app.db, authOf(request), request.body))),
  );

  app.get(
    '/api/organizers/:id',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'One organizer',
        params: IdParams,
        response: { 200: OrganizerResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) =>
      toOrganizerResponse(await getOrganizer(app.db, authOf(request).accountId, request.params.id)),
  );

  app.put(
    '/api/organizers/:id',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Update an organizer',
        description: PARTIAL_WRITE,
        params: IdParams,
        body: UpdateOrganizerRequest,
        response: { 200: OrganizerResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) =>
      toOrganizerResponse(
        await updateOrganizer({
          db: app.db,
          auth: authOf(request),
          id: request.params.id,
          input: request.body,
        }),
      ),
  );
};
