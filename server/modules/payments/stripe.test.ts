import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, stripeConnections } from '../../db/schema';
import { makeEvent, makeTicket } from '../../test/builders';
import { setTicketCounts, ticketCounts } from '../../test/stock';
import { createStripeKit, type StripeKit } from '../../test/stripe-kit';
import { type StripeEvent, signPayload } from '../../test/stripe-server/state';
import { sweepExpiredReservations } from '../orders/service';

// Card payments against the local Stripe stand-in, through the official SDK: connecting an
// account, paying an order, and webhooks that are verified and acted on exactly once.

let k: StripeKit;
let stripeAccount: string;

beforeAll(async () => {
  k = await createStripeKit({ price: 3000, quantity: 100 });
});
afterAll(async () => {
  await k?.close();
});

const connection = () => k.kit.as(k.owner.token, { method: 'GET', url: '/api/accounts/payment' });
const base = () => `/api/public/events/${k.eventId}/orders`;
const confirm = (intentId: string, card = 'pm_card_visa') =>
  k.stripe.paymentIntents.confirm(intentId, { payment_method: card }, { stripeAccount });

/** A draft event with one ticket of the given type and no offline payment; answers its id. */
async function draftWithTicket(type: 'FREE' | 'PAID'): Promise<number> {
  const { id } = await makeEvent(k.kit.app, k.owner, {
    title: `${type} night`,
    start_date: '2031-03-01T20:00:00Z',
  });
  await makeTicket(k.kit.app, k.owner, {
    eventId: id,
    title: 'Entry',
    type,
    ...(type === 'PAID' ? { price: 1500 } : {}),
  });
  return id;
}
const goLive = (eventId: number) =>
  k.kit.as(k.owner.token, {
    method: 'PUT',
    url: `/api/events/${eventId}/status`,
    payload: { status: 'LIVE' },
  });

