import { isIPv6 } from 'node:net';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from './app-error';
import { errorResponses } from './responses';

// Limits on what anyone may do without a login (docs/decisions/018-rate-limits.md). Counts
// live in memory, or in Redis with REDIS_URL so that every instance shares them. Over a limit
// the answer is 429 RATE_LIMITED in the API's error shape, with Retry-After.

const MINUTE = 60_000;
/**
 * Keys each limit keeps in memory (without Redis); beyond that the least recently seen are
 * forgotten. The plugin's default of 5,000 would let a wide attack push a count out early.
 */
const KEYS_IN_MEMORY = 20_000;

/**
 * Whose requests count together: the client address, with IPv4-mapped IPv6 addresses read as
 * IPv4 and other IPv6 addresses cut to their /64 (one subscriber usually owns a whole /64).
 */
export function addressKey(ip: string): string {
  // IPv4, the common case, without the IPv6 parser's long pattern (issue 19's profile).
  if (!ip.includes(':')) return ip;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip) || ip.includes('.')) return ip;
  const [head = '', tail] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

export const clientAddress = (request: FastifyRequest): string => addressKey(request.ip);

/** The route option that limits a route per client address: `config: { rateLimit: perAddress(n) }`. */
export const perAddress = (max: number): RateLimitOptions => ({
  max,
  timeWindow: MINUTE,
  keyGenerator: clientAddress,
  cache: KEYS_IN_MEMORY,
});

const limitedPrefixes = ['/api/public/', '/api/auth/'];

/**
 * Registers @fastify/rate-limit: every route under /api/public/ and /api/auth/ gets the public
 * limit per client address and route unless it sets its own `config.rateLimit` (or `false`).
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  const { rateLimits, redis: redisConfig } = app.config;
  app.addHook('onRoute', (route) => {
    if (!limitedPrefixes.some((prefix) => route.url.startsWith(prefix))) return;
    if (route.config?.rateLimit === false) return;
    if (route.config?.rateLimit === undefined) {
      route.config = { ...route.config, rateLimit: perAddress(rateLimits.public) };
    }
    // The API description says which routes may answer 429.
    addErrorResponse(route, 429);
  });
  // Every route behind a login counts the calls of an API key (decision 025), so it may answer 429.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && (route.schema?.security?.length ?? 0) > 0)
      addErrorResponse(route, 429);
  });

  let redis: Redis | undefined;
  if (redisConfig) {
    // Without a connection a limit is skipped (the request goes through) rather than refused:
    // sales go on while Redis is away, and the log says so.
    // ioredis loads only when a Redis is configured, not with every start.
    const { Redis } = await import('ioredis');
    redis = new Redis(redisConfig.url, {
      lazyConnect: true,
      connectTimeout: 2000,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
    });
    redis.on('error', (error: Error) =>
      app.log.warn({ err: error.message }, 'Redis for rate limits unreachable: limits are skipped'),
    );
    // Wrong settings stop the start-up instead of leaving every limit off.
    try {
      await redis.connect();
    } catch (error) {
      redis.disconnect();
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Cannot reach Redis at REDIS_URL for the rate limits: ${reason}`);
    }
    const client = redis;
    app.addHook('onClose', async () => {
      await client.quit();
    });
  }
  await app.register(rateLimit, {
    global: false,
    keyGenerator: clientAddress,
    timeWindow: MINUTE,
    skipOnError: true,
    cache: KEYS_IN_MEMORY,
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
    // A request within its limit carries no count of what is left (three headers on each of a
    // rush's reads, decision 041); a refused one says when to come back (`Retry-After`) and
    // what the limit is.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    ...(redis ? { redis, nameSpace: `${redisConfig?.keyPrefix}rate-limit:` } : {}),
  });
  // Called by `authenticate` once the request's API key is known.
  app.decorate(
    'limitApiKey',
    limitRequests(app, [
      {
        name: 'api-key',
        max: rateLimits.apiKey,
        key: (r) => (r.auth?.apiKeyId == null ? undefined : String(r.auth.apiKeyId)),
      },
    ]),
  );
}

function addErrorResponse(route: RouteOptions, status: 429): void {
  const responses = route.schema?.response;
  if (responses && typeof responses === 'object' && !(status in responses)) {
    route.schema = { ...route.schema, response: { ...responses, ...errorResponses(status) } };
  }
}

export interface Limit {
  /** Names the count; the same key under two names is counted twice. */
  name: string;
  /** Requests allowed per minute (or per `windowMs`). */
  max: number;
  /** The window the count is kept for; a minute unless given. */
  windowMs?: number;
  /** Whose requests count together; `undefined` leaves the request out of this limit. */
  key: (request: FastifyRequest) => string | undefined;
}

