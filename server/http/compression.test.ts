import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressAssets } from '../../scripts/compress-assets';
import { createTestApp, type TestApp } from '../test/app';
import { makeAccount, makeLiveEvent } from '../test/builders';

let t: TestApp;
let webDir: string;

const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Tessera</title>' +
  '<script type="module" crossorigin src="/assets/index-Bx7kQ2ab.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/index-Cc9dE1fg.css"></head>' +
  '<body><div id="root"></div></body></html>';

/** Files as `vite build` writes them: a big entry, a style sheet, a chunk of a few bytes, an icon. */
const FILES: Record<string, { body: string; type: RegExp; hashed: boolean }> = {
  'assets/index-Bx7kQ2ab.js': {
    body: `const messages=${JSON.stringify(Array.from({ length: 300 }, (_, i) => `message ${i}`))};console.log(messages);`,
    type: /^(text|application)\/javascript; charset=utf-8$/,
    hashed: true,
  },
  'assets/index-Cc9dE1fg.css': {
    body: Array.from({ length: 80 }, (_, i) => `.c${i}{color:red;margin:${i}px}`).join('\n'),
    type: /^text\/css; charset=utf-8$/,
    hashed: true,
  },
  'assets/where-DSIm08Gw.js': {
    body: 'export const a=1;',
    type: /^(text|application)\/javascript; charset=utf-8$/,
    hashed: true,
  },
  'favicon.svg': {
    body: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>',
    type: /^image\/svg\+xml/,
    hashed: false,
  },
};

beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'tessera-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(path.join(webDir, 'index.html'), INDEX);
  for (const [name, file] of Object.entries(FILES)) await writeFile(path.join(webDir, name), file.body);
  await writeFile(path.join(webDir, 'assets', 'cover-x1.webp'), Buffer.from([0x52, 0x49, 0x46, 0x46]));
  expect(compressAssets(webDir)).toBe(5);
  t = await createTestApp({ env: { WEB_DIST_DIR: webDir, APP_URL: 'http://tessera.test' } });
});
afterAll(async () => {
  await t?.close();
  await rm(webDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

function decode(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describe('built files over the wire', () => {
  it('sends every text file, however small, with brotli, gzip or plain as the browser accepts', async () => {
    const cases = [
      { accept: 'gzip, deflate, br, zstd', encoding: 'br' },
      { accept: 'gzip, deflate', encoding: 'gzip' },
      { accept: 'br;q=0, gzip', encoding: 'gzip' },
      { accept: '*', encoding: 'gzip' },
      { accept: 'identity', encoding: undefined },
      { accept: undefined, encoding: undefined },
    ];
    for (const [name, file] of Object.entries(FILES)) {
      for (const { accept, encoding } of cases) {
        const label = `${name} with ${accept}`;
        const res = await get(`/${name}`, accept);
        expect(res.statusCode, label).toBe(200);
        expect(res.headers['content-encoding'], label).toBe(encoding);
        expect(res.headers['content-type'], label).toMatch(file.type);
        expect(res.headers.vary, label).toBe('accept-encoding');
        expect(Number(res.headers['content-length']), label).toBe(res.rawPayload.length);
        expect(decode(res.rawPayload, encoding), label).toBe(file.body);
        expect(res.headers['cache-control'], label).toBe(
          file.hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
      }
    }
  });

  it('answers a HEAD with the length of the body a GET would send', async () => {
    const name = 'assets/index-Bx7kQ2ab.js';
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/${name}`,
      headers: { 'accept-encoding': 'br' },
    });
    const twin = await readFile(path.join(webDir, `${name}.br`));
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(twin.length);
    expect(twin.length).toBeLessThan(FILES[name]?.body.length ?? 0);
  });

  it('leaves images alone: they are compressed already', async () => {
    const res = await get('/assets/cover-x1.webp', 'gzip, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.rawPayload).toEqual(Buffer.from([0x52, 0x49, 0x46, 0x46]));
  });
});

describe('the HTML of a page', () => {
  it('sends the app shell compressed, never cached without asking again', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      [undefined, undefined],
    ] as const) {
      const res = await get('/manage/events', accept);
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-type'], accept).toBe('text/html; charset=utf-8');
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers.vary, accept).toBe('accept-encoding');
      expect(res.headers['cache-control'], accept).toBe('no-cache');
      expect(Number(res.headers['content-length']), accept).toBe(res.rawPayload.length);
      expect(decode(res.rawPayload, encoding), accept).toBe(INDEX);
    }
  });

  it("compresses an event page's HTML with the head the server writes into it", async () => {
    const owner = await makeAccount(t.app);
    const { event } = await makeLiveEvent(t.app, owner, { title: 'Fado by the river' });
    const plain = await get(`/e/${event.id}/${event.slug}`);
    expect(plain.body).toContain('<meta property="og:title" content="Fado by the river" />');
    for (const encoding of ['br', 'gzip']) {
      const res = await get(`/e/${event.id}/${event.slug}`, encoding);
      expect(res.headers['content-encoding'], encoding).toBe(encoding);
      expect(res.headers.vary, encoding).toBe('accept-encoding');
      expect(Number(res.headers['content-length']), encoding).toBe(res.rawPayload.length);
      expect(decode(res.rawPayload, encoding), encoding).toBe(plain.body);
    }
  });
});
