import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

/** How long one read of a public answer serves everyone who asks for it (issue 19: a sale or an edit shows within 1 s). */
export const FRESH_MS = 500;
const KEPT = 1_000;

/** A public answer ready to send: its value, its JSON, and the validator of that JSON. */
export interface ReadyAnswer<T> {
  value: T;
  json: string;
  etag: string;
}

export interface FreshReads<T> {
  get(key: string): Promise<ReadyAnswer<T>>;
  /** Drops every kept answer: the next caller reads anew (after a write in this process). */
  forget(): void;
}

/**
 * `read` at most once per `FRESH_MS` per key: a crowd on one event costs the database one read
 * every half second, whatever its size, and the JSON is written once for all of them. A read
 * that fails is not kept (the next caller tries again). Keys beyond the last `KEPT` are dropped,
 * oldest first, so arbitrary promo codes in addresses cannot grow the map without bound.
 */
export function freshReads<S extends z.ZodType>(
  schema: S,
  read: (key: string) => Promise<z.input<S>>,
): FreshReads<z.output<S>> {
  type T = z.output<S>;
  const recent = new Map<string, { at: number; answer: Promise<ReadyAnswer<T>> }>();
  const get = (key: string) => {
    const hit = recent.get(key);
    if (hit && Date.now() - hit.at < FRESH_MS) return hit.answer;
    const at = Date.now();
    const answer = read(key).then((raw) => {
      // As the route's response serializer would write it: parsed by the same schema.
      const value = schema.parse(raw);
      const json = JSON.stringify(value);
      return { value, json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
    });
    recent.delete(key);
    recent.set(key, { at, answer });
    if (recent.size > KEPT) recent.delete(recent.keys().next().value as string);
    answer.catch(() => {
      if (recent.get(key)?.answer === answer) recent.delete(key);
    });
    return answer;
  };
  return { get, forget: () => recent.clear() };
}

/**
 * Sends a ready answer as it is (no second serialization), with its validator: a browser or a
 * cache in front asks again each time (`no-cache`) and gets a bodiless 304 while nothing changed.
 */
export function sendReady(request: FastifyRequest, reply: FastifyReply, answer: ReadyAnswer<unknown>) {
  reply.header('etag', answer.etag).header('cache-control', 'public, no-cache');
  if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.json);
}
