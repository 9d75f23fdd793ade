import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { UPLOADS_PREFIX } from '../storage';
import { errorBody } from './error-handler';

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

/**
 * Serves the built SPA: hashed assets with a long cache, and `index.html` for every other
 * GET that is not an API path. Unknown `/api/*` paths answer the JSON 404 of the API, and
 * so do missing files under `/assets/` and `/uploads/` (an image that is gone is not a page).
 */
export async function registerSpa(
  app: FastifyInstance,
  options: {
    distDir: string;
    /** The head of a page whose content the server knows (public event pages), or null. */
    pageHead?: (pathname: string) => Promise<{ title: string; head: string } | null>;
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
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
      },
    });
  }
  let indexHtml: string | undefined;

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
    indexHtml ??= await readFile(indexPath, 'utf8');
    const head = options.pageHead ? await options.pageHead(pathname) : null;
    return reply
      .status(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(head ? withHead(indexHtml, head) : indexHtml);
  });
}
