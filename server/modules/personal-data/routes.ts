import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DataExportResponse,
  DataRequest,
  DataRequestAccepted,
  dataExportToken,
  ErasureRequest,
  ErasureResponse,
} from '../../../common/personal-data';
import { idParam } from '../../../common/validators';
import { authenticate, authOf, authorize, personOnly } from '../../http/auth';
import { errorResponses } from '../../http/responses';
import { eraseBuyer } from './erase';
import { downloadExport } from './export';
import { dataDownloadLimits, dataRequestLimits } from './limits';
import { requestDataExport, requestDataExportForOrder } from './request';

const OrderParams = z.object({ id: idParam(), shortId: z.string().regex(/^[A-Za-z0-9_-]{22}$/) });
const tags = ['personal-data'];
const queued = { status: 'QUEUED' as const };

/** A buyer's data: the export they ask for, and the erasure an ADMIN carries out (decision 064). */
export const personalDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/public/data-requests',
    {
      preHandler: dataRequestLimits(app, 'email'),
      schema: {
        tags,
        summary: 'A buyer asks for their data: mails a link to the export, if the address has any records',
        description:
          'Answers 202 with the same body whether or not the address has records: the lookup and the mail happen afterwards, in a job (decision 064). Only the address itself receives the link.',
        body: DataRequest,
        response: { 202: DataRequestAccepted, ...errorResponses(400, 422, 429) },
      },
    },
    async (request, reply) => {
      await requestDataExport(app.db, { email: request.body.email, locale: request.locale });
      return reply.status(202).send(queued);
    },
  );

  app.post(
    '/api/public/events/:id/orders/:shortId/data-request',
    {
      preHandler: dataRequestLimits(app, 'order'),
      schema: {
        tags,
        summary: 'The same request from the order page, for the order’s own address',
        params: OrderParams,
        response: { 202: DataRequestAccepted, ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      await requestDataExportForOrder(app.db, {
        eventId: request.params.id,
        shortId: request.params.shortId,
        locale: request.locale,
      });
      return reply.status(202).send(queued);
    },
  );

  app.get(
    '/api/public/data-exports/:token',
    {
      preHandler: dataDownloadLimits(app),
      schema: {
        tags,
        summary: 'The export a data request’s link opens, as a JSON file, while it has not expired',
        params: z.object({ token: dataExportToken() }),
        response: { 200: DataExportResponse, ...errorResponses(404, 410, 429) },
      },
    },
    async (request, reply) => {
      const data = await downloadExport(app.db, {
        token: request.params.token,
        appUrl: app.config.appUrl,
      });
      reply.header('Cache-Control', 'private, no-store');
      reply.header('Content-Disposition', 'attachment; filename="my-data.json"');
      return data;
    },
  );

  app.post(
    '/api/accounts/current/erasures',
    {
      preHandler: [authenticate, personOnly, authorize('account.manage')],
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Erase a buyer from the account: names, e-mails, answers and addresses become a marker (admins)',
        description:
          'In one transaction, in this account only (decision 064). Amounts, counts and issued invoices stay. A person only: an API key gets 403.',
        security: [{ bearerAuth: [] }],
        body: ErasureRequest,
        response: { 200: ErasureResponse, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return eraseBuyer(app.db, {
        accountId: auth.accountId,
        userId: auth.userId,
        email: request.body.email,
        ip: request.ip,
        appUrl: app.config.appUrl,
      });
    },
  );
};
