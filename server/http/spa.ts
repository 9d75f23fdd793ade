import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eventPageId } from '../../common/event-page-path';
import { UPLOADS_PREFIX } from '../storage';
import {
  compressPage,
  type HtmlShell,
  negotiateEncoding,
  readHtmlShell,
  variesByEncoding,
} from './compression';
import { errorBody } from './error-handler';
import { readEventPagePreloads, withPreloads } from './preload';
import { type RenderedPage, type RenderRefused, withRenderedPage } from './server-render';

/** Paths that name files: a missing one is a 404, never the app's page. */
const FILE_PREFIXES = ['/assets/', UPLOADS_PREFIX];

const escapeText = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Puts a page's title and head tags into the SPA's `index.html`. The replacements are
 * functions: a replacement string would read `$&`, `` $` `` and `$'` in an organizer's text as
 * "the matched tag" and "the page before or after it", splicing the page's own markup in.
 */
export function withHead(indexHtml: string, page: { title: string; head: string }): string {
  const title = escapeText(page.title);
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

const TOO_MANY_PAGES = /*i18n*/ {
  id: 'page.too_many',
  message: 'Too many pages were asked for from your connection. Please wait a minute and try again.',
};

/**
 * A page, not the app, for a client over its page or rendering limit (decision 038): a few
 * hundred bytes in the visitor's language, which cost nothing to send, with Retry-After.
 */
function sendTooManyPages(request: FastifyRequest, reply: FastifyReply, retryAfterSeconds: number) {
  const text = escapeText(request.i18n._(TOO_MANY_PAGES));
  return reply
    .status(429)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('retry-after', String(Math.max(1, retryAfterSeconds)))
    .send(
      `<!doctype html><html lang="${request.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${text}</title></head><body><main><h1>429</h1><p>${text}</p></main></body></html>`,
    );
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
    /**
     * The head of a page whose content the server knows (public event pages), or null. Each
     * page asks for it: read it from something shared (`sharedReads`), not anew every time.
     */
    pageHead?: (pathname: string) => Promise<{ title: string; head: string } | null>;
    /** A public event page rendered on the server (`server-render.ts`), or null to send the bare shell. */
    renderPage?: (request: FastifyRequest) => Promise<RenderedPage | RenderRefused | null>;
    /** Counts a page for its client address: null while within the limit, else seconds to wait. */
    pageBudget?: (request: FastifyRequest) => Promise<number | null>;
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
  const { pageHead } = options;
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
    const pageWait = options.pageBudget ? await options.pageBudget(request) : null;
    if (pageWait !== null) return sendTooManyPages(request, reply, pageWait);
    shell ??= await readHtmlShell(indexPath);
    const isEventPage = eventPageId(pathname) !== null;
    const [head, outcome] = await Promise.all([
      pageHead ? pageHead(pathname) : null,
      isEventPage && options.renderPage ? options.renderPage(request) : null,
    ]);
    if (outcome && 'refused' in outcome) return sendTooManyPages(request, reply, outcome.retryAfterSeconds);
    const rendered = outcome;
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
