import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type ContentEncoding, compressForResponse, negotiateEncoding } from './compression';

/** How long one read of a public answer serves everyone who asks for it (issue 19: a sale or an edit shows within 1 s). */
export const FRESH_MS = 500;
const KEPT = 1_000;

/** A public answer ready to send: its value, its JSON, and the validator of that JSON. */
export interface ReadyAnswer<T> {
  value: T;
  json: string;
  etag: string;
  /** The bytes sent for each encoding (`identity`: the JSON itself), made when first asked for. */
  encoded?: Partial<Record<ContentEncoding | 'identity', Encoded>>;
}

/** An answer's bytes in one encoding, and their validator. */
interface Encoded {
  body: Buffer;
  etag: string;
}

export type FreshReads<T> = SharedReads<string, ReadyAnswer<T>>;

/** Reads kept for a short while per key and shared by every caller in that window. */
export interface SharedReads<K, T, C = void> {
  /** `context` is what the read needs besides its key, taken from the caller that starts it. */
  get(key: K, context: C): Promise<T>;
  /** Drops every kept read: the next caller reads anew (after a write in this process). */
  forget(): void;
}

export interface SharedReadsOptions<T> {
  /** How long a read serves later callers; `FRESH_MS` unless said. */
  freshMs?: number;
  /** Whether an answer may serve others: one that does not is dropped once it is known. */
  keep?: (answer: T) => boolean;
}

/**
 * `read` at most once per `freshMs` per key: a crowd on one event costs the database one read
 * every half second, whatever its size. Callers that arrive while a read runs wait for it. A
 * read that fails is not kept (the next caller tries again). Keys beyond the last `KEPT` are
 * dropped, oldest first, so arbitrary keys (promo codes in addresses) cannot grow memory. The
 * one cache of the server's shared reads: public answers, sale catalogues, page renderings.
 */
export function sharedReads<K, T, C = void>(
  read: (key: K, context: C) => Promise<T>,
  { freshMs = FRESH_MS, keep }: SharedReadsOptions<T> = {},
): SharedReads<K, T, C> {
  const recent = new Map<K, { at: number; answer: Promise<T> }>();
  const drop = (key: K, answer: Promise<T>) => {
    if (recent.get(key)?.answer === answer) recent.delete(key);
  };
  const get = (key: K, context: C) => {
    const hit = recent.get(key);
    if (hit && Date.now() - hit.at < freshMs) return hit.answer;
    const at = Date.now();
    const answer = read(key, context);
    recent.delete(key);
    recent.set(key, { at, answer });
    if (recent.size > KEPT) recent.delete(recent.keys().next().value as K);
    answer.then(
      (value) => {
        if (keep && !keep(value)) drop(key, answer);
      },
      () => drop(key, answer),
    );
    return answer;
  };
  return { get, forget: () => recent.clear() };
}

/** Shared reads of a public answer, its JSON written once for all (through the route's schema). */
export function freshReads<S extends z.ZodType>(
  schema: S,
  read: (key: string) => Promise<z.input<S>>,
): FreshReads<z.output<S>> {
  return sharedReads((key: string) =>
    read(key).then((raw) => {
      // As the route's response serializer would write it: parsed by the same schema.
      const value = schema.parse(raw) as z.output<S>;
      const json = JSON.stringify(value);
      return { value, json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
    }),
  );
}

/**
 * An answer's bytes in the encoding asked for, made the first time and kept with the answer:
 * a crowd's thousands of reads of one answer cost one compression, and go out as bytes (a
 * string would be encoded again for each).
 */
function encodedOf(answer: ReadyAnswer<unknown>, encoding: ContentEncoding | undefined): Encoded {
  const key = encoding ?? 'identity';
  answer.encoded ??= {};
  let encoded = answer.encoded[key];
  if (!encoded) {
    encoded = encoding
      ? { body: compressForResponse(answer.json, encoding), etag: `${answer.etag.slice(0, -1)}-${encoding}"` }
      : { body: Buffer.from(answer.json), etag: answer.etag };
    answer.encoded[key] = encoded;
  }
  return encoded;
}

/**
 * Sends a ready answer as it is (no second serialization), with its validator: a browser or a
 * cache in front asks again each time (`no-cache`) and gets a bodiless 304 while nothing changed.
 * A client that accepts brotli or gzip gets the JSON compressed (`encodedOf`); each encoding has
 * its own validator (`"…-gzip"`), and any of an answer's validators makes a 304.
 */
export function sendReady(request: FastifyRequest, reply: FastifyReply, answer: ReadyAnswer<unknown>) {
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  const { body, etag } = encodedOf(answer, encoding);
  reply.header('etag', etag).header('cache-control', 'public, no-cache').header('vary', 'accept-encoding');
  const ifNoneMatch = request.headers['if-none-match'];
  // `"hash` opens each of the answer's validators and no other answer's.
  if (ifNoneMatch?.includes(answer.etag.slice(0, -1))) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}
