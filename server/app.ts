import { mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type RawServerDefault,
} from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { LIMITS } from '../common/limits';
import type { Config } from './config';
import type { Database, DatabaseHandle, DatabaseKind } from './db/client';
import { registerErrorHandling } from './http/error-handler';
import { registerIdempotency } from './http/idempotency';
import { withPrivateLogging } from './http/logging';
import { registerOpenApi } from './http/openapi';
import { addressBudget, registerRateLimits } from './http/rate-limits';
import { genRequestId, registerRequestContext } from './http/request-context';
import { RequestLog, requestLoggerFactory } from './http/request-log';
import { registerSecurityHeaders } from './http/security';
import { loadServerRenderer } from './http/server-render';
import { registerSpa } from './http/spa';
import { serverTimeouts } from './http/timeouts';
import { zodValidatorCompiler } from './http/validation';
import { accountDeletionRoutes } from './modules/account-deletion/routes';
import { accountRoutes } from './modules/accounts/routes';
import { affiliateRoutes } from './modules/affiliates/routes';
import { apiKeyRoutes } from './modules/api-keys/routes';
import { attendeeRoutes } from './modules/attendees/routes';
import { authRoutes } from './modules/auth/routes';
import { twoFactorRoutes } from './modules/auth/two-factor-routes';
import { billingRoutes } from './modules/billing/routes';
import { capacityRoutes } from './modules/capacity/routes';
import { categoryRoutes } from './modules/categories/routes';
import { checkInRoutes } from './modules/check-in/routes';
import { dateCancellationRoutes } from './modules/date-cancellation/routes';
import { dateTicketRoutes } from './modules/event-dates/date-ticket-routes';
import { eventDateRoutes } from './modules/event-dates/routes';
import { readEventPageHead } from './modules/events/page-meta';
import { eventPageAddress, eventPageData } from './modules/events/page-render';
import { changesPublicReads, createPublicReads, type PublicReads } from './modules/events/public-reads';
import { eventRoutes } from './modules/events/routes';
import { healthRoutes } from './modules/health/routes';
import { imageRoutes } from './modules/images/routes';
import { invoiceDocumentRoutes } from './modules/invoice-documents/routes';
import { invoiceRoutes } from './modules/invoices/routes';
import { mailTemplateRoutes } from './modules/mail-templates/routes';
import { messageRoutes } from './modules/messages/routes';
import { orderLookupRoutes } from './modules/order-lookup/routes';
import { adminOrderRoutes } from './modules/orders/admin-routes';
import { orderRoutes } from './modules/orders/routes';
import { type SaleCatalogues, saleCatalogues } from './modules/orders/sale-catalogue';
import { ticketHolderRoutes } from './modules/orders/ticket-holder-routes';
import { organizerDesignRoutes } from './modules/organizer-page/design-routes';
import { organizerPageRoutes } from './modules/organizer-page/routes';
import { organizerRoutes } from './modules/organizers/routes';
import { passkeyRoutes } from './modules/passkeys/routes';
import { paymentRoutes } from './modules/payments/routes';
import { personalDataRoutes } from './modules/personal-data/routes';
import { promoCodeRoutes } from './modules/promo-codes/routes';
import { publicTicketRoutes } from './modules/public-tickets/routes';
import { questionRoutes } from './modules/questions/routes';
import { reportRoutes } from './modules/reports/routes';
import { seatingRoutes } from './modules/seating/routes';
import { seatingPlanRoutes } from './modules/seating-plans/routes';
import { securityEventRoutes } from './modules/security-events/routes';
import { selfServiceRoutes } from './modules/self-service/routes';
import { PageViewCounter } from './modules/stats/page-views';
import { taxesAndFeesRoutes } from './modules/taxes-fees/routes';
import { ticketDocumentRoutes } from './modules/ticket-documents/routes';
import { ticketRoutes } from './modules/tickets/routes';
import { userSessionRoutes } from './modules/user-sessions/routes';
import { userRoutes } from './modules/users/routes';
import { waitlistRoutes } from './modules/waitlist/routes';
import { walletRoutes } from './modules/wallet/routes';
import { webhookRoutes } from './modules/webhooks/routes';
import { createStripeClient, usesTestServer } from './payments/stripe/client';
import { type SecretBox, secretBox } from './secrets';
import { type FileStorage, localStorage, UPLOADS_PREFIX, uploadsDir } from './storage';
import { s3Storage } from './storage/s3';
import { fastifyTrustProxy } from './trust-proxy';

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    databaseKind: DatabaseKind;
    storage: FileStorage;
    pageViews: PageViewCounter;
    publicReads: PublicReads;
    /** What reservations read before touching stock, shared per event (decision 029). */
    saleCatalogues: SaleCatalogues;
    /** The Stripe SDK with the platform's keys, or null when card payments are not configured. */
    stripe: Stripe | null;
    /** Seals secrets kept in the database (two-factor secrets) with the server's key. */
    secrets: SecretBox;
  }
}

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Extra routes (tests use this to exercise shared HTTP machinery). */
  extraRoutes?: (app: App) => Promise<void> | void;
}

