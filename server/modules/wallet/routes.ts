import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../common/validators';
import { errorResponses } from '../../http/responses';
import { createAppleWalletPass, createGoogleWalletLink } from './service';

/** The ticket's link (attendee short id, 22 base64url characters) is the capability, as for its page. */
const TicketParams = z.object({ id: idParam(), shortId: z.string().regex(/^[A-Za-z0-9_-]{22}$/) });
const tags = ['checkout'];
const PassFile = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ type: 'string', format: 'binary', description: 'The pass: a zip file, signed' });

/** A valid ticket in the holder's phone wallet (decision 032). */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const passRequest = (params: z.infer<typeof TicketParams>) => ({
    db: app.db,
    storage: app.storage,
    wallet: app.config.wallet,
    appUrl: app.config.appUrl,
    eventId: params.id,
    shortId: params.shortId,
  });

  app.get(
    '/api/public/events/:id/attendees/:shortId/wallet.pkpass',
    {
      schema: {
        tags,
        summary: 'The ticket as an Apple Wallet pass (a signed `.pkpass`), when the server is set up for it',
        params: TicketParams,
        produces: ['application/vnd.apple.pkpass'],
        response: { 200: PassFile, ...errorResponses(404, 409) },
      },
    },
    async (request, reply) => {
      const pass = await createAppleWalletPass(passRequest(request.params));
      return reply
        .header('Content-Type', 'application/vnd.apple.pkpass')
        .header('Content-Disposition', 'attachment; filename="ticket.pkpass"')
        .header('Cache-Control', 'private, no-store')
        .send(pass);
    },
  );

  app.get(
    '/api/public/events/:id/attendees/:shortId/wallet/google',
    {
      schema: {
        tags,
        summary: 'Sends the holder to Google Wallet to save the ticket, when the server is set up for it',
        params: TicketParams,
        response: {
          302: z.null().meta({ description: 'To Google Wallet’s save page, the pass in its link' }),
          ...errorResponses(404, 409),
        },
      },
    },
    async (request, reply) => {
      const link = await createGoogleWalletLink(passRequest(request.params));
      return reply.header('Cache-Control', 'private, no-store').redirect(link, 302);
    },
  );
};
