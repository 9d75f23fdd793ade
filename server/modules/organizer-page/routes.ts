import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OrganizerContactRequest, PublicOrganizerPage } from '../../../common/organizers';
import { AppError } from '../../http/app-error';
import { clientAddress, limitRequests } from '../../http/rate-limits';
import { errorResponses } from '../../http/responses';
import { sendContactMessage } from './contact';
import { type ContactState, organizerPageHtml } from './html';
import { readOrganizerPage } from './service';
import { organizerWidgetRoutes } from './widget-routes';

const SlugParams = z.object({ slug: z.string().min(1).max(200) });

/** Contact messages a minute per client address, and per organizer (decision 058). */
export const CONTACT_LIMITS = { perAddress: 3, perOrganizer: 10 } as const;

/**
 * The organizer's homepage (decision 058): `/o/{slug}` as a page of its own, written on the
 * server with no script (it paints at once and works without JavaScript), its JSON for other
 * clients, and the contact form's plain POST, answered with the page and its thank-you.
 */
export const organizerPageRoutes: FastifyPluginAsyncZod = async (app) => {
  // The embeddable list of the organizer's events (decision 062).
  await app.register(organizerWidgetRoutes);
  // The contact form posts as a browser does without script; only in this plugin.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const contactLimits = limitRequests(app, [
    { name: 'organizer-contact-address', max: CONTACT_LIMITS.perAddress, key: clientAddress },
    {
      name: 'organizer-contact-organizer',
      max: CONTACT_LIMITS.perOrganizer,
      key: (r) => String((r.params as { slug?: string }).slug ?? '').toLowerCase(),
    },
  ]);
  const pageBudget = limitRequests(app, [
    { name: 'organizer-page', max: app.config.rateLimits.public, key: clientAddress },
  ]);
  const { appUrl } = app.config;

  const sendPage = async ({
    request,
    reply,
    contact,
    status,
  }: {
    request: FastifyRequest & { params: { slug: string } };
    reply: FastifyReply;
    contact: ContactState;
    status: number;
  }) => {
    const at = await readOrganizerPage(app, request.params.slug);
    if (!at) throw new AppError('NOT_FOUND');
    if (at.kind === 'moved') return reply.redirect(`/o/${encodeURIComponent(at.slug)}`, 301);
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(organizerPageHtml(at.page, { i18n: request.i18n, appUrl, contact }));
  };

  app.get(
    '/o/:slug',
    { preHandler: pageBudget, schema: { hide: true, params: SlugParams } },
    (request, reply) => sendPage({ request, reply, contact: 'none', status: 200 }),
  );

  app.post('/o/:slug/contact', { schema: { hide: true, params: SlugParams } }, async (request, reply) => {
    const at = await readOrganizerPage(app, request.params.slug);
    if (!at || at.kind === 'moved' || !at.page.has_contact) throw new AppError('NOT_FOUND');
    try {
      await contactLimits.call(app, request, reply);
    } catch (error) {
      if (error instanceof AppError && error.code === 'RATE_LIMITED')
        return sendPage({ request, reply, contact: 'limited', status: 429 });
      throw error;
    }
    const input = OrganizerContactRequest.safeParse(request.body);
    if (!input.success) return sendPage({ request, reply, contact: 'invalid', status: 422 });
    await sendContactMessage(app.db, {
      organizer: at.organizer,
      input: input.data,
      pageUrl: `${appUrl}/o/${at.page.slug}`,
    });
    return sendPage({ request, reply, contact: 'sent', status: 200 });
  });

  app.get(
    '/api/public/organizer-pages/:slug',
    {
      schema: {
        tags: ['public'],
        summary: "An organizer's homepage",
        description:
          'Its live events (upcoming ones with their next dates, price range and availability, then past ones). An address the organizer used before answers 308 to the current one.',
        params: SlugParams,
        response: { 200: PublicOrganizerPage, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const at = await readOrganizerPage(app, request.params.slug);
      if (!at) throw new AppError('NOT_FOUND');
      if (at.kind === 'moved')
        return reply.redirect(`/api/public/organizer-pages/${encodeURIComponent(at.slug)}`, 308);
      return at.page;
    },
  );
};
