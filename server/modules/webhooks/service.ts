import { randomBytes } from 'node:crypto';
import { and, arrayContains, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { VALIDATION } from '../../../common/i18n/validation';
import type { PageMeta } from '../../../common/list-query';
import {
  type CreatedWebhookResponse,
  type CreateWebhookRequest,
  type UpdateWebhookRequest,
  WEBHOOK_TEST_TYPE,
  type WebhookBody,
  type WebhookDeliveryResponse,
  type WebhookDeliveryType,
  type WebhookEventType,
  type WebhookResponse,
} from '../../../common/webhooks';
import type { Database, Db, Transaction } from '../../db/client';
import { events, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError, fieldError } from '../../http/app-error';
import type { AuthContext } from '../../http/auth';
import { findPage } from '../../http/list';
import { enqueue, WEBHOOK_DELIVER_JOB } from '../../jobs/kinds';
import { findNonPublicAddress } from './address';
import { toDeliveryResponse, toWebhookResponse } from './presenter';
import { WEBHOOK_MAX_ATTEMPTS } from './retries';

type CreateInput = z.output<typeof CreateWebhookRequest>;
type UpdateInput = z.output<typeof UpdateWebhookRequest>;
type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** A signing secret as Standard Webhooks writes it: `whsec_` and 256 random bits in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
const newWebhookId = () => `whevt_${randomBytes(16).toString('base64url')}`;

/** An endpoint of the caller's account, as a request's path names it. */
export interface WebhookRef {
  auth: AuthContext;
  id: number;
}

const ofAccount = (auth: AuthContext, id: number) =>
  and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, auth.accountId));

async function endpointOf(db: Db, auth: AuthContext, id: number): Promise<EndpointRow> {
  const [row] = await db.select().from(webhookEndpoints).where(ofAccount(auth, id));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The event filter must name one of the account's events. */
async function checkEventFilter(db: Db, auth: AuthContext, eventId: number | null | undefined) {
  if (eventId === null || eventId === undefined) return;
  const [found] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.accountId, auth.accountId)));
  if (!found) throw fieldError('event_id', VALIDATION.invalid);
}

/** Whether endpoints may lead to private addresses: WEBHOOKS_ALLOW_PRIVATE. */
export interface WebhookAddressPolicy {
  allowPrivate: boolean;
}

/**
 * Refuses, as a field error that says why and how to allow it, a URL that leads to a private,
 * loopback, link-local or otherwise reserved address (decision 036). Deliveries check again.
 */
async function checkAddress(url: string | undefined, policy: WebhookAddressPolicy): Promise<void> {
  if (url === undefined || policy.allowPrivate) return;
  const address = await findNonPublicAddress(url);
  if (address !== null) throw fieldError('url', { ...VALIDATION.webhookPrivateAddress, values: { address } });
}

/** `GET /api/webhooks`: the account's endpoints, oldest first. */
export async function findWebhooks(db: Db, auth: AuthContext): Promise<WebhookResponse[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.accountId, auth.accountId))
    .orderBy(asc(webhookEndpoints.id));
  return rows.map(toWebhookResponse);
}

export async function getWebhook(db: Db, auth: AuthContext, id: number): Promise<WebhookResponse> {
  return toWebhookResponse(await endpointOf(db, auth, id));
}

/** `POST /api/webhooks`: the answer holds the signing secret, this once. */
export async function createWebhook(
  db: Database,
  { auth, policy }: { auth: AuthContext; policy: WebhookAddressPolicy },
  input: CreateInput,
): Promise<CreatedWebhookResponse> {
  await checkEventFilter(db, auth, input.event_id);
  await checkAddress(input.url, policy);
  const secret = newWebhookSecret();
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      accountId: auth.accountId,
      url: input.url,
      description: input.description,
      eventTypes: input.event_types,
      eventId: input.event_id,
      active: input.active,
      secret,
    })
    .returning();
  if (!row) throw new Error('webhook insert returned nothing');
  return { ...toWebhookResponse(row), secret };
}

/**
 * Turning an endpoint on clears why Tessera turned it off; one that was off also starts its
 * count of failing time afresh (its next failure starts another 72 hours).
 */
const turnedOn = {
  disabledAt: null,
  disabledReason: null,
  failingSince: sql`case when ${webhookEndpoints.active} then ${webhookEndpoints.failingSince} end`,
};

/** `PUT /api/webhooks/{webhookId}`: changes the fields given; the secret stays. */
export async function updateWebhook(
  db: Database,
  { auth, id, policy }: WebhookRef & { policy: WebhookAddressPolicy },
  input: UpdateInput,
): Promise<WebhookResponse> {
  await endpointOf(db, auth, id);
  await checkEventFilter(db, auth, input.event_id);
  await checkAddress(input.url, policy);
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      url: input.url,
      description: input.description,
      eventTypes: input.event_types,
      eventId: input.event_id,
      active: input.active,
      legacyHeaders: input.legacy_headers,
      ...(input.active === true ? turnedOn : {}),
      updatedAt: sql`now()`,
    })
    .where(ofAccount(auth, id))
    .returning();
  if (!row) throw new AppError('NOT_FOUND');
  return toWebhookResponse(row);
}

/** `DELETE /api/webhooks/{webhookId}`: the endpoint and its log go; queued deliveries are dropped. */
export async function deleteWebhook(db: Database, auth: AuthContext, id: number): Promise<void> {
  const gone = await db
    .delete(webhookEndpoints)
    .where(ofAccount(auth, id))
    .returning({ id: webhookEndpoints.id });
  if (gone.length === 0) throw new AppError('NOT_FOUND');
}

