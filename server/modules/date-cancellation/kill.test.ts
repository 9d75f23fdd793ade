import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DateCancellationResponse } from '../../../common/date-cancellation';
import { buildApp } from '../../app';
import { queryRows } from '../../db/rows';
import { orders } from '../../db/schema';
import { createStripeClient } from '../../payments/stripe/client';
import { testConfig } from '../../test/app';
import { makeAccount, makeLiveEvent, makeOrder } from '../../test/builders';
import { Instance } from '../../test/instance';
import { createProcessDatabase, type ProcessDatabase, standInWebBuild, stripeEnv } from '../../test/shop';
import { startSmtp, type TestSmtp } from '../../test/smtp';
import { firstDateOf } from '../../test/stock';
import { type StripeTestServer, startStripeTestServer } from '../../test/stripe-server/server';
import { signPayload } from '../../test/stripe-server/state';

// Decision 050: a date of 40 orders paid by card (two attendees each) and 20 free ones is
// cancelled with REFUND by a real server process, killed with SIGKILL while its job works through
// them (Stripe answering slowly, so a refund is likely in flight at the kill), and started again
// on the same database. Every card payment is refunded exactly once at Stripe (the refund asked
// again under its own key gets the refund made before), and every attendee gets one mail: a
// mail in flight at the kill may arrive again, under the same Message-ID (decision 046).

const CARD_ORDERS = 40;
const FREE_ORDERS = 20;
const SUBJECT = 'Tonight is cancelled';

let dir: string;
let database: ProcessDatabase;
let smtp: TestSmtp;
let stripe: StripeTestServer;
let server: Instance | undefined;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tessera-date-kill-'));
  database = await createProcessDatabase(dir);
  smtp = await startSmtp();
  stripe = await startStripeTestServer();
});
afterAll(async () => {
  await server?.stop('SIGKILL');
  await stripe?.stop();
  await smtp?.close();
  await database?.dispose();
  await rm(dir, { recursive: true, force: true });
});

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}\n${server?.log.slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The account connected to Stripe, an event of two dates and the orders, before any server runs. */
async function seed() {
  const handle = await database.open();
  const app = await buildApp({ config: testConfig(stripeEnv(stripe)), database: handle, logger: false });
  const sdk = await createStripeClient({
    secretKey: stripe.secretKey,
    publishableKey: stripe.publishableKey,
    webhookSecret: stripe.webhookSecret,
    apiBase: stripe.url,
    platformFeePercent: 0,
  });
  try {
    await app.ready();
    const owner = await makeAccount(app);
    const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url, payload, headers: { authorization: `Bearer ${owner.token}` } });
    await fetch((await as('POST', '/api/accounts/payment/stripe/connect')).json().url, {
      redirect: 'manual',
    });
    const stripeAccount: string = (await as('GET', '/api/accounts/payment')).json().stripe_account_id;
    const { event, tickets } = await makeLiveEvent(app, owner, {
      title: 'Open-air night',
      settings: { notify_organizer_of_new_orders: false },
      tickets: [
        { title: 'Seat', type: 'PAID', price: 1500, tax_and_fee_ids: [] },
        { title: 'Guest', type: 'FREE' },
      ],
    });
    const [paid, free] = tickets.map((t) => t.id);
    const dateId = await firstDateOf(app.db, event.id);
    const other = await as('POST', `/api/events/${event.id}/dates`, { starts_at: '2031-07-08T20:00:00Z' });
    expect(other.statusCode, other.body).toBe(201);
    const intents: string[] = [];
    for (let n = 1; n <= CARD_ORDERS; n++) {
      const email = `card${n}@example.com`;
      const order = await makeOrder(app, {
        eventId: event.id,
        date_id: dateId,
        lines: [{ ticket_id: paid ?? 0, quantity: 2 }],
        email,
        emails: [email, `guest${n}@example.com`],
        until: 'details',
      });
      const res = await app.inject({
        method: 'POST',
        url: `/api/public/events/${event.id}/orders/${order.short_id}/stripe/payment-intent`,
      });
      const intentId = res.json().client_secret.split('_secret_')[0] as string;
      await sdk.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' }, { stripeAccount });
      intents.push(intentId);
    }
    for (const stripeEvent of stripe.events) {
      const payload = JSON.stringify(stripeEvent);
      await app.inject({
        method: 'POST',
        url: '/api/public/webhooks/stripe',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signPayload(payload, stripe.webhookSecret),
        },
        payload,
      });
    }
    for (let n = 1; n <= FREE_ORDERS; n++) {
      await makeOrder(app, {
        eventId: event.id,
        date_id: dateId,
        lines: [{ ticket_id: free ?? 0, quantity: 1 }],
        email: `free${n}@example.com`,
      });
    }
    const [completed] = await queryRows<{ n: number | string }>(
      handle.db,
      sql`select count(*) as n from orders where event_id = ${event.id} and status = 'COMPLETED'`,
    );
    expect(Number(completed?.n)).toBe(CARD_ORDERS + FREE_ORDERS);
    return { token: owner.token, eventId: event.id, dateId, intents };
  } finally {
    await app.close();
    await handle.close();
  }
}

