import type { I18n } from '@lingui/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ExportFormat } from '../../../common/list-query';
import type { Permission } from '../../../common/permissions';
import { idParam } from '../../../common/validators';
import { EXPORT_PRODUCES, ExportFile, sendExport } from '../../exports/send';
import type { Table } from '../../exports/table';
import { authenticate, authOf, authorize } from '../../http/auth';
import { errorResponses } from '../../http/responses';
import { type EventListContext, getEvent } from './service';

// The routes of a list an event owns (its attendees, orders, waiting list…) and of its export:
// the same login, permission, ownership check and OpenAPI entry for each (decision 047).

type App = Parameters<FastifyPluginAsyncZod>[0];

/** An export's query: its own `format`, or the list's query with `params.format` (`exportParams`). */
type ExportQuery = { format: ExportFormat } | { params: { format: ExportFormat } };

export interface EventListRoutes<Q extends z.ZodType, E extends z.ZodType<ExportQuery>> {
  /** The list's path, `/api/events/:id/…`; its export's is the same with `/export`. */
  path: `/api/events/:id/${string}`;
  /** What the caller's role must grant, for the list and its export. */
  permission: Permission;
  tags: string[];
  summary: string;
  description?: string;
  /** The list's query string (`listQuerySchema`), when it takes one: a bad one is a 422. */
  querystring?: Q;
  /** What the list answers: `pageSchema(item)` for a paged list. */
  response: z.ZodType;
  list(context: EventListContext<z.output<Q>>): Promise<unknown>;
  /** The same rows as a CSV or XLSX download (`GET {path}/export`), for the lists that have one. */
  export?: {
    summary: string;
    description?: string;
    querystring: E;
    /** The file's name before `-{event id}.{format}`. */
    name: string;
    table(context: EventListContext<z.output<E>>): Promise<Table>;
  };
}

const EventParams = z.object({ id: idParam() });
const security = [{ bearerAuth: [] }];

const formatOf = (query: ExportQuery): ExportFormat =>
  'params' in query ? query.params.format : query.format;

/**
 * Registers `GET {path}` and, when the list has one, `GET {path}/export`: behind a login and
 * `permission`, documented with their query and answers, and answering 404 for an event of
 * another account before the list's service runs.
 */
export function eventListRoutes<Q extends z.ZodType, E extends z.ZodType<ExportQuery>>(
  app: App,
  spec: EventListRoutes<Q, E>,
): void {
  const members = { preHandler: [authenticate, authorize(spec.permission)] };
  const { tags } = spec;
  const described = (description: string | undefined) => (description === undefined ? {} : { description });
  const contextOf = async <T>(request: {
    params: unknown;
    query: unknown;
    i18n: I18n;
  }): Promise<EventListContext<T>> => {
    const auth = authOf(request as Parameters<typeof authOf>[0]);
    const { id } = request.params as z.output<typeof EventParams>;
    const event = await getEvent(app.db, auth.accountId, id);
    return { db: app.db, auth, event, query: request.query as T, i18n: request.i18n };
  };

  app.get(
    spec.path,
    {
      ...members,
      schema: {
        tags,
        security,
        summary: spec.summary,
        ...described(spec.description),
        params: EventParams,
        ...(spec.querystring ? { querystring: spec.querystring } : {}),
        response: {
          200: spec.response,
          ...(spec.querystring ? errorResponses(401, 403, 404, 422) : errorResponses(401, 403, 404)),
        },
      },
    },
    async (request) => spec.list(await contextOf<z.output<Q>>(request)),
  );

  const exported = spec.export;
  if (!exported) return;
  app.get(
    `${spec.path}/export`,
    {
      ...members,
      schema: {
        tags,
        security,
        summary: exported.summary,
        ...described(exported.description),
        params: EventParams,
        querystring: exported.querystring,
        produces: EXPORT_PRODUCES,
        response: { 200: ExportFile, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const context = await contextOf<z.output<E>>(request);
      const table = await exported.table(context);
      return sendExport(reply, {
        format: formatOf(context.query),
        table,
        name: `${exported.name}-${context.event.id}`,
      });
    },
  );
}
