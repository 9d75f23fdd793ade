import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountReportParams,
  EventReportParams,
  ReportExportQuery,
  ReportQuery,
  ReportResponse,
} from '../../../common/reports';
import { EXPORT_PRODUCES, ExportFile, sendExport } from '../../exports/send';
import { authenticate, authOf, authorize } from '../../http/auth';
import { errorResponses } from '../../http/responses';
import { reportTable } from './export';
import { getAccountReport, getEventReport } from './service';

const tags = ['reports'];
const security = [{ bearerAuth: [] }];
const RANGE =
  'Days are read in the event’s time zone (the account’s for its reports); a sale counts on the day its order was completed, a refund on the day it went through (decision 054).';

/** Reports of an event (its members) and of the account (its admins: they hold the billing figures). */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = { preHandler: [authenticate, authorize('events.manage')] };
  const admins = { preHandler: [authenticate, authorize('billing.manage')] };

  app.get(
    '/api/events/:id/reports/:report',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'A report of an event: its table and totals over a range of days',
        description: RANGE,
        params: EventReportParams,
        querystring: ReportQuery,
        response: { 200: ReportResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) =>
      getEventReport({
        db: app.db,
        auth: authOf(request),
        ask: { eventId: request.params.id, report: request.params.report, query: request.query },
      }),
  );

  app.get(
    '/api/events/:id/reports/:report/export',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'A report of an event as a CSV or XLSX download',
        description: RANGE,
        params: EventReportParams,
        querystring: ReportExportQuery,
        produces: EXPORT_PRODUCES,
        response: { 200: ExportFile, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const { id, report } = request.params;
      const { format, ...query } = request.query;
      const answer = await getEventReport({
        db: app.db,
        auth: authOf(request),
        ask: { eventId: id, report, query },
      });
      const name = `${report}-${id}-${answer.from}-${answer.to}`;
      return sendExport(reply, { format, table: reportTable(answer, request.i18n), name });
    },
  );

  app.get(
    '/api/accounts/current/reports/:report',
    {
      ...admins,
      schema: {
        tags,
        security,
        summary: 'A report of the account: its table and totals per currency over a range of days',
        description: RANGE,
        params: AccountReportParams,
        querystring: ReportQuery,
        response: { 200: ReportResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) =>
      getAccountReport({
        db: app.db,
        auth: authOf(request),
        ask: { report: request.params.report, query: request.query },
      }),
  );

  app.get(
    '/api/accounts/current/reports/:report/export',
    {
      ...admins,
      schema: {
        tags,
        security,
        summary: 'A report of the account as a CSV or XLSX download',
        description: RANGE,
        params: AccountReportParams,
        querystring: ReportExportQuery,
        produces: EXPORT_PRODUCES,
        response: { 200: ExportFile, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const { report } = request.params;
      const { format, ...query } = request.query;
      const answer = await getAccountReport({ db: app.db, auth: authOf(request), ask: { report, query } });
      const name = `${report}-${answer.from}-${answer.to}`;
      return sendExport(reply, { format, table: reportTable(answer, request.i18n), name });
    },
  );
};
