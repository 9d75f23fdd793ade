import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

// Every operation of /api/openapi.json says what it does, what it takes and what it answers,
// errors included, and which ones need a key or a session (decision 025).

interface Operation {
  summary?: string;
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: object }> };
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
}

/**
 * POSTs behind a login that do not take `Idempotency-Key` (decision 036), and why a retry of
 * them is safe without it. Every other one creates something, sends something or moves money,
 * and takes it.
 */
const NOT_IDEMPOTENT: Readonly<Record<string, string>> = {
  'POST /api/auth/logout': 'ending a session twice ends it once',
  'POST /api/api-keys/{keyId}/revoke': 'revoking twice revokes once',
  'POST /api/users/{id}/confirm-email/{token}': 'the link is used once',
  'POST /api/users/{id}/email-change/{token}': 'the link is used once',
  'POST /api/events/{id}/tickets/sort': 'the same order twice is that order',
  'POST /api/events/{id}/questions/sort': 'the same order twice is that order',
  'POST /api/events/{id}/seating/blocks': 'blocking (or releasing) the same seats twice leaves them so',
  'POST /api/events/{id}/categories/sort': 'the same order twice is that order',
  'POST /api/events/{id}/messages/preview': 'writes nothing',
  'POST /api/events/{id}/mail-templates/preview': 'writes nothing',
  'POST /api/events/{id}/ticket-design/preview': 'writes nothing',
  'POST /api/organizers/{id}/homepage-preview': 'writes nothing',
  'POST /api/organizers/{id}/images':
    'an upload replaces the image of its type, so a retry leaves one; a multipart body is a stream read by the handler',
  'POST /api/accounts/current/mail-templates/preview': 'writes nothing',
  'POST /api/events/{id}/images':
    'an upload replaces the image of its type, so a retry leaves one; a multipart body is a stream read by the handler',
  'POST /api/events/{id}/orders/{orderId}/cancel': 'a second cancel is refused (409) and changes nothing',
  'POST /api/events/{id}/attendees/{attendeeId}/cancel':
    'a second cancel is refused (409) and changes nothing',
  'POST /api/events/{id}/attendees/{attendeeId}/reactivate':
    'a second one is refused (409) and changes nothing',
  'POST /api/users/me/two-factor/totp': 'a new secret each time; one never confirmed is replaced',
  'POST /api/users/me/two-factor/totp/confirm': 'a code is accepted once: a retry is refused (422)',
  'POST /api/users/me/two-factor/totp/disable': 'a second one is refused (409) and changes nothing',
  'POST /api/users/me/two-factor/recovery-codes':
    'each call replaces the codes; a retry leaves the newest ten',
  'POST /api/users/me/passkeys/registration-options': 'a new challenge each time; one never answered expires',
  'POST /api/users/me/passkeys':
    'its challenge is answered once: a retry is refused (410) and the passkey kept once',
  'POST /api/users/me/sessions/end-others': 'ending the other sessions twice ends them once',
  'POST /api/accounts/payment/stripe/connect':
    'Stripe makes one account per Tessera account (its own idempotency key)',
  'POST /api/accounts/current/deletion':
    'a retry mails a new link that replaces the first; only the newest works',
  'POST /api/accounts/current/deletion/confirm': 'the link is used once',
  'POST /api/users/me/deletion': 'a retry finds the login gone (401) and changes nothing',
};

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

  it('passes the recommended rules of an OpenAPI linter (Redocly)', async () => {
    const source = JSON.stringify(document);
    const config = await createConfig(
      { extends: ['recommended'] },
      {
        // Its success is a redirect to Google Wallet's save page, which holds the pass: there is
        // no 2xx to document.
        ignore: {
          '/api/openapi.json': {
            'operation-2xx-response': new Set([
              '#/paths/~1api~1public~1events~1{id}~1attendees~1{shortId}~1wallet~1google/get/responses',
            ]),
          },
        },
      },
    );
    const problems = await lintFromString({ source, absoluteRef: '/api/openapi.json', config });
    const found = problems
      .filter((p) => !p.ignored)
      .map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`);
    expect(found).toEqual([]);
    // The linter ran its rules: a document without names and security breaks them.
    const bare = JSON.parse(source);
    delete bare.paths['/api/health'].get.operationId;
    delete bare.paths['/api/health'].get.security;
    const broken = await lintFromString({
      source: JSON.stringify(bare),
      absoluteRef: '/api/openapi.json',
      config,
    });
    expect(
      broken
        .filter((p) => !p.ignored)
        .map((p) => p.ruleId)
        .sort(),
    ).toEqual(['operation-operationId', 'security-defined']);
  });

  it('names every operation once, and lists the filters every list takes', () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(operations.filter(({ op }) => !op.operationId).map(({ key }) => key)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const orders = operations.find(({ key }) => key === 'GET /api/events/{id}/orders');
    const query = (orders?.op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    expect(query).toEqual(
      expect.arrayContaining([
        'filter_fields[status][eq]',
        'filter_fields[status][in]',
        'filter_fields[affiliate_id][eq]',
        'filter_fields[affiliate_id][in]',
      ]),
    );
    const events = operations.find(({ key }) => key === 'GET /api/events');
    expect((events?.op.parameters ?? []).map((p) => p.name)).toContain('filter_fields[state][eq]');
  });

  it('documents Idempotency-Key on every write behind a login that a client may retry', () => {
    const wrong: string[] = [];
    for (const { key, path, method, op } of operations) {
      if (method !== 'post' || path.startsWith('/api/public/') || NOT_IDEMPOTENT[key]) continue;
      if (path.startsWith('/api/auth/') && !path.endsWith('/logout')) continue;
      const header = op.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key');
      if (!header) wrong.push(`${key}: no Idempotency-Key`);
      const statuses = Object.keys(op.responses ?? {});
      for (const status of ['409', '422'])
        if (!statuses.includes(status))
          wrong.push(`${key}: takes Idempotency-Key but documents no ${status}`);
    }
    expect(wrong).toEqual([]);
    const order = operations.find(({ key }) => key === 'POST /api/public/events/{id}/orders');
    expect(order?.op.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key')).toBe(true);
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
        if (!Array.isArray(op.security) || op.security.length > 0)
          wrong.push(`${key}: public without security: []`);
        continue;
      }
      if (!op.security?.some((s) => 'bearerAuth' in s)) wrong.push(`${key}: no bearerAuth security`);
      for (const status of ['401', '429'])
        if (!statuses.includes(status)) wrong.push(`${key}: secured but documents no ${status}`);
    }
    expect(wrong).toEqual([]);
  });
});
