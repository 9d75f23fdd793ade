import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VALIDATION } from '../../../common/i18n/validation';
import { ImageResponse, ImageTypeField } from '../../../common/images';
import { idParam } from '../../../common/validators';
import { AppError } from '../../http/app-error';
import { authenticate, authOf, authorize } from '../../http/auth';
import { errorResponses } from '../../http/responses';
import { getPublicEventLogoPng } from './logo';
import { toImageResponse } from './presenter';
import { deleteEventImage, findEventImages, uploadEventImage } from './service';
import { readUploadParts } from './upload-parts';

const EventParams = z.object({ id: idParam() });
const ImageParams = z.object({ id: idParam(), imageId: idParam() });
const tags = ['images'];
const PngFile = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ type: 'string', format: 'binary', description: 'The logo, PNG' });
const security = [{ bearerAuth: [] }];
/** A multipart field is text: a product's id as digits, or nothing. */
const TicketIdField = z
  .string()
  .regex(/^[1-9]\d{0,15}$/)
  .transform(Number)
  .optional();

/** Reads the `image` file, the `type` field and a product's `ticket_id` of a multipart upload. */
async function readUpload(parts: Parameters<typeof readUploadParts>[0]) {
  const { body, values, fields } = await readUploadParts(parts);
  const type = values.get('type');
  const parsedType = ImageTypeField.safeParse(type);
  if (!parsedType.success) fields.type = [type === undefined ? VALIDATION.required : VALIDATION.invalid];
  const parsedTicket = TicketIdField.safeParse(values.get('ticket_id'));
  if (!parsedTicket.success) fields.ticket_id = [VALIDATION.invalid];
  if (Object.keys(fields).length > 0 || !body || !parsedType.success || !parsedTicket.success)
    throw new AppError('VALIDATION_FAILED', { fields });
  return { body, type: parsedType.data, ticketId: parsedTicket.data ?? null };
}

export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const members = { preHandler: [authenticate, authorize('events.manage')] };

  app.get(
    '/api/events/:id/images',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Images of an event',
        params: EventParams,
        response: { 200: z.object({ data: z.array(ImageResponse) }), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const data = await findEventImages({
        db: app.db,
        storage: app.storage,
        auth: authOf(request),
        eventId: request.params.id,
      });
      return { data };
    },
  );

  app.post(
    '/api/events/:id/images',
    {
      ...members,
      schema: {
        tags,
        security,
        summary:
          'Upload an image (multipart: `image` file, `type` EVENT_COVER, EVENT_LOGO, EVENT_GALLERY (at most 12 per event) or PRODUCT with the product’s `ticket_id`); max 5 MB',
        consumes: ['multipart/form-data'],
        params: EventParams,
        response: { 201: ImageResponse, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      const upload = await readUpload(request.parts());
      const row = await uploadEventImage({
        db: app.db,
        storage: app.storage,
        auth: authOf(request),
        eventId: request.params.id,
        upload,
      });
      return reply.status(201).send(toImageResponse(row, app.storage));
    },
  );

  app.delete(
    '/api/events/:id/images/:imageId',
    {
      ...members,
      schema: {
        tags,
        security,
        summary: 'Delete an image',
        params: ImageParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteEventImage({
        db: app.db,
        storage: app.storage,
        auth: authOf(request),
        eventId: request.params.id,
        imageId: request.params.imageId,
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/public/events/:id/logo.png',
    {
      schema: {
        tags: ['events'],
        summary:
          'The event’s logo as a PNG (at most 640 × 320), for e-mails and wallets; not for a draft event',
        params: EventParams,
        querystring: z.object({
          v: z
            .string()
            .regex(/^\d{1,18}$/)
            .optional()
            .meta({
              description: 'The upload the address was made for, so that a new logo is not a cached old one',
            }),
        }),
        produces: ['image/png'],
        response: { 200: PngFile, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const logo = await getPublicEventLogoPng(app.db, app.storage, request.params.id);
      return reply
        .header('Content-Type', 'image/png')
        .header('Cache-Control', 'public, max-age=86400')
        .send(logo.body);
    },
  );
};
