import { eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, stripeConnections, tickets, users } from '../../db/schema';
import { createStripeClient } from '../../payments/stripe/client';
import { type StripeTestServer, startStripeTestServer } from '../../payments/stripe/test-server/server';
import { type StripeEvent, signPayload } from '../../payments/stripe/test-server/state';
import { createIdentityKit, type IdentityKit } from '../../test/identity';
import { sweepExpiredReservations } from '../orders/service';

// Card payments against the local Stripe stand-in, through the official SDK: connecting an
// account, paying an order, and webhooks that are verified and acted on exactly once.

let stripeServer: StripeTestServer;
let kit: IdentityKit;
let stripe: Stripe;
let owner: Awaited<ReturnType<IdentityKit['register']>>;
let eventId: number;
let ticketId: number;
let stripeAccount: string;

beforeAll(async () => {
  stripeServer = await startStripeTestServer();
  stripeServer.autoDeliver = false;
  kit = await createIdentityKit({
    STRIPE_SECRET_KEY: stripeServer.secretKey,
    STRIPE_PUBLISHABLE_KEY: stripeServer.publishableKey,
    STRIPE_WEBHOOK_SECRET: stripeServer.webhookSecret,
    STRIPE_API_BASE: stripeServer.url,
  });
  stripe = createStripeClient({
    secretKey: stripeServer.secretKey,
    publishableKey: stripeServer.publishableKey,
    webhookSecret: stripeServer.webhookSecret,
    apiBase: stripeServer.url,
    platformFeePercent: 0,
  });
  owner = await kit.register();
  await kit.app.db.update(users).set({ emailConfirmedAt: sql`now()` }).where(eq(users.id, owner.userId));
  eventId = (await kit.createEvent(owner.token, { title: 'Card night', start_date: '2031-02-01T20:00:00Z' }))
    .id;
  ticketId = (
    await kit.as(owner.token, {
      method: 'POST',
      url: `/api/events/${eventId}/tickets`,
      payload: { title: 'Seat', type: 'PAID', price: 3000, quantity_available: 100, tax_and_fee_ids: [] },
    })
  ).json().id;
  await kit.as(owner.token, {
    method: 'PUT',
    url: `/api/events/${eventId}/status`,
    payload: { status: 'LIVE' },
  });
});
afterAll(async () => {
  await kit?.close();
  await stripeServer?.stop();
});

const deliver = (event: StripeEvent, signature?: string) => {
  const payload = JSON.stringify(event);
  return kit.app.inject({
    method: 'POST',
    url: '/api/public/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signature ?? signPayload(payload, stripeServer.webhookSecret),
    },
    payload,
  });
};
const connection = () => kit.as(owner.token, { method: 'GET', url: '/api/accounts/payment' });
const base = () => `/api/public/events/${eventId}/orders`;

