import { createHash } from 'node:crypto';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import { z } from 'zod';
import { ApiErrorBody } from '../../common/api-error';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { idempotencyKeys } from '../db/schema';
import { AppError } from './app-error';

/**
 * `Idempotency-Key` on writes a client may retry (decision 036). A route opts in with
 * `config: { idempotent: true }` in its options, after `authenticate` in its preHandlers:
 *
 * - the first request with a key claims it for the caller (account and person or API key) in
 *   `idempotency_keys`, runs, and its answer (status, type, body) is kept for 24 hours;
 * - the same request again (same method, path, query and body) gets that answer, with
 *   `Idempotent-Replayed: true`, and runs nothing;
 * - the same key with another request: 422 `IDEMPOTENCY_KEY_REUSED`;
 * - the same request while the first still runs: 409 `IDEMPOTENCY_KEY_IN_USE`, `Retry-After`.
 *
 * The claim is a row under a unique index, so of two requests at once on any number of
 * instances exactly one runs. An answer of 5xx is not kept (the key is released, so a retry runs
 * again): services write in one transaction, and an unexpected failure wrote nothing. Without
 * the header a route works as before. The route's OpenAPI operation gets the header parameter
 * and its 409 and 422 answers.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long an answer is kept for retries. */
export const IDEMPOTENCY_KEEP_HOURS = 24;
/**
 * How long a claim holds while its request runs: a retry meanwhile is told to wait. A claim
 * whose process died is taken over by a retry of the same request after this.
 */
export const IDEMPOTENCY_LOCK_SECONDS = 120;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Honour the `Idempotency-Key` header (decision 036): see `server/http/idempotency.ts`. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The row of `idempotency_keys` this request claimed, whose answer it keeps. */
    idempotencyClaim: number | null;
  }
}

/** 1 to 255 visible ASCII characters; a UUID (v4) per logical request is what clients send. */
export const IdempotencyKey = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/)
  .meta({
    description:
      'Makes a retry safe: the same request sent again with the same key within 24 hours gets the first answer (status and body, with `Idempotent-Replayed: true`) and changes nothing; the key with another request answers 422 `IDEMPOTENCY_KEY_REUSED`; a retry while the first request still runs answers 409 `IDEMPOTENCY_KEY_IN_USE` with `Retry-After`. Keys are per caller (person or API key). Send a new random key (a UUID) for each new request.',
    example: '0f8fad5b-d9cb-469f-a165-70867728950e',
  });

/** The headers schema of an idempotent route: the key, every other header kept as it is. */
export const idempotencyHeaders = z.looseObject({ [IDEMPOTENCY_HEADER]: IdempotencyKey.optional() });

type ClaimOutcome =
  | { kind: 'claimed'; id: number }
  | { kind: 'replay'; status: number; type: string | null; body: string | null }
  | { kind: 'mismatch' }
  | { kind: 'running' };

interface ClaimRequest {
  accountId: number;
  actor: string;
  key: string;
  hash: string;
}

/**
 * Claims a key for a request, in one statement: a new key, a key whose answer expired, or a
 * claim of the same request whose lock lapsed (its process died) is taken; anything else is
 * answered from the row found.
 */
export async function claimIdempotencyKey(db: Db, request: ClaimRequest): Promise<ClaimOutcome> {
  const { accountId, actor, key, hash } = request;
  for (let attempt = 0; attempt < 3; attempt++) {
    const [claimed] = await queryRows<{ id: string | number }>(
      db,
      sql`insert into ${idempotencyKeys} as k
            (account_id, actor, key, request_hash, locked_until, expires_at)
          values (${accountId}, ${actor}, ${key}, ${hash},
            now() + make_interval(secs => ${IDEMPOTENCY_LOCK_SECONDS}),
            now() + make_interval(hours => ${IDEMPOTENCY_KEEP_HOURS}))
          on conflict (account_id, actor, key) do update
            set request_hash = excluded.request_hash, response_status = null, response_type = null,
                response_body = null, locked_until = excluded.locked_until, created_at = now(),
                expires_at = excluded.expires_at
            where k.expires_at <= now()
               or (k.response_status is null and k.locked_until <= now() and k.request_hash = excluded.request_hash)
          returning k.id`,
    );
    if (claimed) return { kind: 'claimed', id: Number(claimed.id) };
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.accountId, accountId),
          eq(idempotencyKeys.actor, actor),
          eq(idempotencyKeys.key, key),
        ),
      );
    // Released by a request that failed in between: claim it again.
    if (!row) continue;
    if (row.requestHash !== hash) return { kind: 'mismatch' };
    if (row.responseStatus === null) return { kind: 'running' };
    return { kind: 'replay', status: row.responseStatus, type: row.responseType, body: row.responseBody };
  }
  return { kind: 'running' };
}

