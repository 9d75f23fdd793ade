import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { InvoiceMonthQuery } from '../../../common/invoices';
import { idParam } from '../../../common/validators';
import { authenticate, authOf, authorize } from '../../http/auth';
import { sendDownload } from '../../http/downloads';
import { errorResponses } from '../../http/responses';
import { exportInvoiceMonth, type InvoiceMonthZip } from './month';
import { buyerInvoicePdf, invoicePdf } from './service';

const Params = z.object({ id: idParam(), orderId: idParam(), invoiceId: idParam() });
/** Order short ids are 22 base64url characters (128 random bits). */
const BuyerParams = z.object({
  id: idParam(),
  shortId: z.string().regex(/^[A-Za-z0-9_-]{22}$/),
  invoiceId: idParam(),
});
const PdfFile = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ type: 'string', format: 'binary', description: 'The invoice or credit note, an A4 PDF' });
const ZipFile = z
  .custom<Buffer>(() => true)
  .meta({ type: 'string', format: 'binary', description: 'A ZIP of one PDF per invoice or credit note' });
const EventParams = z.object({ id: idParam() });

/** Sends a month's ZIP as a download. */
const sendZip = (reply: FastifyReply, zip: InvoiceMonthZip) =>
  sendDownload(reply, { type: 'application/zip', filename: zip.filename, body: zip.body });

/** Invoices and credit notes as PDFs (decision 053), drawn from their frozen documents. */
export const invoiceDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  const files = () => ({ db: app.db, storage: app.storage });
  app.get(
    '/api/events/:id/orders/:orderId/invoices/:invoiceId/pdf',
    {
      preHandler: [authenticate, authorize('events.manage')],
      schema: {
        tags: ['invoices'],
        summary: 'An invoice or credit note of the order, as a PDF in the order’s language',
        security: [{ bearerAuth: [] }],
        params: Params,
        produces: ['application/pdf'],
        response: { 200: PdfFile, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const pdf = await invoicePdf(files(), {
        auth: authOf(request),
        eventId: request.params.id,
        orderId: request.params.orderId,
        invoiceId: request.params.invoiceId,
      });
      return send(reply, pdf);
    },
  );

  app.get(
    '/api/public/events/:id/orders/:shortId/invoices/:invoiceId/pdf',
    {
      schema: {
        tags: ['checkout'],
        summary: 'The buyer’s invoice or credit note, as a PDF, for whoever holds the order’s link',
        params: BuyerParams,
        produces: ['application/pdf'],
        response: { 200: PdfFile, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { id, shortId, invoiceId } = request.params;
      return send(reply, await buyerInvoicePdf(files(), { eventId: id, orderShortId: shortId, invoiceId }));
    },
  );

  app.get(
    '/api/events/:id/invoices/zip',
    {
      preHandler: [authenticate, authorize('events.manage')],
      schema: {
        tags: ['invoices'],
        summary: 'A month’s invoices and credit notes of the event, one PDF each, in a ZIP',
        security: [{ bearerAuth: [] }],
        params: EventParams,
        querystring: InvoiceMonthQuery,
        produces: ['application/zip'],
        response: { 200: ZipFile, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) =>
      sendZip(
        reply,
        await exportInvoiceMonth({
          ...files(),
          auth: authOf(request),
          eventId: request.params.id,
          month: request.query.month,
        }),
      ),
  );

  app.get(
    '/api/accounts/current/invoices/zip',
    {
      preHandler: [authenticate, authorize('account.manage')],
      schema: {
        tags: ['invoices'],
        summary:
          'A month’s invoices and credit notes of all the account’s events (admins), one PDF each, in a ZIP',
        security: [{ bearerAuth: [] }],
        querystring: InvoiceMonthQuery,
        produces: ['application/zip'],
        response: { 200: ZipFile, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) =>
      sendZip(
        reply,
        await exportInvoiceMonth({ ...files(), auth: authOf(request), month: request.query.month }),
      ),
  );
};

const send = (reply: FastifyReply, pdf: { filename: string; body: Buffer }) =>
  sendDownload(reply, { type: 'application/pdf', ...pdf });
