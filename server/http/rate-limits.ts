import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';

/**
 * Limits for login, password reset and similar doors: so many attempts per minute per client
 * address and, separately, per e-mail address (a botnet spreading over many addresses still
 * hits the per-e-mail limit). Over the limit: 429 with the translated message.
 */
export function authRateLimits(
  app: Pick<FastifyInstance, 'config' | 'rateLimit'>,
): preHandlerAsyncHookHandler[] {
  const max = app.config.authRateLimitPerMinute;
  const byIp = app.rateLimit({
    max,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `ip:${request.routeOptions.url}:${request.ip}`,
  });
  const byEmail = app.rateLimit({
    max,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => {
      const body = request.body as { email?: unknown } | undefined;
      const email = typeof body?.email === 'string' ? body.email.toLowerCase() : '';
      const params = request.params as { token?: unknown } | undefined;
      // Reset links have no e-mail in the body: limit per link instead.
      const subject =
        email || (typeof params?.token === 'string' ? `token:${params.token}` : `ip:${request.ip}`);
      return `subject:${request.routeOptions.url}:${subject}`;
    },
  });
  return [byIp as preHandlerAsyncHookHandler, byEmail as preHandlerAsyncHookHandler];
}
