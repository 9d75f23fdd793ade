import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testConfig } from '../test/app';

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  // A stand-in web build, so the SPA fallback can be observed without running Vite.
  webDir = await mkdtemp(path.join(os.tmpdir(), 'tessera-web-'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Tessera SPA</title>');
  await writeFile(path.join(webDir, 'robots.txt'), 'User-agent: *');
  t = await createTestApp({ config: testConfig({ WEB_DIST_DIR: webDir }) });
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('OpenAPI', () => {
  it('serves a valid OpenAPI 3.1 document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const document = res.json();
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    const health = document.paths['/api/health'].get;
    expect(Object.keys(health.responses)).toEqual(expect.arrayContaining(['200', '503']));
    // The docs' own routes are not part of the API description.
    expect(Object.keys(document.paths).some((p: string) => p.startsWith('/api/docs'))).toBe(false);
  });

  it('renders the docs page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const page =
      res.statusCode === 302
        ? await t.app.inject({ method: 'GET', url: res.headers.location as string })
        : res;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('swagger-ui');
  });
});

describe('single-page app', () => {
  it('serves index.html for app routes, files as files, and JSON 404 under /api', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/manage/events?x=1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Tessera SPA');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");

    const file = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(file.body).toBe('User-agent: *');

    const api = await t.app.inject({ method: 'GET', url: '/api/does/not/exist' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('ROUTE_NOT_FOUND');

    const post = await t.app.inject({ method: 'POST', url: '/manage/events', payload: {} });
    expect(post.statusCode).toBe(404);
  });
});
