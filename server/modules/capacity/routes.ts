import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CapacityAssignmentRequest, CapacityAssignmentResponse } from '../../../common/capacity';
import { idParam } from '../../../common/validators';
import { authenticate, authOf, authorize } from '../../http/auth';
import { errorResponses } from '../../http/responses';
import {
  createCapacityAssignment,
  deleteCapacityAssignment,
  findCapacityAssignments,
  getCapacityAssignment,
  updateCapacityAssignment,
} from './service';

const EventParams = z.object({ id: idParam() });
const ItemParams = z.object({ id: idParam(), assignmentId: idParam() });
const tags = ['capacity assignments'];
const security = [{ bearerAuth: [] }];

export const capacityRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = { preHandler: [authenticate, authorize('events.manage')] };
  const base = '/api/events/:id/capacity-assignments';

  app.get(
    base,
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Capacity assignments of an event',
        params: EventParams,
        response: {
          200: z.object({ data: z.array(CapacityAssignmentResponse) }),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => ({ data: await findCapacityAssignments(app.db, authOf(request), request.params.id) }),
  );

  app.post(
    base,
    {
      config: { idempotent: true },
      ...members,
      schema: {
        tags,
        security,
        summary: 'Share a capacity between tickets',
        params: EventParams,
        body: CapacityAssignmentRequest,
        response: { 201: CapacityAssignmentResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await createCapacityAssignment({
          db: app.db,
          auth: authOf(request),
          eventId: request.params.id,
          input: request.body,
        }),
      ),
  );

  app.get(
    `${base}/:assignmentId`,
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'One capacity assignment',
        params: ItemParams,
        response: { 200: CapacityAssignmentResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) =>
      getCapacityAssignment({
        db: app.db,
        auth: authOf(request),
        eventId: request.params.id,
        id: request.params.assignmentId,
      }),
  );

  app.put(
    `${base}/:assignmentId`,
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Change a capacity assignment',
        params: ItemParams,
        body: CapacityAssignmentRequest,
        response: { 200: CapacityAssignmentResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) =>
      updateCapacityAssignment({
        db: app.db,
        auth: authOf(request),
        eventId: request.params.id,
        id: request.params.assignmentId,
        input: request.body,
      }),
  );

  app.delete(
    `${base}/:assignmentId`,
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Delete a capacity assignment',
        params: ItemParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteCapacityAssignment({
        db: app.db,
        auth: authOf(request),
        eventId: request.params.id,
        id: request.params.assignmentId,
      });
      return reply.status(204).send(null);
    },
  );
};
