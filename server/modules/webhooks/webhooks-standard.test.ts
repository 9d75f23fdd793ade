import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { CreatedWebhookResponse } from '../../../common/webhooks';
import { jobs, webhookEndpoints } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { makeAccount, type Owner } from '../../test/builders';
import { runAllDueJobs } from '../../test/jobs';
import {
  type ReceivedWebhook,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../test/webhook-receiver';

// Deliveries signed as Standard Webhooks says (decision 045): checked with the library a receiver
// uses and against the specification's formula; endpoints made before it keep working.

let t: TestApp;
let owner: Owner;
let receiver: WebhookReceiver;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${owner.token}` } });

/** Runs the due jobs, after making every pending one due now: a retry's backoff, skipped. */
async function deliverAll() {
  await t.app.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.status, 'pending'));
  await runAllDueJobs(t.app, { allowPrivate: true });
}

async function sendTest(id: number) {
  const res = await call('POST', `/api/webhooks/${id}/test`);
  expect(res.statusCode, res.body).toBe(202);
  await deliverAll();
}

/** What the library answers for a delivery: the parsed body, or the error it throws. */
function verified(secret: string | Uint8Array, r: ReceivedWebhook, options?: { format: 'raw' }) {
  try {
    return new Webhook(secret, options).verify(r.body, r.headers as Record<string, string>);
  } catch (error) {
    return error;
  }
}

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  owner = await makeAccount(t.app);
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});
beforeEach(() => {
  receiver.received.length = 0;
});

it('signs each attempt with the standard headers, the same id on every retry and resend', async () => {
  const res = await call('POST', '/api/webhooks', { url: receiver.url, event_types: ['order.completed'] });
  expect(res.statusCode, res.body).toBe(201);
  const hook = res.json<CreatedWebhookResponse>();
  expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  receiver.plan.push(503);
  await sendTest(hook.id);
  await deliverAll();
  const [delivery] = (await call('GET', `/api/webhooks/${hook.id}/deliveries`)).json().data;
  await call('POST', `/api/webhooks/${hook.id}/deliveries/${delivery.id}/resend`);
  await deliverAll();

  expect(receiver.received).toHaveLength(3);
  const key = Buffer.from(hook.secret.slice('whsec_'.length), 'base64');
  for (const r of receiver.received) {
    const body = JSON.parse(r.body);
    expect(r.headers['webhook-id']).toBe(body.id);
    expect(r.headers['webhook-id']).toBe(delivery.webhook_id);
    expect(verified(hook.secret, r)).toEqual(body);
    // The specification's formula, computed here without the library.
    const signed = `${r.headers['webhook-id']}.${r.headers['webhook-timestamp']}.${r.body}`;
    const expected = createHmac('sha256', key).update(signed).digest('base64');
    expect(r.headers['webhook-signature']).toBe(`v1,${expected}`);
    expect(r.headers['webhook-timestamp']).toMatch(/^\d{10}$/);
    expect(r.headers).not.toHaveProperty('tessera-webhook-signature');
  }

  // Another secret, an altered body or an old timestamp are refused.
  const r = receiver.received[0] as ReceivedWebhook;
  expect(verified(`whsec_${Buffer.alloc(32, 7).toString('base64')}`, r)).toBeInstanceOf(Error);
  expect(
    verified(hook.secret, { ...r, body: r.body.replace('webhook.test', 'webhook.tesT') }),
  ).toBeInstanceOf(Error);
  const old = String(Number(r.headers['webhook-timestamp']) - 600);
  expect(verified(hook.secret, { ...r, headers: { ...r.headers, 'webhook-timestamp': old } })).toBeInstanceOf(
    Error,
  );
});

it('keeps an endpoint made before the change working: its old secret, the old headers until turned off', async () => {
  // As the code before decision 045 made them: `whsec_` and base64url (here with both `-` and
  // `_`, which standard base64 lacks); migration 0039 marks such endpoints `legacy_headers`.
  const secret = `whsec_${Buffer.from(`fbefbeffffff${'41'.repeat(26)}`, 'hex').toString('base64url')}`;
  expect(secret).toMatch(/^whsec_----____[A-Za-z0-9_-]{35}$/);
  const [row] = await t.app.db
    .insert(webhookEndpoints)
    .values({
      accountId: owner.accountId,
      url: receiver.url,
      eventTypes: ['order.completed'],
      secret,
      legacyHeaders: true,
    })
    .returning();
  if (!row) throw new Error('no endpoint');
  expect((await call('GET', `/api/webhooks/${row.id}`)).json()).toMatchObject({ legacy_headers: true });
  await sendTest(row.id);

  expect(receiver.received).toHaveLength(1);
  const r = receiver.received[0] as ReceivedWebhook;
  const body = JSON.parse(r.body);
  // A receiver's code of before, unchanged, still accepts it.
  const timestamp = String(r.headers['tessera-webhook-timestamp']);
  const digest = createHmac('sha256', secret).update(`${timestamp}.${r.body}`).digest('hex');
  expect(r.headers['tessera-webhook-signature']).toBe(`v1=${digest}`);
  expect(r.headers['tessera-webhook-id']).toBe(body.id);
  // The library accepts the standard headers with the same secret written in base64, or with
  // its bytes (docs/api.md shows both).
  const standard = `whsec_${secret.slice(6).replaceAll('-', '+').replaceAll('_', '/')}=`;
  expect(verified(standard, r)).toEqual(body);
  expect(verified(Buffer.from(secret.slice(6), 'base64'), r, { format: 'raw' })).toEqual(body);
  // Given as it is, base64url, the library refuses the secret rather than verify with another key.
  expect(() => new Webhook(secret)).toThrow();

  // The owner turns the old headers off: the standard ones stay.
  const off = await call('PUT', `/api/webhooks/${row.id}`, { legacy_headers: false });
  expect(off.statusCode, off.body).toBe(200);
  expect(off.json()).toMatchObject({ legacy_headers: false });
  expect((await call('PUT', `/api/webhooks/${row.id}`, { legacy_headers: true })).statusCode).toBe(422);
  await sendTest(row.id);
  const after = receiver.received[1] as ReceivedWebhook;
  expect(Object.keys(after.headers).filter((h) => h.startsWith('tessera-'))).toEqual([]);
  expect(verified(standard, after)).toEqual(JSON.parse(after.body));
});
