import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VALIDATION } from '../../../common/i18n/validation';
import {
  OrganizerHomepagePreviewRequest,
  OrganizerImageResponse,
  OrganizerImageTypeField,
} from '../../../common/organizer-design';
import { idParam } from '../../../common/validators';
import { AppError } from '../../http/app-error';
import { authenticate, authOf, authorize } from '../../http/auth';
import { previewLimit } from '../../http/rate-limits';
import { errorResponses } from '../../http/responses';
import { readUploadParts } from '../images/upload-parts';
import { getOrganizer } from '../organizers/service';
import { deleteOrganizerImage, findOrganizerImages, uploadOrganizerImage } from './images';
import { previewOrganizerPage } from './preview';

const OrganizerParams = z.object({ id: idParam() });
const ImageParams = z.object({ id: idParam(), imageId: idParam() });
const tags = ['organizers'];
const security = [{ bearerAuth: [] }];
const HtmlPage = z.string().meta({ description: 'The homepage, HTML' });

/** Reads the `image` file and the `type` field of a multipart upload. */
async function readUpload(parts: Parameters<typeof readUploadParts>[0]) {
  const { body, values, fields } = await readUploadParts(parts);
  const type = values.get('type');
  const parsed = OrganizerImageTypeField.safeParse(type);
  if (!parsed.success) fields.type = [type === undefined ? VALIDATION.required : VALIDATION.invalid];
  if (!body || !parsed.success || Object.keys(fields).length > 0)
    throw new AppError('VALIDATION_FAILED', { fields });
  return { body, type: parsed.data };
}

/**
 * The homepage's design (decision 061): the organizer's logo and cover, and the designer's
 * preview, the page itself written with a design not saved yet. ADMIN and ORGANIZER members.
 */
export const organizerDesignRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = { preHandler: [authenticate, authorize('events.manage')] };
  const previews = previewLimit(app);
  const owned = (request: { params: { id: number } } & Parameters<typeof authOf>[0]) => ({
    db: app.db,
    storage: app.storage,
    auth: authOf(request),
    organizerId: request.params.id,
  });

  app.get(
    '/api/organizers/:id/images',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: "The homepage's logo and cover",
        params: OrganizerParams,
        response: {
          200: z.object({ data: z.array(OrganizerImageResponse) }),
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => ({ data: await findOrganizerImages(owned(request)) }),
  );

  app.post(
    '/api/organizers/:id/images',
    {
      ...members,
      schema: {
        tags,
        security,
        summary:
          'Upload the homepage’s logo or cover (multipart: `image` file, `type` ORGANIZER_LOGO or ORGANIZER_COVER); max 5 MB; replaces the one it had',
        consumes: ['multipart/form-data'],
        params: OrganizerParams,
        response: { 201: OrganizerImageResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      // Another account's organizer is 404 before the upload is read.
      await getOrganizer(app.db, authOf(request).accountId, request.params.id);
      const upload = await readUpload(request.parts());
      return reply.status(201).send(await uploadOrganizerImage({ ...owned(request), upload }));
    },
  );

  app.delete(
    '/api/organizers/:id/images/:imageId',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: "Delete the homepage's logo or cover",
        params: ImageParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteOrganizerImage({ ...owned(request), imageId: request.params.imageId });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/organizers/:id/homepage-preview',
    {
      preHandler: [...members.preHandler, previews],
      schema: {
        tags,
        security,
        summary: 'The homepage written with a design not saved yet (decision 061)',
        description:
          'The page as `/o/{slug}` shows it, with the colours and font sent (merged into the saved ones), ' +
          'also before the organizer has an address. Its contact form cannot be sent. A bad colour or ' +
          'font is 422 with the field errors. Nothing is written. At most PREVIEW_RATE_LIMIT_PER_MINUTE ' +
          '(30) a minute per user, with the ticket design previews, then 429.',
        params: OrganizerParams,
        body: OrganizerHomepagePreviewRequest,
        produces: ['text/html'],
        response: { 200: HtmlPage, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const html = await previewOrganizerPage(app, {
        auth: authOf(request),
        organizerId: request.params.id,
        design: request.body.design,
        i18n: request.i18n,
      });
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'private, no-store').send(html);
    },
  );
};
