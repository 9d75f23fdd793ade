import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SeatingPlanRequest, SeatingPlanResponse, SeatingPlanSummary } from '../../../common/seating';
import { SeatingPlan } from '../../../common/seating-plan';
import { planFileName, planFileText, SEATING_PLAN_MAX_BYTES } from '../../../common/seating-plan-files';
import { idParam } from '../../../common/validators';
import { authenticate, authOf, authorize } from '../../http/auth';
import { sendDownload } from '../../http/downloads';
import { errorResponses } from '../../http/responses';
import { toSeatingPlanResponse, toSeatingPlanSummary } from './presenter';
import {
  createSeatingPlan,
  deleteSeatingPlan,
  findSeatingPlan,
  listSeatingPlans,
  replaceSeatingPlan,
} from './service';

const IdParams = z.object({ id: idParam() });
const tags = ['seating plans'];
const security = [{ bearerAuth: [] }];
/** A plan of the format's 20,000 seats weighs more than the API's usual 1 MB of JSON. */
const bodyLimit = SEATING_PLAN_MAX_BYTES;

/** The account's seating plans (issue 42): listed, drawn, replaced, deleted, exported. */
export const seatingPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  const managers = { preHandler: [authenticate, authorize('events.manage')] };

  app.get(
    '/api/seating-plans',
    {
      preHandler: [authenticate],
      schema: {
        tags,
        security,
        summary: 'Seating plans of the account, the most recently changed first',
        response: { 200: z.object({ data: z.array(SeatingPlanSummary) }), ...errorResponses(401) },
      },
    },
    async (request) => ({
      data: (await listSeatingPlans(app.db, authOf(request))).map(toSeatingPlanSummary),
    }),
  );

  app.post(
    '/api/seating-plans',
    {
      config: { idempotent: true },
      bodyLimit,
      ...managers,
      schema: {
        tags,
        security,
        summary: 'Save a new seating plan, drawn or imported from a file',
        body: SeatingPlanRequest,
        response: { 201: SeatingPlanResponse, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(toSeatingPlanResponse(await createSeatingPlan(app.db, authOf(request), request.body.plan))),
  );

  app.get(
    '/api/seating-plans/:id',
    {
      preHandler: [authenticate],
      schema: {
        tags,
        security,
        summary: 'A seating plan, whole',
        params: IdParams,
        response: { 200: SeatingPlanResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) =>
      toSeatingPlanResponse(await findSeatingPlan(app.db, authOf(request), request.params.id)),
  );

  app.get(
    '/api/seating-plans/:id/export',
    {
      preHandler: [authenticate],
      schema: {
        tags,
        security,
        summary: 'A seating plan as a JSON file (format v1), to import elsewhere',
        params: IdParams,
        response: { 200: SeatingPlan, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { plan } = await findSeatingPlan(app.db, authOf(request), request.params.id);
      // Parsed again so that the file's fields come in the format's order, not the database's.
      const text = planFileText(SeatingPlan.parse(plan));
      return sendDownload(reply, {
        type: 'application/json; charset=utf-8',
        filename: planFileName(plan.name),
        body: Buffer.from(text),
      });
    },
  );

  app.put(
    '/api/seating-plans/:id',
    {
      bodyLimit,
      ...managers,
      schema: {
        tags,
        security,
        summary: 'Replace a seating plan; events that use a copy of it keep their copy',
        params: IdParams,
        body: SeatingPlanRequest,
        response: { 200: SeatingPlanResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) =>
      toSeatingPlanResponse(
        await replaceSeatingPlan({
          db: app.db,
          auth: authOf(request),
          id: request.params.id,
          plan: request.body.plan,
        }),
      ),
  );

  app.delete(
    '/api/seating-plans/:id',
    {
      ...managers,
      schema: {
        tags,
        security,
        summary: 'Delete a seating plan; events that use a copy of it keep their copy',
        params: IdParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteSeatingPlan(app.db, authOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
