import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UPLOADS_PREFIX } from '../storage';
import {
  compressPage,
  type HtmlShell,
  negotiateEncoding,
  readHtmlShell,
  variesByEncoding,
} from './compression';
import { errorBody } from './error-handler';
import { EVENT_PAGE_PATH, readEventPagePreloads, withPreloads } from './preload';
import { type RenderedPage, withRenderedPage } from './server-render';

/** Paths that name files: a missing one is a 404, never the app's page. */
const FILE_PREFIXES = ['/assets/', UPLOADS_PREFIX];

/**
 * Puts a page's title and head tags into the SPA's `index.html`. The replacements are
 * functions: a replacement string would read `$&`, `` $` `` and `$'` in an organizer's text as
 * "the matched tag" and "the page before or after it", splicing the page's own markup in.
 */
export function withHead(indexHtml: string, page: { title: string; head: string }): string {
  const title = page.title.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace('</head>', () => `    ${page.head}\n  </head>`);
}

const NOTHING = {};
const built = new WeakMap<object, WeakMap<object, Map<string, Buffer>>>();

/**
 * The bytes of a page, built once per head, rendering, preloads and encoding: the head and the
 * rendering are objects kept while they are current, so a crowd on one page shares one copy
 * (issue 19) and a new head or rendering starts a new one; the old ones go with their objects.
 */
function builtOnce(
  of: { head: object | null; rendered: object | null },
  variant: string,
  build: () => Buffer,
): Buffer {
  const first = of.head ?? NOTHING;
  let byRendering = built.get(first);
  if (!byRendering) {
    byRendering = new WeakMap();
    built.set(first, byRendering);
  }
  const second = of.rendered ?? NOTHING;
  let variants = byRendering.get(second);
  if (!variants) {
    variants = new Map();
    byRendering.set(second, variants);
  }
  let bytes = variants.get(variant);
  if (!bytes) {
    bytes = build();
    variants.set(variant, bytes);
  }
  return bytes;
}

const HEAD_FRESH_MS = 1_000;
const HEADS_KEPT = 500;

/**
 * A page's head read once a second at most per address: a crowd on one event page costs one
 * read of the event a second, not one per visitor (the page itself: `server-render.ts`).
 */
export function readAtMostEverySecond<T>(
  read: (pathname: string) => Promise<T>,
): (pathname: string) => Promise<T> {
  const recent = new Map<string, { at: number; value: Promise<T> }>();
  return (pathname) => {
    const hit = recent.get(pathname);
    if (hit && Date.now() - hit.at < HEAD_FRESH_MS) return hit.value;
    const value = read(pathname);
    recent.delete(pathname);
    recent.set(pathname, { at: Date.now(), value });
    if (recent.size > HEADS_KEPT) recent.delete(recent.keys().next().value as string);
    value.catch(() => recent.delete(pathname));
    return value;
  };
}

/**
 * Serves the built SPA: hashed assets with a long cache, and `index.html` for every other
 * GET that is not an API path, each compressed with brotli or gzip when the browser accepts
 * it (decision 024): files from their twins written at build time, a page whose head the
 * server writes per request. Unknown `/api/*` paths answer the JSON 404 of the API, and
 * so do missing files under `/assets/` and `/uploads/` (an image that is gone is not a page).
 */
export async function registerSpa(
  app: FastifyInstance,
  options: {
    distDir: string;
    /** The head of a page whose content the server knows (public event pages), or null. */
    pageHead?: (pathname: string) => Promise<{ title: string; head: string } | null>;
    /** A public event page rendered on the server (`server-render.ts`), or null to send the bare shell. */
    renderPage?: (request: FastifyRequest) => Promise<RenderedPage | null>;
  },
): Promise<void> {
  const indexPath = path.join(options.distDir, 'index.html');
  const hasWeb = existsSync(indexPath);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Our own Cache-Control below; the plugin's would replace it with max-age=0.
      cacheControl: false,
      setHeaders(res, filePath) {
        if (variesByEncoding(filePath)) res.setHeader('vary', 'accept-encoding');
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
      },
    });
  }
  let shell: HtmlShell | undefined;
  const pageHead = options.pageHead ? readAtMostEverySecond(options.pageHead) : undefined;
  const eventPagePreloads = hasWeb ? readEventPagePreloads(options.distDir) : null;

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !wantsPage || !hasWeb) {
      return reply.status(404).send(errorBody('ROUTE_NOT_FOUND', request.i18n));
    }
    if (FILE_PREFIXES.some((prefix) => pathname.startsWith(prefix))) {
      return reply.status(404).send(errorBody('NOT_FOUND', request.i18n));
    }
    shell ??= await readHtmlShell(indexPath);
    const isEventPage = EVENT_PAGE_PATH.test(pathname);
    const [head, rendered] = await Promise.all([
      pageHead ? pageHead(pathname) : null,
      isEventPage && options.renderPage ? options.renderPage(request) : null,
    ]);
    // An event page's code, styles and the visitor's catalog load beside the entry script.
    const preloads = eventPagePreloads && isEventPage ? eventPagePreloads(request.locale) : '';
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    const shellText = shell.text;
    const assemble = () => {
      const page = withPreloads(head ? withHead(shellText, head) : shellText, preloads);
      return rendered ? withRenderedPage(page, rendered) : page;
    };
    reply
      .status(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      // The preloaded catalog follows the language cookie, else Accept-Language.
      .header('vary', preloads ? 'accept-encoding, accept-language, cookie' : 'accept-encoding');
    if (!head && !rendered && !preloads) {
      if (!encoding) return reply.send(shell.text);
      return reply.header('content-encoding', encoding).send(shell.compressed[encoding]);
    }
    const bytes = builtOnce({ head, rendered }, `${encoding ?? ''}\n${preloads}`, () => {
      const html = assemble();
      return encoding ? compressPage(html, encoding) : Buffer.from(html);
    });
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(bytes);
  });
}
