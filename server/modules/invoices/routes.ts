import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { InvoiceResponse, InvoiceSettingsRequest, InvoiceSettingsResponse } from '../../../common/invoices';
import { idParam } from '../../../common/validators';
import { authenticate, authOf, authorize } from '../../http/auth';
import { errorResponses } from '../../http/responses';
import { findOrderInvoices } from './service';
import { getInvoiceSettings, updateInvoiceSettings } from './settings';

const OrderParams = z.object({ id: idParam(), orderId: idParam() });
const security = [{ bearerAuth: [] }];

/** Invoices and credit notes (issue 38, decision 053). */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/accounts/current/invoice-settings',
    {
      preHandler: [authenticate, authorize('account.manage')],
      schema: {
        tags: ['invoices'],
        summary: 'The seller’s details and rules for invoices (admins)',
        security,
        response: { 200: InvoiceSettingsResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => getInvoiceSettings(app.db, authOf(request)),
  );

  app.put(
    '/api/accounts/current/invoice-settings',
    {
      preHandler: [authenticate, authorize('account.manage')],
      schema: {
        tags: ['invoices'],
        summary:
          'Set the seller’s details and rules for invoices (admins); the next number only above the last one given',
        security,
        body: InvoiceSettingsRequest,
        response: { 200: InvoiceSettingsResponse, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) =>
      updateInvoiceSettings({
        db: app.db,
        auth: authOf(request),
        input: request.body as z.output<typeof InvoiceSettingsRequest>,
      }),
  );

  app.get(
    '/api/events/:id/orders/:orderId/invoices',
    {
      preHandler: [authenticate, authorize('events.manage')],
      schema: {
        tags: ['invoices'],
        summary: 'The order’s invoice and credit notes, oldest first',
        security,
        params: OrderParams,
        response: { 200: z.object({ data: z.array(InvoiceResponse) }), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      data: await findOrderInvoices({
        db: app.db,
        auth: authOf(request),
        eventId: request.params.id,
        orderId: request.params.orderId,
      }),
    }),
  );
};