describe('card payments', () => {
  it('connect an account through Stripe onboarding', async () => {
    expect((await connection()).json()).toMatchObject({ available: true, status: 'NOT_CONNECTED' });
    // Before any way to pay, paid tickets cannot go on sale; free ones can.
    const paidEvent = await draftWithTicket('PAID');
    const refused = await goLive(paidEvent);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PAYMENT_METHOD_REQUIRED');
    expect((await goLive(await draftWithTicket('FREE'))).statusCode).toBe(200);
    const paymentIntentRefused = await k.kit.app.inject({ method: 'GET', url: '/api/accounts/payment' });
    expect(paymentIntentRefused.statusCode).toBe(401);

    const first = await k.kit.as(k.owner.token, {
      method: 'POST',
      url: '/api/accounts/payment/stripe/connect',
    });
    expect(first.statusCode, first.body).toBe(200);
    const again = await k.kit.as(k.owner.token, {
      method: 'POST',
      url: '/api/accounts/payment/stripe/connect',
    });
    expect(k.stripeServer.accounts.size).toBe(1);
    expect(again.json().url).toContain('/onboarding/');
    expect((await connection()).json()).toMatchObject({ status: 'SETUP_INCOMPLETE' });

    const back = await fetch(first.json().url, { redirect: 'manual' });
    expect(back.headers.get('location')).toBe('http://tessera.test/account/payment?stripe=return');
    // The account.updated webhook alone brings the state up to date.
    const [updated] = k.stripeServer.events.filter((e) => e.type === 'account.updated');
    expect((await k.deliver(updated as StripeEvent)).statusCode).toBe(200);
    const [row] = await k.kit.app.db.select().from(stripeConnections);
    expect(row).toMatchObject({ chargesEnabled: true, detailsSubmitted: true });
    const connected = (await connection()).json();
    expect(connected).toMatchObject({ status: 'CONNECTED', charges_enabled: true });
    stripeAccount = connected.stripe_account_id;
    // Connected, the account's paid tickets may go on sale.
    expect((await goLive(paidEvent)).statusCode).toBe(200);
  });

  it('create the PaymentIntent on the connected account, once per order', async () => {
    const { shortId, total, intentId, body } = await k.orderWithIntent(2);
    expect(body).toMatchObject({
      publishable_key: k.stripeServer.publishableKey,
      stripe_account: stripeAccount,
    });
    const intent = k.stripeServer.paymentIntents.get(intentId);
    expect(intent).toMatchObject({
      amount: total,
      currency: 'eur',
      account: stripeAccount,
      idempotencyKey: expect.stringMatching(/^tessera-order-\d+$/),
    });
    const retry = await k.kit.app.inject({
      method: 'POST',
      url: `${base()}/${shortId}/stripe/payment-intent`,
    });
    expect(retry.json().client_secret).toBe(body.client_secret);
    expect(total).toBe(6000);
  });

  it('refuse a webhook with a bad signature and change nothing', async () => {
    const { shortId, intentId } = await k.orderWithIntent();
    await confirm(intentId);
    const [succeeded] = k.eventsFor(intentId);
    const forged = await k.deliver(succeeded as StripeEvent, 't=1,v1=deadbeef');
    expect(forged.statusCode).toBe(400);
    const tampered = { ...(succeeded as StripeEvent), id: 'evt_other' };
    const wrong = await k.deliver(
      tampered,
      signPayload(JSON.stringify(succeeded), k.stripeServer.webhookSecret),
    );
    expect(wrong.statusCode).toBe(400);
    expect(await k.statusOf(shortId)).toBe('RESERVED');
  });

  it('complete each order exactly once however often and in whatever order the events come', async () => {
    const paid = [
      await k.orderWithIntent(1, 'one@example.com'),
      await k.orderWithIntent(1, 'two@example.com'),
    ];
    for (const p of paid) {
      await confirm(p.intentId);
    }
    const all = paid.flatMap((p) => k.eventsFor(p.intentId));
    const deliveries = [...all, ...all, ...all].sort(() => Math.random() - 0.5);
    const answers = await Promise.all(deliveries.map((e) => k.deliver(e)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(answers.filter((a) => a.json().duplicate === false)).toHaveLength(all.length);
    for (const p of paid) expect(await k.statusOf(p.shortId)).toBe('COMPLETED');
    await k.kit.deliverMail();
    expect(k.kit.smtp.to('one@example.com').filter((m) => m.subject.startsWith('Your order'))).toHaveLength(
      1,
    );
    expect(k.kit.smtp.to('two@example.com').filter((m) => m.subject.startsWith('Your order'))).toHaveLength(
      1,
    );
  });

  it('let a declined card be tried again on the same reservation', async () => {
    const { shortId, intentId } = await k.orderWithIntent();
    await confirm(intentId, 'pm_card_chargeDeclined');
    await k.deliver(k.eventsFor(intentId).at(-1) as StripeEvent);
    expect(await k.statusOf(shortId)).toBe('PAYMENT_FAILED');
    const again = await k.kit.app.inject({
      method: 'POST',
      url: `${base()}/${shortId}/stripe/payment-intent`,
    });
    expect(again.statusCode).toBe(200);
    await confirm(intentId);
    // The return page asks the server, which asks Stripe: no webhook needed.
    const refresh = await k.kit.app.inject({ method: 'POST', url: `${base()}/${shortId}/stripe/refresh` });
    expect(refresh.statusCode, refresh.body).toBe(204);
    expect(await k.statusOf(shortId)).toBe('COMPLETED');
  });

  it('complete a payment that arrives after expiry while seats remain, and refund it when they do not', async () => {
    const late = await k.orderWithIntent();
    const pastDue = async (shortId: string) =>
      k.kit.app.db
        .update(orders)
        .set({ reservedUntil: new Date(Date.now() - 1000) })
        .where(eq(orders.shortId, shortId));
    await pastDue(late.shortId);
    await confirm(late.intentId);
    await k.deliver(k.eventsFor(late.intentId)[0] as StripeEvent);
    expect(await k.statusOf(late.shortId)).toBe('COMPLETED');

    const soldOut = await k.orderWithIntent();
    await pastDue(soldOut.shortId);
    // The sweep gives its seat back, and everything left is sold meanwhile.
    await sweepExpiredReservations(k.kit.app.db);
    const seat = await ticketCounts(k.kit.app.db, k.ticketId);
    await setTicketCounts(k.kit.app.db, k.ticketId, { quantitySold: 100 - seat.quantityReserved });
    await confirm(soldOut.intentId);
    // While Stripe makes the refund, the order is not locked: no transaction waits on Stripe.
    let lockableMeanwhile: boolean | undefined;
    k.stripeServer.beforeRefund = async () => {
      const lock = k.kit.app.db.transaction(async (tx) => {
        await tx
          .select()
          .from(orders)
          .where(eq(orders.shortId, soldOut.shortId))
          .for('update', { noWait: true });
        return true;
      });
      const waited = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 3000));
      lockableMeanwhile = await Promise.race([lock.catch(() => false), waited]);
    };
    try {
      const delivered = await k.deliver(k.eventsFor(soldOut.intentId)[0] as StripeEvent);
      expect(delivered.statusCode, delivered.body).toBe(200);
    } finally {
      k.stripeServer.beforeRefund = undefined;
    }
    expect(lockableMeanwhile).toBe(true);
    expect(await k.statusOf(soldOut.shortId)).toBe('REFUND_PENDING');
    const refund = [...k.stripeServer.refunds.values()].find((r) => r.payment_intent === soldOut.intentId);
    expect(refund?.amount).toBe(soldOut.total);
  });
});
