import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreatedWebhookResponse, WebhookResponse } from '../../../common/webhooks';
import { jobs, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { createTestApp, type TestApp, testConfig } from '../../test/app';
import { makeAccount, type Owner } from '../../test/builders';
import { runAllDueJobs } from '../../test/jobs';
import { startSmtp, type TestSmtp } from '../../test/smtp';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver';

// An endpoint whose attempts have all failed for 72 hours is turned off and its account's owner
// mailed once (decision 027, "Endpoints that only fail"). Time is moved by moving the endpoint's
// past: its attempts, deliveries and failing_since are shifted back, as if made that long ago.

let t: TestApp;
let smtp: TestSmtp;
let receiver: WebhookReceiver;
let owner: Owner;

beforeAll(async () => {
  smtp = await startSmtp();
  const config = testConfig({
    SMTP_URL: smtp.url,
    APP_URL: 'http://tessera.test',
    WEBHOOKS_ALLOW_PRIVATE: 'true',
  });
  t = await createTestApp({ config });
  owner = await makeAccount(t.app, { first_name: 'Iris' });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
  await smtp?.close();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.plan.length = 0;
});

const call = (by: Owner, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${by.token}` } });

async function createHook(by: Owner, description = ''): Promise<CreatedWebhookResponse> {
  const res = await call(by, 'POST', '/api/webhooks', {
    url: receiver.url,
    event_types: ['order.completed'],
    description,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function read(by: Owner, id: number): Promise<WebhookResponse> {
  const res = await call(by, 'GET', `/api/webhooks/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every pending job due now (a retry's backoff skipped), then the queue run: deliveries and mails. */
async function runJobs(): Promise<void> {
  await t.app.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.status, 'pending'));
  await runAllDueJobs(t.app);
}

/**
 * One more attempt to the endpoint: a new `webhook.test` delivery, sent with every retry that
 * is queued, all answered `status`.
 */
async function attempt(by: Owner, id: number, status: number): Promise<void> {
  receiver.plan.push(...Array.from({ length: 20 }, () => status));
  const test = await call(by, 'POST', `/api/webhooks/${id}/test`);
  expect(test.statusCode, test.body).toBe(202);
  const before = receiver.received.length;
  await runJobs();
  expect(receiver.received.length).toBeGreaterThan(before);
  receiver.plan.length = 0;
}

/** As if everything the endpoint went through happened `hours` earlier. */
async function travel(id: number, hours: number): Promise<void> {
  const back = sql`make_interval(hours => ${hours})`;
  const { db } = t.app;
  const deliveries = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, id));
  await db
    .update(webhookAttempts)
    .set({ createdAt: sql`${webhookAttempts.createdAt} - ${back}` })
    .where(inArray(webhookAttempts.deliveryId, deliveries));
  await db
    .update(webhookDeliveries)
    .set({
      createdAt: sql`${webhookDeliveries.createdAt} - ${back}`,
      deliveredAt: sql`${webhookDeliveries.deliveredAt} - ${back}`,
    })
    .where(eq(webhookDeliveries.endpointId, id));
  await db
    .update(webhookEndpoints)
    .set({ failingSince: sql`${webhookEndpoints.failingSince} - ${back}` })
    .where(eq(webhookEndpoints.id, id));
}

/** The mails to `email` that tell of an endpoint turned off (not the account's other mails). */
const turnedOffMails = (email: string) =>
  smtp.to(email).filter((m) => m.links.includes('http://tessera.test/account/integrations'));

const hoursAgo = (iso: string | null) => (Date.now() - new Date(iso ?? 0).getTime()) / 3_600_000;