/**
 * A preHandler that checks several limits, in order, on one request (the route option allows
 * only one). A request refused by one limit is not counted by the ones after it, so one noisy
 * address cannot use up an e-mail's or an event's count beyond its own limit.
 */
export function limitRequests(
  app: Pick<FastifyInstance, 'createRateLimit'>,
  limits: readonly Limit[],
): preHandlerAsyncHookHandler {
  const checks = limits.map((limit) => {
    // `cache` is not in the type of createRateLimit's options, but reaches the store all the same.
    const options = {
      max: limit.max,
      timeWindow: limit.windowMs ?? MINUTE,
      keyGenerator: (request: FastifyRequest) => `${limit.name}:${limit.key(request)}`,
      cache: KEYS_IN_MEMORY,
    };
    return { limit, check: app.createRateLimit(options) };
  });
  return async (request, reply) => {
    for (const { limit, check } of checks) {
      if (limit.key(request) === undefined) continue;
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new AppError('RATE_LIMITED');
      }
    }
  };
}

const stringField = (value: unknown, field: string): string | undefined => {
  const found =
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[field] : undefined;
  return typeof found === 'string' && found !== '' ? found : undefined;
};

/**
 * Login, registration, password reset and invitations: so many attempts per minute per client
 * address and, separately, per e-mail address or link (an attacker spread over many addresses
 * still meets the second), each per route.
 */
export function authLimits(
  app: Pick<FastifyInstance, 'config' | 'createRateLimit'>,
): preHandlerAsyncHookHandler {
  const max = app.config.rateLimits.auth;
  return limitRequests(app, [
    { name: 'auth-address', max, key: (r) => `${r.routeOptions.url}:${clientAddress(r)}` },
    {
      name: 'auth-subject',
      max,
      key: (r) => {
        const email = stringField(r.body, 'email')?.trim().toLowerCase();
        const token = stringField(r.params, 'token');
        const subject = email ? `email:${email}` : token ? `token:${token}` : undefined;
        return subject && `${r.routeOptions.url}:${subject}`;
      },
    },
  ]);
}

/** Limits per client address and per event (the route's `:id`), in that order. */
export function addressAndEventLimits(
  app: Pick<FastifyInstance, 'createRateLimit'>,
  limit: { name: string; perAddress: number; perEvent: number },
): preHandlerAsyncHookHandler {
  return limitRequests(app, [
    { name: `${limit.name}-address`, max: limit.perAddress, key: clientAddress },
    {
      name: `${limit.name}-event`,
      max: limit.perEvent,
      key: (r) => {
        const id = (r.params as { id?: unknown } | undefined)?.id;
        return id === undefined ? undefined : String(id);
      },
    },
  ]);
}

/**
 * One limit per client address for work that is no route of its own (the web app's pages, the
 * server's renderings of them): each call counts one, and answers null while the address is
 * within `max` a minute, else the seconds until it may go on.
 */
export function addressBudget(
  app: Pick<FastifyInstance, 'createRateLimit'>,
  { name, max }: { name: string; max: number },
): (request: FastifyRequest) => Promise<number | null> {
  // `cache` reaches the store as in `limitRequests`.
  const options = {
    max,
    timeWindow: MINUTE,
    keyGenerator: (request: FastifyRequest) => `${name}:${clientAddress(request)}`,
    cache: KEYS_IN_MEMORY,
  };
  const check = app.createRateLimit(options);
  return async (request) => {
    const result = await check(request);
    return !result.isAllowed && result.isExceeded ? result.ttlInSeconds : null;
  };
}

/**
 * Previews printed by the server on each change of a designer (a sample ticket PDF): so many a
 * minute per signed-in user, whichever account or event, as each costs a rendering.
 */
export function previewLimit(
  app: Pick<FastifyInstance, 'config' | 'createRateLimit'>,
): preHandlerAsyncHookHandler {
  return limitRequests(app, [
    {
      name: 'preview',
      max: app.config.rateLimits.previews,
      key: (r) => (r.auth ? `user:${r.auth.userId}` : undefined),
    },
  ]);
}
