/**
 * How the built web app goes over the wire (decision 024): brotli to a browser that accepts
 * it, else gzip, else the plain bytes. The files of `dist/web` have compressed twins written at
 * build time (`scripts/compress-assets.ts`); only the HTML of a page whose head the server
 * writes (public event pages) is compressed per request.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip';

/** File types worth compressing: text. Images and woff/woff2 fonts are compressed already. */
export const COMPRESSIBLE_FILE = /\.(html|js|mjs|css|svg|json|txt|map|webmanifest|xml|ico|ttf|otf|eot)$/;

/** The twin's file name suffix for each encoding. */
export const TWIN_SUFFIX: Record<ContentEncoding, string> = { br: '.br', gzip: '.gz' };

/**
 * The encoding to answer with for an `Accept-Encoding` header: brotli if the client accepts
 * it, else gzip, else none. `q=0` refuses an encoding; `*` counts as gzip, as
 * `@fastify/static` takes it for the files, so a page and its scripts agree.
 */
export function negotiateEncoding(header: string | string[] | undefined): ContentEncoding | undefined {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return undefined;
  // Browsers send a handful of different headers: each is read once (the rush's hot path).
  if (negotiated.has(value)) return negotiated.get(value);
  const encoding = readAcceptEncoding(value);
  if (value.length > 200) return encoding;
  if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear();
  negotiated.set(value, encoding);
  return encoding;
}

const negotiated = new Map<string, ContentEncoding | undefined>();
const NEGOTIATED_MAX = 100;

function readAcceptEncoding(value: string): ContentEncoding | undefined {
  const weights = new Map<string, number>();
  for (const part of value.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const br = weights.get('br') ?? 0;
  const gzip = Math.max(weights.get('gzip') ?? weights.get('*') ?? 0, weights.get('x-gzip') ?? 0);
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return undefined;
}

/** Compresses at the highest level: for files written once at build time. */
export function compressForBuild(content: Buffer, encoding: ContentEncoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      })
    : gzipSync(content, { level: 9 });
}

/**
 * Compresses a response written per request: brotli at quality 5, about a millisecond for a
 * page's few KB of HTML (quality 11 is for build time: seconds for a large script).
 */
export function compressForResponse(content: string, encoding: ContentEncoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(content, { level: 6 });
}

const recent = new Map<string, Buffer>();
const RECENT_MAX = 200;

/**
 * `compressForResponse` remembering the last few hundred pages: a flash crowd on one event
 * page asks for the same HTML thousands of times, and it is compressed once.
 */
export function compressPage(html: string, encoding: ContentEncoding): Buffer {
  const key = `${encoding}\n${html}`;
  let body = recent.get(key);
  if (body) {
    recent.delete(key); // most recently used last
  } else {
    body = compressForResponse(html, encoding);
    if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value ?? '');
  }
  recent.set(key, body);
  return body;
}

/** `index.html` as written by the build, with its compressed twins (made here if missing). */
export interface HtmlShell {
  text: string;
  compressed: Record<ContentEncoding, Buffer>;
}

export async function readHtmlShell(indexPath: string): Promise<HtmlShell> {
  const raw = await readFile(indexPath);
  const twin = async (encoding: ContentEncoding) =>
    readFile(`${indexPath}${TWIN_SUFFIX[encoding]}`).catch(() => compressForBuild(raw, encoding));
  return { text: raw.toString('utf8'), compressed: { br: await twin('br'), gzip: await twin('gzip') } };
}

/** Whether a file served from `dist/web` (or its twin) varies with `Accept-Encoding`. */
export function variesByEncoding(filePath: string): boolean {
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  return COMPRESSIBLE_FILE.test(name);
}
