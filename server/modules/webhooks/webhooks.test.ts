import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type CreatedWebhookResponse,
  WEBHOOK_SECRET_PATTERN,
  type WebhookDeliveryResponse,
} from '../../../common/webhooks';
import { jobs, orders, webhookDeliveries } from '../../db/schema';
import { enqueue, WEBHOOK_DELIVER_JOB } from '../../jobs/kinds';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, makeLiveEvent, makeMember, makeOrder, type Owner } from '../../test/builders';
import { runAllDueJobs } from '../../test/jobs';
import {
  type ReceivedWebhook as Received,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../test/webhook-receiver';
import { WEBHOOK_MAX_ATTEMPTS } from './retries';
import { newWebhookSecret } from './service';

// Outgoing webhooks (decision 027): endpoints managed by ADMINs, deliveries signed, queued in
// the transaction of the change, retried until a 2xx and never after, private addresses refused.

let t: TestApp;
let owner: Owner;
let organizer: Owner;
let other: Owner;
let receiver: WebhookReceiver;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: bearer(token) });

/** Runs every due job, webhook deliveries allowed to private addresses or not. */
const runJobs = (allowPrivate = true) => runAllDueJobs(t.app, { allowPrivate });

/** Makes every pending job due now: a retry's backoff, skipped. */
const dueNow = () => t.app.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.status, 'pending'));

