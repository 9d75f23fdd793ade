import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestLog, requestLoggerFactory, TALLY_MS } from './request-log';

/** A logger that keeps what it is given. */
function recorder() {
  const lines: { level: string; fields: Record<string, unknown>; msg: string }[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, msg: string) =>
    void lines.push({ level, fields, msg });
  return { lines, logger: { debug: at('debug'), info: at('info'), error: at('error') } };
}

/** What Fastify hands the log controller for one answered request. */
function answered(
  log: ReturnType<typeof recorder>['logger'],
  { method = 'GET', url = '/api/public/events/:id', status = 200, ms = 2, headers = {} } = {},
) {
  const request = {
    method,
    url: url.replace(':id', '7'),
    headers,
    routeOptions: { url },
    server: { log },
    log,
  } as unknown as FastifyRequest;
  const reply = { statusCode: status, elapsedTime: ms, log } as unknown as FastifyReply;
  return [request, reply] as const;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the request log', () => {
  it('counts answered reads without a login and writes them once a minute, per route', () => {
    const { lines, logger } = recorder();
    const log = new RequestLog({ enabled: true });
    log.requestCompleted(null, ...answered(logger, { ms: 2 }));
    log.requestCompleted(null, ...answered(logger, { ms: 6 }));
    log.requestCompleted(null, ...answered(logger, { method: 'HEAD', url: '/api/health', ms: 1 }));
    expect(lines).toEqual([]);
    vi.advanceTimersByTime(TALLY_MS);
    expect(lines).toEqual([
      {
        level: 'info',
        fields: { route: '/api/public/events/:id', count: 2, ms_mean: 4, ms_max: 6 },
        msg: 'reads answered',
      },
      {
        level: 'info',
        fields: { route: '/api/health', count: 1, ms_mean: 1, ms_max: 1 },
        msg: 'reads answered',
      },
    ]);
    vi.advanceTimersByTime(TALLY_MS);
    expect(lines).toHaveLength(2);
    log.close();
  });

  it('logs every other request on a line of its own: writes, reads with a login, failures', () => {
    const { lines, logger } = recorder();
    const log = new RequestLog({ enabled: true });
    log.requestCompleted(null, ...answered(logger, { method: 'POST', url: '/api/public/events/:id/orders' }));
    log.requestCompleted(null, ...answered(logger, { headers: { authorization: 'Bearer x' } }));
    log.requestCompleted(null, ...answered(logger, { status: 404 }));
    log.requestCompleted(new Error('socket hang up'), ...answered(logger));
    expect(lines.map((line) => [line.level, line.msg, line.fields.status])).toEqual([
      ['info', 'request completed', 200],
      ['info', 'request completed', 200],
      ['info', 'request completed', 404],
      ['error', 'request errored', 200],
    ]);
    expect(lines[0]?.fields).toEqual({
      method: 'POST',
      route: '/api/public/events/:id/orders',
      status: 200,
      ms: 2,
    });
    log.close();
    expect(lines).toHaveLength(4);
  });

  it('writes what it counted when the server closes, and nothing at all when logging is off', () => {
    const { lines, logger } = recorder();
    const log = new RequestLog({ enabled: true });
    log.requestCompleted(null, ...answered(logger));
    log.close();
    expect(lines.map((line) => line.msg)).toEqual(['reads answered']);
    const off = new RequestLog({ enabled: false });
    off.requestCompleted(null, ...answered(logger, { method: 'POST' }));
    off.requestCompleted(null, ...answered(logger));
    off.close();
    expect(lines).toHaveLength(1);
  });

  it('says when a request arrives at debug, and only when logging is on', () => {
    const { lines, logger } = recorder();
    const [request] = answered(logger);
    new RequestLog({ enabled: true }).incomingRequest(request);
    new RequestLog({ enabled: false }).incomingRequest(request);
    expect(lines).toEqual([{ level: 'debug', fields: { req: request }, msg: 'incoming request' }]);
  });
});

describe('the logger of a request', () => {
  it('becomes pino’s child with the request id only when the request logs at a level that is on', async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
      disableRequestLogging: true,
      childLoggerFactory: requestLoggerFactory,
    });
    let made = 0;
    const child = app.log.child.bind(app.log);
    app.log.child = (...args: Parameters<typeof child>) => {
      made += 1;
      return child(...args);
    };
    app.get('/quiet', async (request) => {
      request.log.debug({ detail: 1 }, 'not at info');
      expect(request.log.level).toBe('info');
      return 'ok';
    });
    app.get('/loud', async (request) => {
      request.log.info({ detail: 2 }, 'said');
      request.log.warn('said again');
      return 'ok';
    });
    await app.inject({ method: 'GET', url: '/quiet' });
    expect(made).toBe(0);
    expect(lines).toEqual([]);
    await app.inject({ method: 'GET', url: '/loud' });
    expect(made).toBe(1);
    const said = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(said.map((entry) => entry.msg)).toEqual(['said', 'said again']);
    expect(said[0]).toMatchObject({ level: 30, detail: 2, reqId: expect.any(String) });
    expect(said[1]?.reqId).toBe(said[0]?.reqId);
    await app.close();
  });
});