/** A reserved order with its details, and its PaymentIntent. */
async function orderWithIntent(quantity = 1, email = 'card.buyer@example.com') {
  const order = (
    await kit.app.inject({
      method: 'POST',
      url: base(),
      payload: { tickets: [{ ticket_id: ticketId, quantity }] },
    })
  ).json();
  const person = { first_name: 'Ana', last_name: 'Lima', email };
  await kit.app.inject({
    method: 'PUT',
    url: `${base()}/${order.short_id}`,
    payload: {
      ...person,
      attendees: Array.from({ length: quantity }, () => ({ ...person, ticket_id: ticketId })),
    },
  });
  const res = await kit.app.inject({
    method: 'POST',
    url: `${base()}/${order.short_id}/stripe/payment-intent`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const intentId = res.json().client_secret.split('_secret_')[0] as string;
  return {
    shortId: order.short_id as string,
    total: order.totals.total as number,
    intentId,
    body: res.json(),
  };
}
const statusOf = async (shortId: string) =>
  (await kit.app.inject({ method: 'GET', url: `${base()}/${shortId}` })).json().status;
const eventsFor = (intentId: string) =>
  stripeServer.events.filter((e) => (e.data.object as { id?: string }).id === intentId);

describe('card payments', () => {
  it('connect an account through Stripe onboarding', async () => {
    expect((await connection()).json()).toMatchObject({ available: true, status: 'NOT_CONNECTED' });
    const paymentIntentRefused = await kit.app.inject({ method: 'GET', url: '/api/accounts/payment' });
    expect(paymentIntentRefused.statusCode).toBe(401);

    const first = await kit.as(owner.token, { method: 'POST', url: '/api/accounts/payment/stripe/connect' });
    expect(first.statusCode, first.body).toBe(200);
    const again = await kit.as(owner.token, { method: 'POST', url: '/api/accounts/payment/stripe/connect' });
    expect(stripeServer.accounts.size).toBe(1);
    expect(again.json().url).toContain('/onboarding/');
    expect((await connection()).json()).toMatchObject({ status: 'SETUP_INCOMPLETE' });

    const back = await fetch(first.json().url, { redirect: 'manual' });
    expect(back.headers.get('location')).toBe('http://tessera.test/account/payment?stripe=return');
    // The account.updated webhook alone brings the state up to date.
    const [updated] = stripeServer.events.filter((e) => e.type === 'account.updated');
    expect((await deliver(updated as StripeEvent)).statusCode).toBe(200);
    const [row] = await kit.app.db.select().from(stripeConnections);
    expect(row).toMatchObject({ chargesEnabled: true, detailsSubmitted: true });
    const connected = (await connection()).json();
    expect(connected).toMatchObject({ status: 'CONNECTED', charges_enabled: true });
    stripeAccount = connected.stripe_account_id;
  });

  it('create the PaymentIntent on the connected account, once per order', async () => {
    const { shortId, total, intentId, body } = await orderWithIntent(2);
    expect(body).toMatchObject({
      publishable_key: stripeServer.publishableKey,
      stripe_account: stripeAccount,
    });
    const intent = stripeServer.paymentIntents.get(intentId);
    expect(intent).toMatchObject({
      amount: total,
      currency: 'eur',
      account: stripeAccount,
      idempotencyKey: expect.stringMatching(/^tessera-order-\d+$/),
    });
    const retry = await kit.app.inject({ method: 'POST', url: `${base()}/${shortId}/stripe/payment-intent` });
    expect(retry.json().client_secret).toBe(body.client_secret);
    expect(total).toBe(6000);
  });

  it('refuse a webhook with a bad signature and change nothing', async () => {
    const { shortId, intentId } = await orderWithIntent();
    await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' }, { stripeAccount });
    const [succeeded] = eventsFor(intentId);
    const forged = await deliver(succeeded as StripeEvent, 't=1,v1=deadbeef');
    expect(forged.statusCode).toBe(400);
    const tampered = { ...(succeeded as StripeEvent), id: 'evt_other' };
    const wrong = await deliver(tampered, signPayload(JSON.stringify(succeeded), stripeServer.webhookSecret));
    expect(wrong.statusCode).toBe(400);
    expect(await statusOf(shortId)).toBe('RESERVED');
  });

  it('complete each order exactly once however often and in whatever order the events come', async () => {
    const paid = [await orderWithIntent(1, 'one@example.com'), await orderWithIntent(1, 'two@example.com')];
    for (const p of paid) {
      await stripe.paymentIntents.confirm(p.intentId, { payment_method: 'pm_card_visa' }, { stripeAccount });
    }
    const all = paid.flatMap((p) => eventsFor(p.intentId));
    const deliveries = [...all, ...all, ...all].sort(() => Math.random() - 0.5);
    const answers = await Promise.all(deliveries.map((e) => deliver(e)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(answers.filter((a) => a.json().duplicate === false)).toHaveLength(all.length);
    for (const p of paid) expect(await statusOf(p.shortId)).toBe('COMPLETED');
    await kit.deliverMail();
    expect(kit.smtp.to('one@example.com').filter((m) => m.subject.startsWith('Your order'))).toHaveLength(1);
    expect(kit.smtp.to('two@example.com').filter((m) => m.subject.startsWith('Your order'))).toHaveLength(1);
  });

  it('let a declined card be tried again on the same reservation', async () => {
    const { shortId, intentId } = await orderWithIntent();
    await stripe.paymentIntents.confirm(
      intentId,
      { payment_method: 'pm_card_chargeDeclined' },
      { stripeAccount },
    );
    await deliver(eventsFor(intentId).at(-1) as StripeEvent);
    expect(await statusOf(shortId)).toBe('PAYMENT_FAILED');
    const again = await kit.app.inject({ method: 'POST', url: `${base()}/${shortId}/stripe/payment-intent` });
    expect(again.statusCode).toBe(200);
    await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' }, { stripeAccount });
    // The return page asks the server, which asks Stripe: no webhook needed.
    const refresh = await kit.app.inject({ method: 'POST', url: `${base()}/${shortId}/stripe/refresh` });
    expect(refresh.statusCode, refresh.body).toBe(204);
    expect(await statusOf(shortId)).toBe('COMPLETED');
  });

  it('complete a payment that arrives after expiry while seats remain, and refund it when they do not', async () => {
    const late = await orderWithIntent();
    const pastDue = async (shortId: string) =>
      kit.app.db
        .update(orders)
        .set({ reservedUntil: new Date(Date.now() - 1000) })
        .where(eq(orders.shortId, shortId));
    await pastDue(late.shortId);
    await stripe.paymentIntents.confirm(late.intentId, { payment_method: 'pm_card_visa' }, { stripeAccount });
    await deliver(eventsFor(late.intentId)[0] as StripeEvent);
    expect(await statusOf(late.shortId)).toBe('COMPLETED');

    const soldOut = await orderWithIntent();
    await pastDue(soldOut.shortId);
    // The sweep gives its seat back, and everything left is sold meanwhile.
    await sweepExpiredReservations(kit.app.db);
    const [seat] = await kit.app.db.select().from(tickets).where(eq(tickets.id, ticketId));
    await kit.app.db
      .update(tickets)
      .set({ quantitySold: 100 - (seat?.quantityReserved ?? 0) })
      .where(eq(tickets.id, ticketId));
    await stripe.paymentIntents.confirm(
      soldOut.intentId,
      { payment_method: 'pm_card_visa' },
      { stripeAccount },
    );
    await deliver(eventsFor(soldOut.intentId)[0] as StripeEvent);
    expect(await statusOf(soldOut.shortId)).toBe('REFUND_PENDING');
    const refund = [...stripeServer.refunds.values()].find((r) => r.payment_intent === soldOut.intentId);
    expect(refund?.amount).toBe(soldOut.total);
  });
});