async function createWebhook(by: Owner, body: Record<string, unknown>): Promise<CreatedWebhookResponse> {
  const res = await call(by.token, 'POST', '/api/webhooks', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function deliveries(webhookId: number, by = owner): Promise<WebhookDeliveryResponse[]> {
  const res = await call(by.token, 'GET', `/api/webhooks/${webhookId}/deliveries?per_page=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** Whether the Standard Webhooks library accepts the delivery with this secret (decision 045). */
const verify = (secret: string, r: Received) => {
  try {
    new Webhook(secret).verify(r.body, r.headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
};

async function freeEvent(by: Owner) {
  const { event, tickets } = await makeLiveEvent(t.app, by, { title: 'Harbour Nights' });
  const ticket = tickets[0];
  if (!ticket) throw new Error('no ticket');
  return { eventId: event.id, ticketId: ticket.id };
}

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  owner = await makeAccount(t.app);
  organizer = await makeMember(t.app, owner, { role: 'ORGANIZER' });
  other = await makeAccount(t.app);
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});
beforeEach(async () => {
  await runJobs();
  receiver.received.length = 0;
  receiver.plan.length = 0;
});

describe('managing endpoints', () => {
  it('answers the secret once; lists, reads, changes and deletes the endpoint', async () => {
    const created = await createWebhook(owner, {
      url: 'https://hooks.example.com/tessera',
      event_types: ['order.completed', 'order.created', 'order.completed'],
      description: 'CRM',
    });
    expect(created.secret).toMatch(WEBHOOK_SECRET_PATTERN);
    expect(created).toMatchObject({
      event_types: ['order.completed', 'order.created'],
      active: true,
      event_id: null,
      description: 'CRM',
      legacy_headers: false,
    });
    const list = await call(owner.token, 'GET', '/api/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret);
    expect(list.json().data.map((w: { id: number }) => w.id)).toContain(created.id);
    const one = await call(owner.token, 'GET', `/api/webhooks/${created.id}`);
    expect(one.json()).not.toHaveProperty('secret');

    const changed = await call(owner.token, 'PUT', `/api/webhooks/${created.id}`, {
      active: false,
      event_types: ['ticket.created'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      active: false,
      event_types: ['ticket.created'],
      url: created.url,
    });

    expect((await call(other.token, 'GET', `/api/webhooks/${created.id}`)).statusCode).toBe(404);
    expect((await call(other.token, 'DELETE', `/api/webhooks/${created.id}`)).statusCode).toBe(404);
    expect((await call(owner.token, 'DELETE', `/api/webhooks/${created.id}`)).statusCode).toBe(204);
    expect((await call(owner.token, 'GET', `/api/webhooks/${created.id}`)).statusCode).toBe(404);
  });

  it('refuses bad input with field errors', async () => {
    const { eventId: theirs } = await freeEvent(other);
    const cases: [Record<string, unknown>, string][] = [
      [{ url: 'ftp://hooks.example.com', event_types: ['order.created'] }, 'url'],
      [{ url: 'not a url', event_types: ['order.created'] }, 'url'],
      [{ url: 'https://hooks.example.com', event_types: ['order.exploded'] }, 'event_types'],
      [{ url: 'https://hooks.example.com', event_types: [] }, 'event_types'],
      [{ url: 'https://hooks.example.com', event_types: ['order.created'], event_id: theirs }, 'event_id'],
    ];
    for (const [body, field] of cases) {
      const res = await call(owner.token, 'POST', '/api/webhooks', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(
        Object.keys(res.json().errors).some((k) => k.startsWith(field)),
        res.body,
      ).toBe(true);
    }
  });

  it('is for ADMINs, as API keys are: an ORGANIZER gets 403', async () => {
    for (const [method, url] of [
      ['GET', '/api/webhooks'],
      ['POST', '/api/webhooks'],
      ['GET', '/api/webhooks/1'],
      ['POST', '/api/webhooks/1/test'],
      ['GET', '/api/webhooks/1/deliveries'],
    ] as const) {
      const body = { url: 'https://hooks.example.com', event_types: ['order.created'] };
      const res = await call(organizer.token, method, url, method === 'POST' ? body : undefined);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
  });
});

describe('delivering', () => {
  it('posts order.created and order.completed, signed, with the order as the API returns it', async () => {
    const { eventId, ticketId } = await freeEvent(owner);
    const hook = await createWebhook(owner, {
      url: receiver.url,
      event_types: ['order.created', 'order.completed'],
      event_id: eventId,
    });
    const placed = await makeOrder(t.app, { eventId, lines: [{ ticket_id: ticketId, quantity: 2 }] });
    const [row] = await t.app.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.shortId, placed.short_id));
    await runJobs();

    expect(receiver.received).toHaveLength(2);
    const bodies = receiver.received.map((r) => JSON.parse(r.body));
    expect(bodies.map((b) => b.type)).toEqual(['order.created', 'order.completed']);
    for (const r of receiver.received) {
      expect(verify(hook.secret, r)).toBe(true);
      expect(verify(newWebhookSecret(), r)).toBe(false);
      expect(r.headers['content-type']).toBe('application/json');
      const body = JSON.parse(r.body);
      expect(r.headers['webhook-id']).toBe(body.id);
      expect(Math.abs(Number(r.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
      // An endpoint made after decision 045 gets the standard headers only.
      expect(Object.keys(r.headers).filter((h) => h.startsWith('tessera-'))).toEqual([]);
      expect(Object.keys(body).sort()).toEqual(['created_at', 'data', 'id', 'type']);
    }
    const completed = bodies[1];
    const detail = await call(owner.token, 'GET', `/api/events/${eventId}/orders/${row?.id}`);
    expect(completed.data).toEqual(detail.json());
    expect(completed.data).toMatchObject({ status: 'COMPLETED', attendees: [{}, {}] });

    const log = await deliveries(hook.id);
    expect(log.map((d) => [d.type, d.status, d.attempts.length])).toEqual([
      ['order.completed', 'DELIVERED', 1],
      ['order.created', 'DELIVERED', 1],
    ]);
    expect(log[0]?.attempts[0]).toMatchObject({ status_code: 200, error: null, response_excerpt: 'thanks' });
    // The log shows each body as it was sent.
    expect(log.map((d) => d.body)).toEqual([bodies[1], bodies[0]]);
  });

  it('posts order.cancelled when an organizer cancels the order', async () => {
    const { eventId, ticketId } = await freeEvent(owner);
    const hook = await createWebhook(owner, { url: receiver.url, event_types: ['order.cancelled'] });
    const placed = await makeOrder(t.app, { eventId, lines: [{ ticket_id: ticketId, quantity: 1 }] });
    const [row] = await t.app.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.shortId, placed.short_id));
    const url = `/api/events/${eventId}/orders/${row?.id}`;
    const cancel = await call(owner.token, 'POST', `${url}/cancel`, { notify_buyer: false });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await runJobs();
    expect(receiver.received).toHaveLength(1);
    const body = JSON.parse(receiver.received[0]?.body ?? '{}');
    expect(body.type).toBe('order.cancelled');
    expect(verify(hook.secret, receiver.received[0] as Received)).toBe(true);
    expect(body.data).toEqual((await call(owner.token, 'GET', url)).json());
    expect(body.data).toMatchObject({ status: 'CANCELLED', attendees: [{ status: 'CANCELLED' }] });
  });

  it('sends nothing to inactive endpoints, other types or other events', async () => {
    const { eventId, ticketId } = await freeEvent(owner);
    const { eventId: elsewhere } = await freeEvent(owner);
    await createWebhook(owner, { url: receiver.url, event_types: ['order.completed'], active: false });
    await createWebhook(owner, { url: receiver.url, event_types: ['ticket.created'] });
    await createWebhook(owner, { url: receiver.url, event_types: ['order.completed'], event_id: elsewhere });
    await createWebhook(other, { url: receiver.url, event_types: ['order.completed'] });
    await makeOrder(t.app, { eventId, lines: [{ ticket_id: ticketId, quantity: 1 }] });
    await runJobs();
    expect(receiver.received).toHaveLength(0);
  });

  it('retries a failing receiver with backoff: fails twice, then 200, three attempts and never again', async () => {
    const hook = await createWebhook(owner, { url: receiver.url, event_types: ['order.completed'] });
    receiver.plan.push(500, 302);
    const test = await call(owner.token, 'POST', `/api/webhooks/${hook.id}/test`);
    expect(test.statusCode, test.body).toBe(202);
    await runJobs();
    expect(receiver.received).toHaveLength(1);
    // Not due yet: the backoff holds the retry back.
    await runJobs();
    expect(receiver.received).toHaveLength(1);
    const [job] = await t.app.db
      .select()
      .from(jobs)
      .where(eq(jobs.type, WEBHOOK_DELIVER_JOB))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(job).toMatchObject({ status: 'pending', maxAttempts: WEBHOOK_MAX_ATTEMPTS });
    expect(job?.runAt.getTime()).toBeGreaterThan(Date.now() + 5_000);
    for (let i = 0; i < 4; i++) {
      await dueNow();
      await runJobs();
    }
    expect(receiver.received).toHaveLength(3);
    const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    expect(JSON.parse(receiver.received[0]?.body ?? '{}').type).toBe('webhook.test');

    const [delivery] = await deliveries(hook.id);
    expect(delivery?.status).toBe('DELIVERED');
    expect(delivery?.attempts.map((a) => [a.attempt, a.status_code])).toEqual([
      [1, 500],
      [2, 302],
      [3, 200],
    ]);
    expect(delivery?.attempts[0]?.error).toBe('HTTP 500');
    expect(delivery?.attempts[0]?.response_excerpt?.length).toBe(1024);
    expect(delivery?.attempts[1]?.error).toMatch(/redirect/);

    // A job for it claimed again (a second queue entry, a lost completion) sends nothing.
    await enqueue(t.app.db, { type: WEBHOOK_DELIVER_JOB, payload: { delivery_id: delivery?.id ?? 0 } });
    await runJobs();
    expect(receiver.received).toHaveLength(3);

    // A resend is a new delivery of the same body.
    const resent = await call(
      owner.token,
      'POST',
      `/api/webhooks/${hook.id}/deliveries/${delivery?.id}/resend`,
    );
    expect(resent.statusCode, resent.body).toBe(202);
    expect(resent.json()).toMatchObject({ resent_from_id: delivery?.id, status: 'PENDING' });
    await runJobs();
    expect(receiver.received).toHaveLength(4);
    expect(receiver.received[3]?.body).toBe(receiver.received[2]?.body);
    expect(verify(hook.secret, receiver.received[3] as Received)).toBe(true);
    const log = await deliveries(hook.id);
    expect(log.map((d) => d.status)).toEqual(['DELIVERED', 'DELIVERED']);
    const missing = await call(owner.token, 'POST', `/api/webhooks/${hook.id}/deliveries/999999/resend`);
    expect(missing.statusCode).toBe(404);
  });

  it('refuses loopback and private addresses without WEBHOOKS_ALLOW_PRIVATE, recording why', async () => {
    const local = await createWebhook(owner, { url: receiver.url, event_types: ['order.completed'] });
    const byName = await createWebhook(owner, {
      url: receiver.url.replace('127.0.0.1', 'localhost'),
      event_types: ['order.completed'],
    });
    const metadata = await createWebhook(owner, {
      url: 'http://169.254.169.254/latest/meta-data',
      event_types: ['order.completed'],
    });
    for (const hook of [local, byName, metadata])
      expect((await call(owner.token, 'POST', `/api/webhooks/${hook.id}/test`)).statusCode).toBe(202);
    await runJobs(false);
    expect(receiver.received).toHaveLength(0);
    for (const hook of [local, byName, metadata]) {
      const [delivery] = await deliveries(hook.id);
      expect(delivery?.status).toBe('PENDING');
      expect(delivery?.attempts).toHaveLength(1);
      expect(delivery?.attempts[0]).toMatchObject({ status_code: null, response_excerpt: null });
      expect(delivery?.attempts[0]?.error).toMatch(
        /refused: .*private, loopback, link-local or otherwise reserved/,
      );
    }
    // Stop them: the receiver is reachable with the flag, and later tests count its requests.
    for (const hook of [local, byName, metadata])
      await call(owner.token, 'DELETE', `/api/webhooks/${hook.id}`);
    const left = await t.app.db.$count(webhookDeliveries);
    expect(left).toBeGreaterThan(0);
  });

  it('marks a delivery FAILED after its last attempt, and does not send it again', async () => {
    const hook = await createWebhook(owner, { url: receiver.url, event_types: ['order.completed'] });
    receiver.plan.push(503);
    await call(owner.token, 'POST', `/api/webhooks/${hook.id}/test`);
    // Its job already on its last attempt.
    await t.app.db
      .update(jobs)
      .set({ attempts: WEBHOOK_MAX_ATTEMPTS - 1 })
      .where(and(eq(jobs.type, WEBHOOK_DELIVER_JOB), eq(jobs.status, 'pending')));
    await runJobs();
    const [delivery] = await deliveries(hook.id);
    expect(delivery?.status).toBe('FAILED');
    await dueNow();
    await runJobs();
    expect(receiver.received).toHaveLength(1);
    expect(WEBHOOK_MAX_ATTEMPTS).toBeGreaterThan(20);
  });
});
