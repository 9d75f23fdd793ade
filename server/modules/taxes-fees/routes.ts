import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '../../../common/i18n/translate';
import { TaxOrFeeRequest, TaxOrFeeResponse } from '../../../common/taxes-fees';
import { idParam } from '../../../common/validators';
import { authenticate, authOf, authorize } from '../../http/auth';
import { errorResponses } from '../../http/responses';
import {
  createTaxOrFee,
  deleteTaxOrFee,
  findTaxesAndFees,
  toTaxOrFeeResponse,
  updateTaxOrFee,
} from './service';

const IdParams = z.object({ id: idParam() });
const DeletedTaxOrFee = z.object({ detached_tickets: z.number().int(), message: z.string() });
const DELETED_MESSAGE = /*i18n*/ {
  id: 'taxes.deleted',
  message:
    '{count, plural, =0 {Deleted. No ticket used it.} one {Deleted. It was removed from # ticket.} other {Deleted. It was removed from # tickets.}}',
};
const tags = ['taxes and fees'];
const security = [{ bearerAuth: [] }];

export const taxesAndFeesRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = { preHandler: [authenticate, authorize('taxes.manage')] };

  app.get(
    '/api/taxes-and-fees',
    {
      preHandler: [authenticate],
      schema: {
        tags,
        security,
        summary: 'Taxes and fees of the account',
        response: { 200: z.object({ data: z.array(TaxOrFeeResponse) }), ...errorResponses(401) },
      },
    },
    async (request) => ({ data: (await findTaxesAndFees(app.db, authOf(request))).map(toTaxOrFeeResponse) }),
  );

  app.post(
    '/api/taxes-and-fees',
    {
      config: { idempotent: true },
      ...admins,
      schema: {
        tags,
        security,
        summary: 'Create a tax or fee (admins)',
        body: TaxOrFeeRequest,
        response: { 201: TaxOrFeeResponse, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(toTaxOrFeeResponse(await createTaxOrFee(app.db, authOf(request), request.body))),
  );

  app.put(
    '/api/taxes-and-fees/:id',
    {
      ...admins,
      schema: {
        tags,
        security,
        summary: 'Change a tax or fee (admins)',
        params: IdParams,
        body: TaxOrFeeRequest,
        response: { 200: TaxOrFeeResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) =>
      toTaxOrFeeResponse(
        await updateTaxOrFee({
          db: app.db,
          auth: authOf(request),
          id: request.params.id,
          input: request.body,
        }),
      ),
  );

  app.delete(
    '/api/taxes-and-fees/:id',
    {
      ...admins,
      schema: {
        tags,
        security,
        summary: 'Delete a tax or fee (admins); the tickets that applied it stop applying it',
        params: IdParams,
        response: { 200: DeletedTaxOrFee, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { detachedTickets } = await deleteTaxOrFee(app.db, authOf(request), request.params.id);
      return {
        detached_tickets: detachedTickets,
        message: translate(request.i18n, DELETED_MESSAGE, { count: detachedTickets }),
      };
    },
  );
};