describe('cancelling a date while the server is killed', { timeout: 240_000 }, () => {
  it('refunds each card payment once and mails each attendee once', async () => {
    const started = Date.now();
    const { token, eventId, dateId, intents } = await seed();
    server = new Instance({
      ...database.env,
      ...stripeEnv(stripe),
      SMTP_URL: smtp.url,
      APP_URL: 'http://tessera.test',
      SEED_DEMO: 'false',
      WEB_DIST_DIR: await standInWebBuild(dir),
    });
    const follow = async () => {
      await server?.start();
      stripe.webhookUrl = `${server?.base()}/api/public/webhooks/stripe`;
    };
    // The kill falls while Stripe is making a refund: Stripe makes it, the dead process never
    // hears of it, and its refund row stays PENDING without Stripe's id.
    let killNow = () => {};
    const killTime = new Promise<void>((resolve) => {
      killNow = resolve;
    });
    stripe.beforeRefund = async () => {
      if (stripe.refunds.size < CARD_ORDERS / 3) return;
      killNow();
      await new Promise((resolve) => setTimeout(resolve, 400));
    };
    await follow();
    const api = (url: string, init: RequestInit = {}) =>
      fetch(`${server?.base()}${url}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
    const res = await api(`/api/events/${eventId}/dates/${dateId}/cancel`, {
      method: 'POST',
      body: JSON.stringify({ action: 'REFUND', subject: SUBJECT, message: 'The storm warning stands.' }),
    });
    expect(res.status).toBe(202);

    await killTime;
    await server.stop('SIGKILL');
    const atKill = stripe.refunds.size;
    // What Stripe sent meanwhile reached nobody; Stripe sends it again later, as it does.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(stripe.refunds.size).toBe(atKill + 1);
    stripe.beforeRefund = undefined;
    const unknown = async () => {
      const handle = await database.open();
      try {
        const [row] = await queryRows<{ n: number | string }>(
          handle.db,
          sql`select count(*) as n from refunds where status = 'PENDING' and provider_refund_id is null`,
        );
        return Number(row?.n);
      } finally {
        await handle.close();
      }
    };
    // The refund Stripe made after the kill is one the database does not know by Stripe's id.
    expect(await unknown()).toBe(1);
    await follow();
    const progress = async () =>
      (await (
        await api(`/api/events/${eventId}/dates/${dateId}/cancellation`)
      ).json()) as DateCancellationResponse;
    await waitFor('the cancellation to be done', async () => (await progress()).status === 'DONE', 120_000);
    for (const event of stripe.events.filter((e) => e.type.startsWith('refund.')))
      await stripe.deliver(event);
    const attendeeCount = CARD_ORDERS * 2 + FREE_ORDERS;
    const addresses = () => new Set(smtp.mails.filter((m) => m.subject === SUBJECT).flatMap((m) => m.to));
    await waitFor(`${attendeeCount} mails`, () => addresses().size >= attendeeCount, 60_000);
    expect(await progress()).toMatchObject({
      status: 'DONE',
      orders_total: CARD_ORDERS + FREE_ORDERS,
      orders_done: CARD_ORDERS + FREE_ORDERS,
      refunded: CARD_ORDERS,
      failed: 0,
    });
    expect(await server.stop('SIGTERM')).toBe(0);

    // One refund at Stripe per card payment, and one refund row per order.
    const refunds = [...stripe.refunds.values()];
    for (const intent of intents) expect(refunds.filter((r) => r.payment_intent === intent)).toHaveLength(1);
    const handle = await database.open();
    try {
      const rows = await queryRows<{ order_id: number | string; n: number | string }>(
        handle.db,
        sql`select order_id, count(*) as n from refunds group by order_id`,
      );
      expect(rows).toHaveLength(CARD_ORDERS);
      expect(rows.filter((r) => Number(r.n) !== 1)).toEqual([]);
      const statuses = await handle.db
        .select({ status: orders.status, n: sql<number>`count(*)::int` })
        .from(orders)
        .where(eq(orders.eventId, eventId))
        .groupBy(orders.status);
      expect(statuses).toEqual([{ status: 'CANCELLED', n: CARD_ORDERS + FREE_ORDERS }]);
    } finally {
      await handle.close();
    }

    // Each attendee under one Message-ID; a repeat only of a mail in flight at the kill.
    const mails = smtp.mails.filter((m) => m.subject === SUBJECT);
    const idsByAddress = new Map<string, Set<string>>();
    for (const mail of mails)
      for (const to of mail.to) idsByAddress.set(to, (idsByAddress.get(to) ?? new Set()).add(mail.messageId));
    expect(idsByAddress.size).toBe(attendeeCount);
    expect([...idsByAddress].filter(([, ids]) => ids.size !== 1)).toEqual([]);
    // Four mail jobs side by side.
    expect(mails.length - attendeeCount).toBeLessThanOrEqual(4);
    console.log(
      `date cancellation kill test on ${database.kind}: killed while Stripe made refund ${atKill + 1} of ${CARD_ORDERS}; ${mails.length} mails for ${attendeeCount} attendees; ${Math.round((Date.now() - started) / 1000)} s`,
    );
  });
});
