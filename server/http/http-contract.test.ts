import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listQuerySchema, pageSchema } from '../../common/list-query';
import type { App } from '../app';
import { jobs } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { makeJobs } from '../test/builders';
import { AppError } from './app-error';
import { filterConditions, findPage, orderBy, searchCondition, whereAll } from './list';

const JobListQuery = listQuerySchema({
  sortable: ['created_at', 'type', 'attempts'],
  defaultSort: 'created_at',
  defaultDirection: 'desc',
  filterable: { status: ['eq', 'ne', 'in'], attempts: ['eq', 'gte', 'lt'] },
});
const JobItem = z.object({ id: z.number(), type: z.string(), status: z.string(), attempts: z.number() });
const EchoBody = z.strictObject({ name: z.string().min(1).max(5), count: z.int().min(1), email: z.email() });

/** Routes that exercise the shared HTTP machinery the real modules use. */
async function contractRoutes(app: App): Promise<void> {
  app.post('/api/test/echo', { schema: { body: EchoBody } }, async (request) => request.body);
  app.post('/api/test/upload', async (request) => {
    const file = await request.file();
    const bytes = (await file?.toBuffer())?.length ?? 0;
    return { bytes };
  });
  app.get('/api/test/boom', async () => {
    throw new Error('database password is hunter2');
  });
  app.get('/api/test/conflict', async () => {
    throw new AppError('CONFLICT');
  });
  app.get(
    '/api/test/jobs',
    { schema: { querystring: JobListQuery, response: { 200: pageSchema(JobItem) } } },
    async (request) => {
      const query = request.query;
      const where = whereAll([
        ...filterConditions(query.filters, {
          status: { column: jobs.status },
          attempts: { column: jobs.attempts, value: z.coerce.number().int() },
        }),
        searchCondition(query.query, [jobs.type]),
      ]);
      const sort = orderBy(
        query,
        { created_at: jobs.createdAt, type: jobs.type, attempts: jobs.attempts },
        jobs.id,
      );
      return findPage(query, {
        rows: (limit, offset) =>
          app.db
            .select({ id: jobs.id, type: jobs.type, status: jobs.status, attempts: jobs.attempts })
            .from(jobs)
            .where(where)
            .orderBy(...sort)
            .limit(limit)
            .offset(offset),
        total: () => app.db.$count(jobs, where),
      });
    },
  );
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ extraRoutes: contractRoutes });
});
afterAll(async () => {
  await t.close();
});

describe('health', () => {
  it('reports ok with the database kind and version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
  });
});

describe('error shape', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({
      code: 'ROUTE_NOT_FOUND',
      message: 'There is no API endpoint at this address.',
    });
  });

  it('answers malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Ann",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('MALFORMED_JSON');
  });

  it('answers a body over 1 MB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10), count: 1, email: 'a@b.co' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('accepts uploads up to 6 MB and answers larger ones with 413', async () => {
    const upload = (size: number) => {
      const boundary = 'tessera-boundary';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
      const body = Buffer.concat([
        Buffer.from(head),
        Buffer.alloc(size, 1),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/test/upload',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    };
    const ok = await upload(5 * 1024 * 1024);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ bytes: 5 * 1024 * 1024 });
    const tooLarge = await upload(6 * 1024 * 1024 + 1);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<name/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers schema failures with 422 and a message per field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'far too long', count: 'three', email: 'not-an-email', extra: 1 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Some fields need your attention.',
      errors: {
        name: ['Enter at most 5 characters.'],
        count: ['Expected a number.'],
        email: ['Enter a valid e-mail address.'],
        extra: ['This field is not accepted here.'],
      },
    });
  });

  it('says which fields are missing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { count: 2 } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['This field is required.'],
      email: ['This field is required.'],
    });
  });

  it('passes valid input through', async () => {
    const body = { name: 'Ann', count: 2, email: 'ann@example.com' };
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(body);
  });

  it('rejects query parameters a route does not declare', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health?debug=1' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ debug: ['This field is not accepted here.'] });
  });

  it('maps typed service errors to their status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'CONFLICT',
      message: 'This conflicts with the current state. Reload and try again.',
    });
  });

  it('hides unexpected errors behind a 500 with the request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toEqual({
      code: 'INTERNAL',
      message: 'An unexpected error occurred. Please try again.',
      request_id: res.headers['x-request-id'],
    });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('at ');
  });
});