/** Builds the Fastify instance without listening, so tests can call `app.inject()`. */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config, database } = options;
  const requestLog = new RequestLog({ enabled: Boolean(options.logger) });
  const app = Fastify({
    logger: withPrivateLogging(options.logger ?? false),
    logController: requestLog,
    ...(options.logger ? { childLoggerFactory: requestLoggerFactory } : {}),
    genReqId: genRequestId,
    bodyLimit: LIMITS.maxJsonBodyBytes,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    return503OnClosing: true,
    ...serverTimeouts(config.requestTimeoutMs),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('databaseKind', database.kind);
  app.decorate('secrets', secretBox(config));
  app.decorate('pageViews', new PageViewCounter());
  app.decorate('stripe', config.stripe ? await createStripeClient(config.stripe) : null);
  app.addHook('onClose', async () => requestLog.close());
  // Views counted since the last flush are written before the database closes.
  app.addHook('onClose', async () => {
    await app.pageViews.flush(app.db);
  });
  app.decorate('storage', config.s3 ? await s3Storage(config.s3) : localStorage(uploadsDir(config.dataDir)));
  app.decorate('publicReads', createPublicReads({ db: app.db, storage: app.storage }));
  app.decorate('saleCatalogues', saleCatalogues(app.db));
  // An organizer's change shows on the public page and in the next order at once (a buyer's
  // order on the public page within FRESH_MS). Only the routes that may change them run this
  // hook: reads, a rush's thousands a second, do not (issue 34).
  const forgetPublicReads = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode < 400) {
      app.publicReads.forget();
      app.saleCatalogues.forget();
    }
    return payload;
  };
  app.addHook('onRoute', (route) => {
    if (![route.method].flat().some((method) => changesPublicReads(method, route.url))) return;
    route.onSend = [...[route.onSend ?? []].flat(), forgetPublicReads];
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Every API route rejects query parameters it does not declare.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    if (route.schema?.hide) return;
    if (!route.schema?.querystring) route.schema = { ...route.schema, querystring: z.strictObject({}) };
  });

  registerRequestContext(app);
  app.decorateRequest('auth', null);
  registerErrorHandling(app);
  registerSecurityHeaders(app, {
    https: config.appUrl.startsWith('https://'),
    stripe: config.stripe && {
      testApiBase: usesTestServer(config.stripe) ? (config.stripe.apiBase ?? null) : null,
    },
  });
  await registerRateLimits(app);
  // Uploads (images) stream through multipart with their own limit; JSON bodies stay at 1 MB.
  await app.register(multipart, {
    limits: { fileSize: LIMITS.maxUploadBytes, files: 1, fields: 20, fieldSize: 64 * 1024 },
    throwFileSizeLimit: true,
  });
  // Before the OpenAPI plugin: it documents the header the routes that opt in take.
  registerIdempotency(app);
  await registerOpenApi(app);

  // Each module's routes are a plugin: they see what is decorated above and add only routes.
  for (const routes of [
    healthRoutes,
    authRoutes,
    userRoutes,
    accountRoutes,
    apiKeyRoutes,
    webhookRoutes,
    organizerRoutes,
    organizerPageRoutes,
    organizerDesignRoutes,
    eventRoutes,
    imageRoutes,
    taxesAndFeesRoutes,
    ticketRoutes,
    categoryRoutes,
    promoCodeRoutes,
    affiliateRoutes,
    publicTicketRoutes,
    capacityRoutes,
    seatingRoutes,
    seatingPlanRoutes,
    eventDateRoutes,
    dateTicketRoutes,
    dateCancellationRoutes,
    questionRoutes,
    orderRoutes,
    orderLookupRoutes,
    adminOrderRoutes,
    invoiceRoutes,
    invoiceDocumentRoutes,
    ticketHolderRoutes,
    ticketDocumentRoutes,
    walletRoutes,
    attendeeRoutes,
    checkInRoutes,
    messageRoutes,
    mailTemplateRoutes,
    paymentRoutes,
    billingRoutes,
    reportRoutes,
    waitlistRoutes,
    selfServiceRoutes,
    securityEventRoutes,
    twoFactorRoutes,
    passkeyRoutes,
    userSessionRoutes,
    accountDeletionRoutes,
    personalDataRoutes,
  ]) {
    await app.register(routes);
  }
  await options.extraRoutes?.(app);

  mkdirSync(uploadsDir(config.dataDir), { recursive: true });
  // Uploaded files: random keys that never change, so browsers may keep them for a year.
  await app.register(fastifyStatic, {
    root: uploadsDir(config.dataDir),
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    index: false,
    immutable: true,
    maxAge: '365d',
  });
  const renderer = await loadServerRenderer(config.webDistDir, {
    onRender: ({ eventId, locale }) => app.log.debug({ event_id: eventId, locale }, 'event page rendered'),
  });
  const renderBudget = addressBudget(app, { name: 'page-render', max: config.rateLimits.pageRenders });
  await registerSpa(app, {
    distDir: config.webDistDir,
    // From the event's shared read: an event page's head depends on the event alone.
    pageHead: (pathname) =>
      readEventPageHead({ publicReads: app.publicReads, appUrl: config.appUrl }, pathname),
    pageBudget: addressBudget(app, { name: 'page', max: config.rateLimits.public }),
    renderPage: renderer
      ? (request) => {
          const url = eventPageAddress(request.url);
          if (!url) return Promise.resolve(null);
          return renderer
            .render({
              url,
              locale: request.locale,
              data: () => eventPageData(app, url),
              budget: () => renderBudget(request),
            })
            .then((page) => {
              // The page came with fresh data: the browser will not ask the API, which counts views.
              if (page && !('refused' in page) && !page.stale) app.pageViews.record(page.eventId);
              return page;
            })
            .catch((error: unknown) => {
              request.log.warn({ err: error }, 'event page not rendered on the server');
              return null;
            });
        }
      : undefined,
  });
  return app;
}
