import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { routeOf } from './logging';

/** How often the reads counted instead of logged one by one are written. */
export const TALLY_MS = 60_000;
/** Routes counted apart in one minute; beyond them, reads count under `(other)`. */
const TALLY_ROUTES = 200;

interface Tally {
  count: number;
  ms: number;
  max: number;
}

/** A read that carries no login and was answered: what a crowd sends, thousands a second. */
const isAnonymousRead = (request: FastifyRequest, reply: FastifyReply) =>
  reply.statusCode < 400 &&
  (request.method === 'GET' || request.method === 'HEAD') &&
  request.headers.authorization === undefined;

/**
 * What Fastify logs of each request (decision 041). Its arrival at `debug` only. When it is
 * answered, one line with the request id, method, route pattern, status and milliseconds,
 * except for answered reads without a login (public event and tickets, pages, files, health
 * checks): those are counted per route and written once a minute (`reads answered`: how many,
 * their mean and slowest time), since a line each cost a rush a quarter to a third of its reads.
 * Failures of any request have their own line from the error handler too (route, status, error
 * code, the stack of a 500).
 */
export class RequestLog extends LogController {
  private readonly enabled: boolean;
  private readonly tally = new Map<string, Tally>();
  private logger: FastifyBaseLogger | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(options: { enabled: boolean }) {
    super();
    this.enabled = options.enabled;
  }

  /** At debug only: serialized (method and route) only when that level is on. */
  override incomingRequest(request: FastifyRequest): void {
    if (this.enabled) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (!this.enabled) return;
    const route = routeOf(request);
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    if (!error && isAnonymousRead(request, reply)) {
      this.count(request.server.log, route, ms);
      return;
    }
    const fields = { method: request.method, route, status: reply.statusCode, ms };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }

  private count(logger: FastifyBaseLogger, route: string, ms: number): void {
    this.logger ??= logger;
    this.timer ??= setInterval(() => this.flush(), TALLY_MS).unref();
    const key = this.tally.has(route) || this.tally.size < TALLY_ROUTES ? route : '(other)';
    const tally = this.tally.get(key);
    if (tally) {
      tally.count += 1;
      tally.ms += ms;
      if (ms > tally.max) tally.max = ms;
    } else {
      this.tally.set(key, { count: 1, ms, max: ms });
    }
  }

  /** Writes the reads counted since the last time, one line per route. */
  flush(): void {
    for (const [route, { count, ms, max }] of this.tally) {
      const mean = Math.round((ms / count) * 10) / 10;
      this.logger?.info({ route, count, ms_mean: mean, ms_max: max }, 'reads answered');
    }
    this.tally.clear();
  }

  /** When the server closes: the last reads counted are written. */
  close(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.flush();
  }
}

/** pino's logger as the request's logger sees it. */
type ParentLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = Parameters<FastifyBaseLogger['child']>[1];
type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Log = (...args: unknown[]) => void;

/**
 * A request's logger that becomes pino's child (with the request id) the first time the request
 * logs at a level that is on: most reads log nothing, and making a child for each cost about
 * 2.5 % of a public read (decision 041).
 */
class RequestLogger {
  #child: ParentLogger | undefined;

  constructor(
    private readonly parent: ParentLogger,
    private readonly bindings: Bindings,
  ) {}

  #logger(): ParentLogger {
    this.#child ??= this.parent.child(this.bindings) as ParentLogger;
    return this.#child;
  }

  #log(level: LogLevel, args: unknown[]): void {
    if ((this.#child ?? this.parent).isLevelEnabled(level)) (this.#logger()[level] as Log)(...args);
  }

  get level(): string {
    return (this.#child ?? this.parent).level;
  }

  set level(level: string) {
    this.#logger().level = level;
  }

  fatal(...args: unknown[]): void {
    this.#log('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#log('error', args);
  }
  warn(...args: unknown[]): void {
    this.#log('warn', args);
  }
  info(...args: unknown[]): void {
    this.#log('info', args);
  }
  debug(...args: unknown[]): void {
    this.#log('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#log('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }
}

/**
 * Fastify's factory of request loggers: the lazy one above, unless the route asks for a level or
 * serializers of its own (pino's child then, at once).
 */
export const requestLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) =>
  options.level !== undefined || options.serializers !== undefined
    ? logger.child(bindings, options)
    : (new RequestLogger(logger as ParentLogger, bindings) as unknown as FastifyBaseLogger);
