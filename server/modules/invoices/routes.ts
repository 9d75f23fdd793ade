import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountInvoicesExportQuery,
  AccountInvoicesQuery,
  InvoiceListItem,
  InvoiceResponse,
  InvoiceSettingsRequest,
  InvoiceSettingsResponse,
  InvoicesExportQuery,
  InvoicesQuery,
} from '../../../common/invoices';
import { pageSchema } from '../../../common/list-query';
import { idParam } from '../../../common/validators';
import { EXPORT_PRODUCES, ExportFile, sendExport } from '../../exports/send';
import { authenticate, authOf, authorize } from '../../http/auth';
import { errorResponses } from '../../http/responses';
import { eventListRoutes } from '../owned-events/list-routes';
import { exportAccountInvoices, exportEventInvoices } from './export';
import { findAccountInvoices, findEventInvoices } from './list';
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

  eventListRoutes(app, {
    path: '/api/events/:id/invoices',
    permission: 'events.manage',
    tags: ['invoices'],
    summary: 'Invoices and credit notes of an event: search, filter by kind, status or date, sort, page',
    querystring: InvoicesQuery,
    response: pageSchema(InvoiceListItem),
    list: findEventInvoices,
    export: {
      summary:
        'Download the event’s invoices and credit notes (CSV or XLSX); the list’s search and filters apply',
      querystring: InvoicesExportQuery,
      name: 'invoices',
      table: exportEventInvoices,
    },
  });

  const admins = { preHandler: [authenticate, authorize('account.manage')] };
  app.get(
    '/api/accounts/current/invoices',
    {
      ...admins,
      schema: {
        tags: ['invoices'],
        summary: 'Invoices and credit notes of all the account’s events (admins): search, filter, sort, page',
        security,
        querystring: AccountInvoicesQuery,
        response: { 200: pageSchema(InvoiceListItem), ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => findAccountInvoices({ db: app.db, auth: authOf(request), query: request.query }),
  );

  app.get(
    '/api/accounts/current/invoices/export',
    {
      ...admins,
      schema: {
        tags: ['invoices'],
        summary:
          'Download the account’s invoices and credit notes (admins; CSV or XLSX); the list’s search and filters apply',
        security,
        querystring: AccountInvoicesExportQuery,
        produces: EXPORT_PRODUCES,
        response: { 200: ExportFile, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const table = await exportAccountInvoices({
        db: app.db,
        auth: authOf(request),
        query: request.query,
        i18n: request.i18n,
      });
      return sendExport(reply, { format: request.query.params.format, table, name: 'invoices' });
    },
  );
};
