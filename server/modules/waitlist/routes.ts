import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../common/validators';
import {
  JoinWaitlistRequest,
  PublicWaitlistEntry,
  WaitlistEntryResponse,
  WaitlistExportQuery,
  WaitlistQuery,
  WaitlistResponse,
} from '../../../common/waitlist';
import { authenticate, authOf, authorize } from '../../http/auth';
import { addressAndEventLimits } from '../../http/rate-limits';
import { errorResponses } from '../../http/responses';
import { eventListRoutes } from '../owned-events/list-routes';
import { exportWaitlist } from './export';
import {
  findWaitlist,
  getPublicEntry,
  joinWaitlist,
  leaveWaitlist,
  offerByHand,
  removeEntry,
} from './service';

const EventParams = z.object({ id: idParam() });
const EntryParams = z.object({ id: idParam(), entryId: idParam() });
const TokenParams = z.object({ id: idParam(), token: z.string().min(1).max(100) });
const tags = ['waitlist'];
const security = [{ bearerAuth: [] }];

/** The buyer's side: no login; the entry's token (in its e-mails) is the capability (decision 030). */
const publicWaitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = app.config.rateLimits;
  app.post(
    '/api/public/events/:id/waitlist',
    {
      // Joining is as cheap to ask as an order: the same limits per address and per event.
      preHandler: addressAndEventLimits(app, {
        name: 'waitlist',
        perAddress: limits.orders,
        perEvent: limits.ordersPerEvent,
      }),
      schema: {
        tags: ['public'],
        summary: 'Join the waiting list of a sold-out ticket; a confirmation is e-mailed',
        params: EventParams,
        body: JoinWaitlistRequest,
        response: { 201: PublicWaitlistEntry, ...errorResponses(404, 409, 422, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await joinWaitlist({
          db: app.db,
          eventId: request.params.id,
          input: request.body,
          locale: request.locale,
        }),
      ),
  );

  app.get(
    '/api/public/events/:id/waitlist/:token',
    {
      schema: {
        tags: ['public'],
        summary: 'A waiting-list entry, for the person who holds its token: place, offer, order',
        params: TokenParams,
        response: { 200: PublicWaitlistEntry, ...errorResponses(404) },
      },
    },
    async (request) => getPublicEntry(app.db, { eventId: request.params.id, token: request.params.token }),
  );

  app.delete(
    '/api/public/events/:id/waitlist/:token',
    {
      schema: {
        tags: ['public'],
        summary: 'Leave the waiting list; a ticket held for the entry goes to the next person',
        params: TokenParams,
        response: { 200: PublicWaitlistEntry, ...errorResponses(404) },
      },
    },
    async (request) => leaveWaitlist(app.db, { eventId: request.params.id, token: request.params.token }),
  );
};

/** The organizer's side: the same people as affiliates and promo codes (`events.manage`). */
const manageWaitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = { preHandler: [authenticate, authorize('events.manage')] };
  const refOf = (request: { params: z.output<typeof EntryParams> }) => ({
    eventId: request.params.id,
    id: request.params.entryId,
  });

  eventListRoutes(app, {
    path: '/api/events/:id/waitlist',
    permission: 'events.manage',
    tags,
    summary:
      'The waiting list of an event: entries oldest first (of one date when asked), with counts per ticket',
    querystring: WaitlistQuery,
    response: WaitlistResponse,
    list: findWaitlist,
    export: {
      summary: 'Download the waiting list (CSV or XLSX)',
      querystring: WaitlistExportQuery,
      name: 'waitlist',
      table: exportWaitlist,
    },
  });

  app.post(
    '/api/events/:id/waitlist/:entryId/offer',
    {
      config: { idempotent: true },
      ...members,
      schema: {
        tags,
        security,
        summary: 'Offer a free ticket to someone waiting, by hand (409 when none is free)',
        params: EntryParams,
        response: { 200: WaitlistEntryResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => offerByHand({ db: app.db, auth: authOf(request), ...refOf(request) }),
  );

  app.delete(
    '/api/events/:id/waitlist/:entryId',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Take someone off the waiting list; a ticket held for them goes to the next person',
        params: EntryParams,
        response: { 200: WaitlistEntryResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => removeEntry({ db: app.db, auth: authOf(request), ...refOf(request) }),
  );
};

export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(publicWaitlistRoutes);
  await app.register(manageWaitlistRoutes);
};