/** Writes one delivery of `body` to an endpoint and the job that sends it. */
async function queueDelivery(
  tx: Transaction,
  {
    endpointId,
    body,
    resentFromId = null,
  }: { endpointId: number; body: WebhookBody; resentFromId?: number | null },
): Promise<typeof webhookDeliveries.$inferSelect> {
  const [delivery] = await tx
    .insert(webhookDeliveries)
    .values({ endpointId, webhookId: body.id, type: body.type, body, resentFromId })
    .returning();
  if (!delivery) throw new Error('webhook delivery insert returned nothing');
  await enqueue(tx, {
    type: WEBHOOK_DELIVER_JOB,
    payload: { delivery_id: delivery.id },
    maxAttempts: WEBHOOK_MAX_ATTEMPTS,
  });
  return delivery;
}

const newBody = (type: WebhookDeliveryType, data: unknown): WebhookBody => ({
  id: newWebhookId(),
  type,
  created_at: new Date().toISOString(),
  data,
});

export interface WebhookEvent {
  accountId: number;
  /** The event the change belongs to, for endpoints filtered on one event. */
  eventId?: number | null;
  type: WebhookEventType;
  /** The object as the API returns it; a function is called only if some endpoint listens. */
  data: unknown | (() => Promise<unknown>);
  /** The endpoints listening, when the caller looked them up once for many changes alike. */
  listeners?: readonly { id: number }[];
}

/**
 * Queues, in the caller's transaction, one delivery (and its job) per active endpoint of the
 * account subscribed to `type` whose event filter matches: the deliveries exist exactly when
 * the change that caused them commits. Answers how many were queued.
 */
export async function enqueueWebhookEvent(tx: Transaction, change: WebhookEvent): Promise<number> {
  const targets = change.listeners ?? (await listeners(tx, change));
  if (targets.length === 0) return 0;
  const data =
    typeof change.data === 'function' ? await (change.data as () => Promise<unknown>)() : change.data;
  // One body for every endpoint: the same change has the same id wherever it goes.
  const body = newBody(change.type, data);
  for (const target of targets) await queueDelivery(tx, { endpointId: target.id, body });
  return targets.length;
}

/**
 * The account's active endpoints subscribed to the type whose event filter matches: looked up
 * once for many changes alike (each attendee of an order), or to skip preparing them when none.
 */
export function listeners(db: Db, change: Omit<WebhookEvent, 'data' | 'listeners'>) {
  const eventId = change.eventId ?? null;
  return db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.accountId, change.accountId),
        eq(webhookEndpoints.active, true),
        arrayContains(webhookEndpoints.eventTypes, [change.type]),
        eventId === null
          ? isNull(webhookEndpoints.eventId)
          : or(isNull(webhookEndpoints.eventId), eq(webhookEndpoints.eventId, eventId)),
      ),
    )
    .orderBy(asc(webhookEndpoints.id));
}

async function deliveryResponses(db: Db, rows: (typeof webhookDeliveries.$inferSelect)[]) {
  const ids = rows.map((r) => r.id);
  const attempts =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(webhookAttempts)
          .where(inArray(webhookAttempts.deliveryId, ids))
          .orderBy(asc(webhookAttempts.id));
  return rows.map((row) =>
    toDeliveryResponse(
      row,
      attempts.filter((a) => a.deliveryId === row.id),
    ),
  );
}

/** `POST /api/webhooks/{webhookId}/test`: a `webhook.test` delivery to this endpoint, active or not. */
export async function sendTestWebhook(
  db: Database,
  auth: AuthContext,
  id: number,
): Promise<WebhookDeliveryResponse> {
  return inTransaction(db, async (tx) => {
    const endpoint = await endpointOf(tx, auth, id);
    const body = newBody(WEBHOOK_TEST_TYPE, { webhook: toWebhookResponse(endpoint) });
    const delivery = await queueDelivery(tx, { endpointId: endpoint.id, body });
    return toDeliveryResponse(delivery, []);
  });
}

/** `POST /api/webhooks/{webhookId}/deliveries/{deliveryId}/resend`: the same body, delivered anew. */
export async function resendWebhookDelivery(
  db: Database,
  { auth, id }: WebhookRef,
  deliveryId: number,
): Promise<WebhookDeliveryResponse> {
  return inTransaction(db, async (tx) => {
    const endpoint = await endpointOf(tx, auth, id);
    const [original] = await tx
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpoint.id)));
    if (!original) throw new AppError('NOT_FOUND');
    const delivery = await queueDelivery(tx, {
      endpointId: endpoint.id,
      body: original.body,
      resentFromId: original.id,
    });
    return toDeliveryResponse(delivery, []);
  });
}

/** `GET /api/webhooks/{webhookId}/deliveries`: the log, newest first, with every attempt. */
export async function findWebhookDeliveries(
  db: Db,
  { auth, id }: WebhookRef,
  query: { page: number; perPage: number },
): Promise<{ data: WebhookDeliveryResponse[]; meta: PageMeta }> {
  const endpoint = await endpointOf(db, auth, id);
  const where = eq(webhookDeliveries.endpointId, endpoint.id);
  return findPage(query, {
    rows: async (limit, offset) =>
      deliveryResponses(
        db,
        await db
          .select()
          .from(webhookDeliveries)
          .where(where)
          .orderBy(desc(webhookDeliveries.id))
          .limit(limit)
          .offset(offset),
      ),
    total: () => db.$count(webhookDeliveries, where),
  });
}
