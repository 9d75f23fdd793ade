import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { LEGACY_WEBHOOK_HEADERS, WEBHOOK_HEADERS } from '../../../common/webhooks';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import type { JobPayload, WEBHOOK_DELIVER_JOB } from '../../jobs/kinds';
import type { JobHandler } from '../../jobs/worker';
import { checkLiteralHost, guardedLookup } from './address';
import { noteWebhookFailure, noteWebhookSuccess } from './disabling';
import { WEBHOOK_MAX_ATTEMPTS } from './retries';

export const WEBHOOK_TIMEOUT_MS = 10_000;
const EXCERPT_BYTES = 1024;

/**
 * The key a secret names: the bytes after `whsec_`. Node's base64 reads base64url too, so the
 * secrets given before decision 045 (base64url) name their same 32 bytes.
 */
export const webhookKey = (secret: string) => Buffer.from(secret.replace(/^whsec_/, ''), 'base64');

/** What an attempt signs: the body as sent, its id, the time of the attempt; the endpoint's secret. */
interface Signed {
  secret: string;
  id: string;
  at: Date;
  body: string;
}

/**
 * The three Standard Webhooks headers (decision 045): the id, the Unix time in seconds and
 * `v1,` with the base64 HMAC-SHA256 of `${id}.${timestamp}.${body}`, signed by the library.
 */
export function standardWebhookHeaders({ secret, id, at, body }: Signed) {
  const seconds = Math.floor(at.getTime() / 1000);
  return {
    [WEBHOOK_HEADERS.id]: id,
    [WEBHOOK_HEADERS.timestamp]: String(seconds),
    [WEBHOOK_HEADERS.signature]: new Webhook(webhookKey(secret), { format: 'raw' }).sign(
      id,
      new Date(seconds * 1000),
      body,
    ),
  };
}

/**
 * The headers of before decision 045, for endpoints made before it: `v1=` and the hex
 * HMAC-SHA256 of `${timestamp}.${body}`, keyed with the secret's text as it was given.
 */
export function legacyWebhookHeaders({ secret, id, at, body }: Signed) {
  const seconds = Math.floor(at.getTime() / 1000);
  const digest = createHmac('sha256', secret).update(`${seconds}.${body}`).digest('hex');
  return {
    [LEGACY_WEBHOOK_HEADERS.id]: id,
    [LEGACY_WEBHOOK_HEADERS.timestamp]: String(seconds),
    [LEGACY_WEBHOOK_HEADERS.signature]: `v1=${digest}`,
  };
}

interface PostResult {
  statusCode: number | null;
  error: string | null;
  excerpt: string | null;
}

/**
 * One POST, following no redirect, given up after the timeout. Only the first kilobyte of the
 * answer is kept; the rest is not read.
 */
function post({
  url,
  headers,
  body,
  allowPrivate,
}: {
  url: string;
  headers: Record<string, string>;
  body: string;
  allowPrivate: boolean;
}) {
  return new Promise<PostResult>((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
      checkLiteralHost(target.hostname, allowPrivate);
    } catch (error) {
      resolve({ statusCode: null, error: (error as Error).message, excerpt: null });
      return;
    }
    const client = target.protocol === 'https:' ? https : http;
    let settled = false;
    const finish = (result: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body).toString() },
        lookup: guardedLookup(allowPrivate),
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const excerpt = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
          const status = response.statusCode ?? 0;
          finish({
            statusCode: status,
            error:
              status >= 300 && status < 400
                ? `redirect to ${response.headers.location ?? '?'} not followed`
                : status >= 200 && status < 300
                  ? null
                  : `HTTP ${status}`,
            excerpt,
          });
          response.destroy();
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= EXCERPT_BYTES) done();
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      finish({ statusCode: null, error: `no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`, excerpt: null });
    }, WEBHOOK_TIMEOUT_MS);
    request.on('error', (error) => finish({ statusCode: null, error: error.message, excerpt: null }));
    request.end(body);
  });
}

export interface WebhookDeliveryOptions {
  /** WEBHOOKS_ALLOW_PRIVATE: let deliveries reach loopback and private addresses (tests, intranets). */
  allowPrivate: boolean;
  /** Where the app is served: the link in the mail to an account whose endpoint was disabled. */
  appUrl: string;
}

/**
 * The `webhooks.deliver` job: POSTs the delivery's body, signed, and records the attempt. A
 * non-2xx answer, a timeout or a refused address fails the job, which the queue retries with
 * backoff; the last attempt marks the delivery FAILED. A delivery already DELIVERED is never
 * sent again. Each attempt also tells the endpoint whether it is failing, which turns it off
 * after 3 days of nothing but failures (`disabling.ts`).
 */
export function webhookJobHandler(
  options: WebhookDeliveryOptions,
): JobHandler<JobPayload<typeof WEBHOOK_DELIVER_JOB>> {
  return async ({ delivery_id }, { db, attempt }) => {
    const [found] = await db
      .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, delivery_id));
    // Gone with its endpoint, or already answered 2xx: nothing to send.
    if (found?.delivery.status !== 'PENDING') return;
    const { delivery, endpoint } = found;
    const body = JSON.stringify(delivery.body);
    const signed = { secret: endpoint.secret, id: delivery.webhookId, at: new Date(), body };
    const started = performance.now();
    const result = await post({
      url: endpoint.url,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Tessera-Webhooks/1',
        // The body's id: the same on every retry and resend, for receivers to drop repeats.
        ...standardWebhookHeaders(signed),
        ...(endpoint.legacyHeaders ? legacyWebhookHeaders(signed) : {}),
      },
      body,
      allowPrivate: options.allowPrivate,
    });
    const durationMs = Math.round(performance.now() - started);
    const error = result.error;
    const final = error !== null && attempt >= WEBHOOK_MAX_ATTEMPTS;
    const turnedOff = await inTransaction(db, async (tx) => {
      await tx.insert(webhookAttempts).values({
        deliveryId: delivery.id,
        attempt: (await tx.$count(webhookAttempts, eq(webhookAttempts.deliveryId, delivery.id))) + 1,
        statusCode: result.statusCode,
        error,
        durationMs,
        responseExcerpt: result.excerpt,
      });
      if (error === null || final)
        await tx
          .update(webhookDeliveries)
          .set(error === null ? { status: 'DELIVERED', deliveredAt: sql`now()` } : { status: 'FAILED' })
          .where(eq(webhookDeliveries.id, delivery.id));
      if (error === null) {
        await noteWebhookSuccess(tx, endpoint.id);
        return false;
      }
      return noteWebhookFailure(tx, { endpointId: endpoint.id, error, appUrl: options.appUrl });
    });
    // Turned off: this delivery was marked FAILED with the others; nothing left to retry.
    if (error !== null && !final && !turnedOff) throw new Error(`webhook delivery ${delivery.id}: ${error}`);
  };
}
