import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../common/validators';
import { authenticate, authOf, authorize } from '../../http/auth';
import { errorResponses } from '../../http/responses';
import { invoicePdf } from './service';

const Params = z.object({ id: idParam(), orderId: idParam(), invoiceId: idParam() });
const PdfFile = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ type: 'string', format: 'binary', description: 'The invoice or credit note, an A4 PDF' });

/** Invoices and credit notes as PDFs (decision 053), drawn from their frozen documents. */
export const invoiceDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const pdf = await invoicePdf(app.db, {
        auth: authOf(request),
        eventId: request.params.id,
        orderId: request.params.orderId,
        invoiceId: request.params.invoiceId,
      });
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${pdf.filename}"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf.body);
    },
  );
};