describe('languages', () => {
  it('speaks the language of the locale cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope', cookies: { tessera_locale: 'de' } });
    expect(res.json().message).toBe('Unter dieser Adresse gibt es keinen API-Endpunkt.');
  });

  it('falls back to Accept-Language, then English', async () => {
    const fr = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' },
      payload: { count: 1, name: 'A', email: 'a@b.co', x: 1 },
    });
    expect(fr.json().errors).toEqual({ x: ['Ce champ n’est pas accepté ici.'] });
    const zh = await t.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'accept-language': 'zh-Hans-CN' },
    });
    expect(zh.json().message).toBe('此地址没有 API 端点。');
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'accept-language': 'ja' },
    });
    expect(unknown.json().message).toBe('There is no API endpoint at this address.');
  });
});

describe('request ids and security headers', () => {
  it('echoes a well-formed client request id and sets a CSP', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-12345678' },
    });
    expect(res.headers['x-request-id']).toBe('trace-12345678');
    // A JSON answer opened as a page may load and run nothing, and be framed by nobody.
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('replaces a malformed request id with its own', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'bad id!' },
    });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('list queries', () => {
  beforeAll(async () => {
    // 25 jobs; the last three failed after 1, 2 and 3 attempts.
    await makeJobs(t.app.db, 25, (i) => ({
      type: i % 5 === 0 ? `mail_${i}` : `sweep_${i}`,
      ...(i >= 22 ? { status: 'failed' as const, attempts: i - 21 } : {}),
    }));
  });

  it('pages with the default size and reports meta', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/jobs' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(20);
    expect(body.meta).toEqual({ current_page: 1, per_page: 20, total: 25, last_page: 2 });
    const second = (await t.app.inject({ method: 'GET', url: '/api/test/jobs?page=2' })).json();
    expect(second.data).toHaveLength(5);
    const ids = new Set([...body.data, ...second.data].map((j: { id: number }) => j.id));
    expect(ids.size).toBe(25);
  });

  it('filters, searches and sorts by whitelisted fields', async () => {
    const failed = (
      await t.app.inject({ method: 'GET', url: '/api/test/jobs?filter_fields[status][eq]=failed' })
    ).json();
    expect(failed.meta.total).toBe(3);
    const several = (
      await t.app.inject({
        method: 'GET',
        url: '/api/test/jobs?filter_fields[attempts][gte]=2&sort_by=attempts&sort_direction=asc',
      })
    ).json();
    expect(several.data.map((j: { attempts: number }) => j.attempts)).toEqual([2, 3]);
    const inList = (
      await t.app.inject({
        method: 'GET',
        url: '/api/test/jobs?filter_fields[status][in]=failed,done&per_page=100',
      })
    ).json();
    expect(inList.meta.total).toBe(3);
    const search = (
      await t.app.inject({ method: 'GET', url: '/api/test/jobs?query=MAIL_&sort_by=type&sort_direction=asc' })
    ).json();
    expect(search.data.map((j: { type: string }) => j.type)).toEqual([
      'mail_0',
      'mail_10',
      'mail_15',
      'mail_20',
      'mail_5',
    ]);
  });

  it('treats LIKE wildcards in a search as plain text', async () => {
    const res = (await t.app.inject({ method: 'GET', url: '/api/test/jobs?query=%25' })).json();
    expect(res.meta.total).toBe(0);
  });

  it('refuses unknown sort fields, filter fields, operators and parameters with 422', async () => {
    const cases: [string, string][] = [
      ['sort_by=password', 'sort_by'],
      ['filter_fields[payload][eq]=x', 'filter_fields[payload][eq]'],
      ['filter_fields[status][like]=x', 'filter_fields[status][like]'],
      ['filter[status]=x', 'filter[status]'],
      ['per_page=1000', 'per_page'],
      ['page=0', 'page'],
      ['filter_fields[attempts][eq]=many', 'filter_fields[attempts][eq]'],
    ];
    for (const [qs, field] of cases) {
      const res = await t.app.inject({ method: 'GET', url: `/api/test/jobs?${qs}` });
      expect(res.statusCode, qs).toBe(422);
      expect(Object.keys(res.json().errors), qs).toEqual([field]);
    }
  });
});
