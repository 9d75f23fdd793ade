import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MailTemplateListResponse,
  MailTemplateParams,
  MailTemplatePreviewRequest,
  MailTemplatePreviewResponse,
  MailTemplateTestResponse,
  SaveMailTemplateRequest,
} from '../../../common/mail-templates';
import type { Permission } from '../../../common/permissions';
import { idParam } from '../../../common/validators';
import { authenticate, authOf, authorize, personOnly } from '../../http/auth';
import { errorResponses } from '../../http/responses';
import { getEvent } from '../owned-events/service';
import { previewTemplate, sampleOf, sendTestMail } from './preview';
import { checkTemplate, deleteTemplate, listTemplates, saveTemplate, type TemplateOwner } from './store';

const tags = ['mail-templates'];
const security = [{ bearerAuth: [] }];
const EventParams = z.object({ id: idParam() });

const REFUSED =
  'A template that does not parse, uses a tag other than if/unless, a filter not listed, an ' +
  'unknown placeholder, or unsafe HTML (scripts, styles, frames, event handlers) is refused with ' +
  '422 and the line and the reason in the field errors.';

/**
 * The same five routes for the account's templates (`/api/accounts/current/…`, admins) and for
 * an event's (`/api/events/{id}/…`, anyone who manages events): list, save, reset, preview, test.
 */
function templateRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  scope: { base: string; permission: Permission; event: boolean },
) {
  const { base, permission, event } = scope;
  const pre = { preHandler: [authenticate, authorize(permission)] };
  const notFound = event ? ([404] as const) : ([] as const);
  const params = event ? EventParams : undefined;
  const ownerOf = async (request: { params: unknown }): Promise<TemplateOwner> => {
    const { accountId } = authOf(request as never);
    if (!event) return { accountId, eventId: null };
    const { id } = request.params as { id: number };
    await getEvent(app.db, accountId, id);
    return { accountId, eventId: id };
  };
  const where = event ? "the event's" : "the account's";

  app.get(
    base,
    {
      ...pre,
      schema: {
        tags,
        security,
        summary: `E-mail templates of ${where} mails, every kind in every language, with placeholders`,
        description: event
          ? "Each says whether it is the event's own, the account's (which the event falls back to) or Tessera's text."
          : "Each says whether it is the account's own or Tessera's text.",
        ...(params ? { params } : {}),
        response: { 200: MailTemplateListResponse, ...errorResponses(401, 403, ...notFound) },
      },
    },
    async (request) => listTemplates(app.db, await ownerOf(request)),
  );

  app.put(
    `${base}/:kind/:locale`,
    {
      ...pre,
      schema: {
        tags,
        security,
        summary: `Save ${where} template of one kind of mail in one language`,
        description: `${REFUSED} The body is sanitized.`,
        params: event ? MailTemplateParams.extend({ id: idParam() }) : MailTemplateParams,
        body: SaveMailTemplateRequest,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const owner = await ownerOf(request);
      const { kind, locale } = request.params;
      const sample = await sampleOf(app.db, { owner, appUrl: app.config.appUrl });
      const checked = await checkTemplate({ kind, locale, request: request.body, sample });
      await saveTemplate(app.db, { owner, kind, locale, subject: checked.subject, body: checked.body });
      return reply.status(204).send(null);
    },
  );

  app.delete(
    `${base}/:kind/:locale`,
    {
      ...pre,
      schema: {
        tags,
        security,
        summary: `Reset ${where} template of one kind and language to the default`,
        params: event ? MailTemplateParams.extend({ id: idParam() }) : MailTemplateParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { kind, locale } = request.params;
      await deleteTemplate(app.db, { owner: await ownerOf(request), kind, locale });
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${base}/preview`,
    {
      ...pre,
      schema: {
        tags,
        security,
        summary: 'A template filled with sample values, as the mail would show it',
        description: `${REFUSED} Nothing is written.`,
        ...(params ? { params } : {}),
        body: MailTemplatePreviewRequest,
        response: { 200: MailTemplatePreviewResponse, ...errorResponses(401, 403, ...notFound, 422) },
      },
    },
    async (request) =>
      previewTemplate(app.db, {
        owner: await ownerOf(request),
        appUrl: app.config.appUrl,
        request: request.body,
      }),
  );

  app.post(
    `${base}/test`,
    {
      config: { idempotent: true },
      // To the signed-in person's own address: an API key has none (decision 025).
      preHandler: [authenticate, personOnly, authorize(permission)],
      schema: {
        tags,
        security,
        summary: 'Send the template, filled with sample values, to yourself',
        description: `${REFUSED} One test per 20 seconds per person (429 RATE_LIMITED).`,
        ...(params ? { params } : {}),
        body: MailTemplatePreviewRequest,
        response: { 200: MailTemplateTestResponse, ...errorResponses(401, 403, ...notFound, 409, 422, 429) },
      },
    },
    async (request) =>
      sendTestMail(app.db, {
        owner: await ownerOf(request),
        userId: authOf(request).userId,
        appUrl: app.config.appUrl,
        request: request.body,
      }),
  );
}

export const mailTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  templateRoutes(app, {
    base: '/api/accounts/current/mail-templates',
    permission: 'account.manage',
    event: false,
  });
  templateRoutes(app, { base: '/api/events/:id/mail-templates', permission: 'events.manage', event: true });
};
