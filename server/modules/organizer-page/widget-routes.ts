import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { clientAddress, limitRequests } from '../../http/rate-limits';
import { i18nFor } from '../../i18n';
import { readOrganizerPage } from './service';
import { ORGANIZER_WIDGET_SCRIPT, ORGANIZER_WIDGET_SCRIPT_PATH, organizerWidgetHtml } from './widget-html';
import { organizerWidgetOptions } from './widget-options';

const SlugParams = z.object({ slug: z.string().min(1).max(200) });
/** Any query: the options are read leniently (`organizerWidgetOptions`), never refused. */
const AnyQuery = z.record(z.string(), z.unknown());

/**
 * The embeddable list of an organizer's events (decision 062): `/widget/organizer/{slug}`, a
 * page any site may frame (`server/http/security.ts`), and the little script it loads to tell
 * the framing page its height.
 */
export const organizerWidgetRoutes: FastifyPluginAsyncZod = async (app) => {
  const budget = limitRequests(app, [
    { name: 'organizer-widget', max: app.config.rateLimits.public, key: clientAddress },
  ]);

  app.get(
    '/widget/organizer/:slug',
    { preHandler: budget, schema: { hide: true, params: SlugParams, querystring: AnyQuery } },
    async (request, reply) => {
      const at = await readOrganizerPage(app, request.params.slug);
      if (!at) throw new AppError('NOT_FOUND');
      if (at.kind === 'moved') {
        const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
        return reply.redirect(`/widget/organizer/${encodeURIComponent(at.slug)}${query}`, 301);
      }
      const options = organizerWidgetOptions(request.query);
      const i18n = options.locale ? i18nFor(options.locale) : request.i18n;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(organizerWidgetHtml(at.page, { i18n, options }));
    },
  );

  app.get(ORGANIZER_WIDGET_SCRIPT_PATH, { schema: { hide: true } }, (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(ORGANIZER_WIDGET_SCRIPT),
  );
};
