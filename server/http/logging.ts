import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * What the log may hold of a request (decision 019): its method, its route pattern
 * (`/api/events/:id/orders`, never the values in the path or the query string), its status,
 * its request id, and for a failure the error code and where it happened. Bodies, query
 * values, e-mail addresses, names and tokens stay out: the serializers below never copy them,
 * and `censorSecrets` blanks them should any log call pass them by name.
 *
 * Keys whose values never reach the log, in the object a log call passes and in the plain
 * objects and arrays within it, two levels down (decision 041: this replaced pino's `redact`,
 * whose wildcard paths took 13 % of the server's time on a cached public read).
 */
export const SECRET_KEYS: ReadonlySet<string> = new Set([
  'body',
  'query',
  'params',
  'headers',
  'authorization',
  'cookie',
  'x-auth-token',
  'email',
  'password',
  'token',
  'first_name',
  'last_name',
  'short_id',
]);
const CENSOR = '[redacted]';

/** Plain data a log call may carry: not a request, a reply or an error, which serializers write. */
function isPlainData(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function censored(value: Record<string, unknown>, depth: number): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = value[key];
    let kept = item;
    if (item !== undefined && SECRET_KEYS.has(key)) kept = CENSOR;
    else if (depth > 0 && isPlainData(item)) kept = censored(item, depth - 1);
    if (kept !== item) {
      copy ??= Array.isArray(value) ? ([...value] as unknown as Record<string, unknown>) : { ...value };
      copy[key] = kept;
    }
  }
  return copy ?? value;
}

/**
 * The object of a log call with the values of `SECRET_KEYS` blanked, at its top level and two
 * levels down: a copy when there is one to blank, else the object itself (the common case
 * costs a look at each key, and nothing on levels that are not logged).
 */
export function censorSecrets(object: Record<string, unknown>): Record<string, unknown> {
  return censored(object, 2);
}

/** A path segment kept in the log of an unrouted path: a number or a short plain word. */
const PLAIN_SEGMENT = /^(?:\d{1,19}|[A-Za-z][A-Za-z._-]{0,19})$/;

/**
 * The path of a request the router did not match (a page of the web app, a missing file),
 * without its query string and with every segment that could be a token, a secret link's id
 * or a name replaced by `:value`.
 */
export function loggablePath(url: string): string {
  const pathname = url.split('?', 1)[0] ?? '/';
  return pathname
    .split('/')
    .map((segment) => (segment === '' || PLAIN_SEGMENT.test(segment) ? segment : ':value'))
    .join('/');
}

/** The route pattern of a request, or its path made loggable when no route matched. */
export function routeOf(request: Pick<FastifyRequest, 'routeOptions' | 'url'>): string {
  return request.routeOptions?.url ?? loggablePath(request.url);
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
/** A run of 20 or more base64url characters with a digit in it: a token or a secret link's id. */
const TOKEN = /\b(?=[A-Za-z_-]*\d)[A-Za-z0-9_-]{20,}/g;

/** A message without the values it may quote: e-mail addresses, tokens, bound parameters. */
function scrub(text: string, quoted: boolean): string {
  let result = text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '');
  if (quoted) result = result.replace(/"[^"\n]*"/g, '"…"');
  return result.replace(EMAIL, '[email]').replace(TOKEN, '[token]');
}

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  query?: string;
  table?: string;
  column?: string;
  constraint?: string;
  cause?: LoggedError;
}

/**
 * An error as the log keeps it. Database errors quote the offending value in their message
 * and their `detail`, and a failed query lists its parameters: the quotes are blanked and the
 * parameters and details left out. The SQL text (with `$1` placeholders) and the SQLSTATE
 * code say what failed.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  // Some callers log a message as `err` (the job worker does): keep it, scrubbed.
  if (!(error instanceof Error))
    return { type: typeof error, message: scrub(String(error), false), stack: '' };
  const fields = error as Error & Record<string, unknown>;
  const fromDatabase = typeof fields.severity === 'string' || 'query' in fields;
  const logged: LoggedError = {
    type: error.constructor?.name || error.name,
    message: scrub(error.message, fromDatabase),
    stack: scrub(error.stack ?? '', fromDatabase),
  };
  if (typeof fields.code === 'string') logged.code = fields.code;
  if (typeof fields.query === 'string') logged.query = scrub(fields.query, false);
  for (const key of ['table', 'column', 'constraint'] as const) {
    if (typeof fields[key] === 'string') logged[key] = fields[key];
  }
  if (error.cause !== undefined && depth < 3) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}

/** Fastify's logger options with the privacy rules above added. */
export function withPrivateLogging(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return {
    ...options,
    formatters: { ...options.formatters, log: censorSecrets },
    serializers: {
      req: (request: FastifyRequest) => ({ method: request.method, route: routeOf(request) }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      err: serializeError,
    },
  };
}