/** Keeps the answer of a claimed request for its retries. */
export async function keepIdempotentAnswer(
  db: Db,
  id: number,
  answer: { status: number; type: string | null; body: string | null },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({
      responseStatus: answer.status,
      responseType: answer.type,
      responseBody: answer.body,
      lockedUntil: null,
    })
    .where(eq(idempotencyKeys.id, id));
}

/** Gives a claim up, so that a retry runs the request again. */
export async function releaseIdempotencyKey(db: Db, id: number): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.id, id), isNull(idempotencyKeys.responseStatus)));
}

/** Deletes the answers past their 24 hours (a scheduled job); answers how many went. */
export async function purgeExpiredIdempotencyKeys(db: Db): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lte(idempotencyKeys.expiresAt, sql`now()`))
    .returning({ id: idempotencyKeys.id });
  return gone.length;
}

/** What "the same request" means: method, path with query as sent, and the validated body. */
function fingerprint(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

/** Whose keys these are: the account, and the person or the API key calling. */
function callerOf(request: FastifyRequest): { accountId: number; actor: string } {
  const auth = request.auth;
  if (!auth) throw new Error(`${request.routeOptions.url}: an idempotent route must authenticate first`);
  return {
    accountId: auth.accountId,
    actor: auth.apiKeyId !== null ? `key:${auth.apiKeyId}` : `user:${auth.userId}`,
  };
}

const claimKey =
  (app: FastifyInstance): preHandlerHookHandler =>
  async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (typeof key !== 'string') return;
    const outcome = await claimIdempotencyKey(app.db, {
      ...callerOf(request),
      key,
      hash: fingerprint(request),
    });
    if (outcome.kind === 'claimed') {
      request.idempotencyClaim = outcome.id;
      return;
    }
    if (outcome.kind === 'mismatch') throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (outcome.kind === 'running') {
      reply.header('retry-after', '1');
      throw new AppError('IDEMPOTENCY_KEY_IN_USE');
    }
    reply.status(outcome.status).header('idempotent-replayed', 'true');
    if (outcome.type) reply.type(outcome.type);
    return reply.send(outcome.body ?? undefined);
  };

const keepAnswer =
  (app: FastifyInstance): onSendHookHandler =>
  async (request, reply, payload) => {
    const id = request.idempotencyClaim;
    if (id === null) return payload;
    request.idempotencyClaim = null;
    const storable = payload === null || payload === undefined || typeof payload === 'string';
    try {
      if (reply.statusCode >= 500 || !storable) await releaseIdempotencyKey(app.db, id);
      else {
        const type = reply.getHeader('content-type');
        await keepIdempotentAnswer(app.db, id, {
          status: reply.statusCode,
          type: typeof type === 'string' ? type : null,
          body: typeof payload === 'string' ? payload : null,
        });
      }
    } catch (error) {
      // The work is done and answered; a retry within the lock is told to wait, later it runs.
      request.log.error({ err: error }, 'idempotent answer not kept');
    }
    return payload;
  };

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * Gives every route that opts in (`config: { idempotent: true }`) the claim, the kept answer
 * and the header in its schema. Register it before the routes and before the OpenAPI plugin.
 */
export function registerIdempotency(app: FastifyInstance): void {
  app.decorateRequest('idempotencyClaim', null);
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    const schema = route.schema ?? {};
    if (schema.headers) throw new Error(`${route.url}: idempotent routes take no other header schema`);
    const responses = (schema.response ?? {}) as Record<string, unknown>;
    route.schema = {
      ...schema,
      headers: idempotencyHeaders,
      response: { ...responses, 409: responses[409] ?? ApiErrorBody, 422: responses[422] ?? ApiErrorBody },
    };
    route.preHandler = [...asArray(route.preHandler), claimKey(app)];
    route.onSend = [...asArray(route.onSend), keepAnswer(app)];
  });
}

/**
 * The same opt-in for options a route builds with a helper:
 * `app.post(path, idempotent(manage('Add a note', { … })), handler)`.
 */
export const idempotent = <O extends object>(options: O): O & { config: { idempotent: true } } => ({
  ...options,
  config: { ...(options as { config?: object }).config, idempotent: true },
});