/** The deliveries of an endpoint as its log shows them, newest first. */
async function log(by: Owner, id: number): Promise<{ status: string; attempts: unknown[] }[]> {
  const res = await call(by, 'GET', `/api/webhooks/${id}/deliveries?per_page=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('an endpoint that only fails', () => {
  it('is turned off after 72 hours of failures, its queue stopped and its owner mailed once', async () => {
    const hook = await createHook(owner, 'CRM sync');
    await attempt(owner, hook.id, 500);
    expect(await read(owner, hook.id)).toMatchObject({ active: true, disabled_reason: null });
    expect(hoursAgo((await read(owner, hook.id)).failing_since)).toBeLessThan(0.1);

    // 71 hours of failures: not yet.
    await travel(hook.id, 71);
    await attempt(owner, hook.id, 502);
    const still = await read(owner, hook.id);
    expect(still).toMatchObject({ active: true, disabled_at: null, disabled_reason: null });
    expect(hoursAgo(still.failing_since)).toBeCloseTo(71, 1);
    expect(turnedOffMails(owner.email)).toHaveLength(0);

    // 73 hours: the next failure turns it off.
    await travel(hook.id, 2);
    const sent = receiver.received.length;
    await attempt(owner, hook.id, 503);
    // Three deliveries were due; the first failure turned the endpoint off and stopped the others.
    expect(receiver.received.length - sent).toBe(1);
    const off = await read(owner, hook.id);
    expect(off).toMatchObject({ active: false, disabled_reason: 'FAILING' });
    expect(hoursAgo(off.disabled_at)).toBeLessThan(0.1);
    expect(hoursAgo(off.failing_since)).toBeCloseTo(73, 1);
    // Nothing of it is retried any more: every delivery is FAILED, and due jobs send nothing.
    const requests = receiver.received.length;
    expect((await log(owner, hook.id)).map((d) => d.status)).toEqual(['FAILED', 'FAILED', 'FAILED']);
    await runJobs();
    await runJobs();
    expect(receiver.received).toHaveLength(requests);

    const mails = turnedOffMails(owner.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toMatch(/^A webhook endpoint of .+ was turned off$/);
    expect(mail?.text).toContain('Hello Iris,');
    expect(mail?.text).toContain(`Every delivery to the webhook endpoint ${receiver.url} has failed since`);
    expect(mail?.text).toContain('Description: CRM sync');
    expect(mail?.text).toContain('Last error: HTTP 503');
    expect(mail?.links).toContain('http://tessera.test/account/integrations');

    // A test sent to the endpoint while it is off, failing, mails nobody again.
    await attempt(owner, hook.id, 500);
    expect(turnedOffMails(owner.email)).toHaveLength(1);
    expect((await read(owner, hook.id)).disabled_reason).toBe('FAILING');
  });

  it('stays on when an attempt succeeded within the 72 hours', async () => {
    const other = await makeAccount(t.app);
    const hook = await createHook(other);
    await attempt(other, hook.id, 500);
    await travel(hook.id, 90);
    await attempt(other, hook.id, 200);
    expect((await read(other, hook.id)).failing_since).toBeNull();
    await travel(hook.id, 10);
    await attempt(other, hook.id, 500);
    await attempt(other, hook.id, 500);
    const on = await read(other, hook.id);
    expect(on).toMatchObject({ active: true, disabled_at: null, disabled_reason: null });
    // Failing since the attempt after the success, not the first failure 100 hours ago.
    expect(hoursAgo(on.failing_since)).toBeLessThan(0.1);
    expect(turnedOffMails(other.email)).toHaveLength(0);
  });

  it('is turned on again with PUT, which clears the reason; a second turning off mails again, in the owner’s language', async () => {
    const german = await makeAccount(t.app, { first_name: 'Jonas' });
    const me = await call(german, 'PUT', '/api/users/me', { locale: 'de' });
    expect(me.statusCode, me.body).toBe(200);
    const hook = await createHook(german);
    await attempt(german, hook.id, 500);
    await travel(hook.id, 73);
    await attempt(german, hook.id, 500);
    expect(await read(german, hook.id)).toMatchObject({ active: false, disabled_reason: 'FAILING' });
    expect(turnedOffMails(german.email)).toHaveLength(1);
    expect(turnedOffMails(german.email)[0]?.subject).toMatch(
      /^Ein Webhook-Endpunkt von .+ wurde deaktiviert$/,
    );

    const on = await call(german, 'PUT', `/api/webhooks/${hook.id}`, { active: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({
      active: true,
      disabled_at: null,
      disabled_reason: null,
      failing_since: null,
    });
    // Its 72 hours start again with the next failure.
    await attempt(german, hook.id, 500);
    expect(await read(german, hook.id)).toMatchObject({ active: true, disabled_reason: null });
    expect(turnedOffMails(german.email)).toHaveLength(1);

    await travel(hook.id, 72);
    await attempt(german, hook.id, 500);
    expect(await read(german, hook.id)).toMatchObject({ active: false, disabled_reason: 'FAILING' });
    expect(turnedOffMails(german.email)).toHaveLength(2);
  });
});
