import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

// Every operation of /api/openapi.json says what it does, what it takes and what it answers,
// errors included, and which ones need a key or a session (decision 025).

interface Operation {
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: object }> };
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
}

/** Routes that take ids yet answer 200 for any: an unknown code or event is simply "not valid". */
const NEVER_404 = ['GET /api/public/events/{id}/promo-codes/{code}'];

let t: TestApp;
let document: {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string; description?: string }> };
  info: { description: string };
};
let operations: { key: string; path: string; method: string; op: Operation }[];

beforeAll(async () => {
  t = await createTestApp();
  document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      path,
      method,
      op,
    })),
  );
});
afterAll(async () => {
  await t?.close();
});

describe('the OpenAPI document', () => {
  it('validates as OpenAPI 3.1', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document as never);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('describes the bearer scheme for session tokens and API keys, with a curl example', () => {
    const scheme = document.components.securitySchemes.bearerAuth;
    expect(scheme).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(scheme?.description).toMatch(/API key/);
    expect(scheme?.description).toMatch(/session/);
    expect(document.info.description).toContain('curl');
    expect(document.info.description).toContain('Authorization: Bearer');
  });

  it('gives every route a summary, its responses with schemas, and its error codes', () => {
    const wrong: string[] = [];
    for (const { key, path, method, op } of operations) {
      if (!op.summary?.trim()) wrong.push(`${key}: no summary`);
      const statuses = Object.keys(op.responses ?? {});
      const success = statuses.filter((s) => s.startsWith('2') || s.startsWith('3'));
      if (success.length === 0) wrong.push(`${key}: no success response`);
      for (const status of statuses) {
        // No body: 204, 202 (accepted, nothing to show) and redirects.
        if (status === '204' || status === '202' || status.startsWith('3')) continue;
        const content = op.responses?.[status]?.content;
        if (!content || Object.values(content).some((c) => !c.schema))
          wrong.push(`${key}: ${status} has no schema`);
      }
      if (!statuses.some((s) => s.startsWith('4') || s.startsWith('5')))
        wrong.push(`${key}: no error response`);
      if (['post', 'put', 'patch'].includes(method) && op.requestBody) {
        const content = op.requestBody.content ?? {};
        if (Object.values(content).some((c) => !c.schema)) wrong.push(`${key}: request body without schema`);
      }
      const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      for (const name of pathParams)
        if (!declared.includes(name ?? '')) wrong.push(`${key}: {${name}} undeclared`);
      if (
        pathParams.length > 0 &&
        !statuses.includes('404') &&
        !statuses.includes('410') &&
        !NEVER_404.includes(key)
      )
        wrong.push(`${key}: takes an id but documents no 404`);
      if (
        statuses.some((s) => s === '422') === false &&
        (op.requestBody || op.parameters?.some((p) => p.in === 'query'))
      )
        wrong.push(`${key}: takes input but documents no 422`);
    }
    expect(wrong).toEqual([]);
    expect(operations.length).toBeGreaterThan(100);
  });

  it('names the security of every route: bearer outside /api/public, none on public ones', () => {
    const wrong: string[] = [];
    for (const { key, path, op } of operations) {
      const open =
        path.startsWith('/api/public/') ||
        path === '/api/health' ||
        (path.startsWith('/api/auth/') && !path.endsWith('/logout'));
      const statuses = Object.keys(op.responses ?? {});
      if (open) {
        if ((op.security?.length ?? 0) > 0) wrong.push(`${key}: public but secured`);
        continue;
      }
      if (!op.security?.some((s) => 'bearerAuth' in s)) wrong.push(`${key}: no bearerAuth security`);
      for (const status of ['401', '429'])
        if (!statuses.includes(status)) wrong.push(`${key}: secured but documents no ${status}`);
    }
    expect(wrong).toEqual([]);
  });
});
