import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BillingMonth, BillingResponse } from '../../../common/billing';
import { sendExport } from '../../exports/send';
import { authenticate, authOf, authorize } from '../../http/auth';
import { errorResponses } from '../../http/responses';
import { getBilling, getBillingStatement } from './service';

const tags = ['billing'];
const security = [{ bearerAuth: [] }];

/** What the platform charged the account for card payments, for its admins (decision 028). */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = { preHandler: [authenticate, authorize('billing.manage')] };

  app.get(
    '/api/accounts/billing',
    {
      ...admins,
      schema: {
        tags,
        security,
        summary: 'The platform fee in force, and per month and currency the card sales, refunds and fees',
        response: { 200: BillingResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) =>
      getBilling({
        db: app.db,
        accountId: authOf(request).accountId,
        platformFeePercent: app.config.stripe?.platformFeePercent ?? 0,
      }),
  );

  app.get(
    '/api/accounts/billing/statements/:month.csv',
    {
      ...admins,
      schema: {
        tags,
        security,
        summary: 'A month’s statement (CSV): each card payment and refund with its fees, then the totals',
        params: z.object({ month: BillingMonth }),
        produces: ['text/csv'],
        response: {
          200: z.string().meta({ description: 'The statement, CSV' }),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { month } = request.params;
      const table = await getBillingStatement({
        db: app.db,
        accountId: authOf(request).accountId,
        month,
        i18n: request.i18n,
      });
      return sendExport(reply, { format: 'csv', table, name: `tessera-statement-${month}` });
    },
  );
};
