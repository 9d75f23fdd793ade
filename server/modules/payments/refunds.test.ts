import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, refunds } from '../../db/schema';
import { makeAccount } from '../../test/builders';
import { ticketCounts } from '../../test/stock';
import { createStripeKit, type StripeKit } from '../../test/stripe-kit';
import type { StripeEvent } from '../../test/stripe-server/state';

// Refunds of card payments: asked of Stripe, settled by its webhooks, refused when they
// cannot be right.

let k: StripeKit;
let stripeAccount: string;

beforeAll(async () => {
  k = await createStripeKit({ price: 2000, quantity: 20 });
  stripeAccount = await k.connect();
});
afterAll(async () => {
  await k?.close();
});

const refund = (orderId: number, payload: object) =>
  k.kit.as(k.owner.token, {
    method: 'POST',
    url: `/api/events/${k.eventId}/orders/${orderId}/refund`,
    payload,
  });
const orderRow = async (shortId: string) =>
  (await k.kit.app.db.select().from(orders).where(eq(orders.shortId, shortId)))[0];

/** A paid, completed order of `quantity` seats. */
async function paidOrder(quantity: number, email: string) {
  const order = await k.orderWithIntent(quantity, email);
  await k.stripe.paymentIntents.confirm(
    order.intentId,
    { payment_method: 'pm_card_visa' },
    { stripeAccount },
  );
  for (const event of k.eventsFor(order.intentId)) await k.deliver(event);
  expect(await k.statusOf(order.shortId)).toBe('COMPLETED');
  const row = await orderRow(order.shortId);
  return { ...order, id: row?.id ?? 0 };
}

/** Delivers every refund event recorded so far (the stand-in settles refunds a moment later). */
async function settleRefunds() {
  await new Promise((resolve) => setTimeout(resolve, 120));
  const refundEvents = k.stripeServer.events.filter((e) => e.type.startsWith('refund.'));
  for (const event of refundEvents) await k.deliver(event as StripeEvent);
}

describe('refunds', () => {
  it('refund part, then the rest, each settled by Stripe, telling the buyer', async () => {
    const order = await paidOrder(2, 'refund.me@example.com');
    const half = await refund(order.id, { amount: 2000 });
    expect(half.statusCode, half.body).toBe(202);
    expect(await k.statusOf(order.shortId)).toBe('REFUND_PENDING');
    // One refund at a time.
    const meanwhile = await refund(order.id, { amount: 500 });
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json()).toMatchObject({ code: 'REFUND_PENDING' });

    await settleRefunds();
    expect(await k.statusOf(order.shortId)).toBe('PARTIALLY_REFUNDED');
    expect(await orderRow(order.shortId)).toMatchObject({ refundedTotal: 2000 });
    await k.kit.deliverMail();
    const [mail] = k.kit.smtp.to('refund.me@example.com').filter((m) => m.subject.startsWith('Refund'));
    expect(mail?.text).toContain('€20.00');

    const tooMuch = await refund(order.id, { amount: 2001 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors).toEqual({
      amount: ['This is more than what is left to refund on this order.'],
    });
    expect((await refund(order.id, { amount: 2000, notify_buyer: false })).statusCode).toBe(202);
    await settleRefunds();
    expect(await k.statusOf(order.shortId)).toBe('REFUNDED');
    const again = await refund(order.id, { amount: 1 });
    expect(again.json()).toMatchObject({ code: 'ORDER_ALREADY_REFUNDED' });
  });

  it('cancel the order with its refund when asked: the seats go back on sale', async () => {
    const order = await paidOrder(3, 'cancel.me@example.com');
    const before = await ticketCounts(k.kit.app.db, k.ticketId);
    expect((await refund(order.id, { amount: 6000, cancel_order: true })).statusCode).toBe(202);
    await settleRefunds();
    expect(await k.statusOf(order.shortId)).toBe('CANCELLED');
    const after = await ticketCounts(k.kit.app.db, k.ticketId);
    expect(after?.quantitySold).toBe((before?.quantitySold ?? 0) - 3);
    const view = (
      await k.kit.app.inject({
        method: 'GET',
        url: `/api/public/events/${k.eventId}/orders/${order.shortId}`,
      })
    ).json();
    expect(view.attendees.map((a: { status: string }) => a.status)).toEqual([
      'CANCELLED',
      'CANCELLED',
      'CANCELLED',
    ]);
  });

  it('mark a refund Stripe could not make as failed, and allow another', async () => {
    const order = await paidOrder(1, 'failed.refund@example.com');
    k.stripeServer.failRefunds = true;
    expect((await refund(order.id, { amount: 1000 })).statusCode).toBe(202);
    await settleRefunds();
    expect(await k.statusOf(order.shortId)).toBe('REFUND_FAILED');
    k.stripeServer.failRefunds = false;
    expect((await refund(order.id, { amount: 1000 })).statusCode).toBe(202);
    await settleRefunds();
    expect(await k.statusOf(order.shortId)).toBe('PARTIALLY_REFUNDED');
  });

  it('offer a refund on the order screen only while the API takes one', async () => {
    const order = await paidOrder(2, 'actions@example.com');
    const actions = async () =>
      (
        await k.kit.as(k.owner.token, { method: 'GET', url: `/api/events/${k.eventId}/orders/${order.id}` })
      ).json().actions;
    expect(await actions()).toEqual(['REFUND', 'RESEND_CONFIRMATION', 'CANCEL']);
    expect((await refund(order.id, { amount: 1000 })).statusCode).toBe(202);
    // While Stripe has not settled it, nothing can be done to the order.
    expect(await actions()).toEqual([]);
    const cancel = await k.kit.as(k.owner.token, {
      method: 'POST',
      url: `/api/events/${k.eventId}/orders/${order.id}/cancel`,
      payload: { notify_buyer: false },
    });
    expect(cancel.json()).toMatchObject({ code: 'REFUND_PENDING' });
    await settleRefunds();
    expect(await actions()).toEqual(['REFUND', 'CANCEL']);
    expect((await refund(order.id, { amount: 3000 })).statusCode).toBe(202);
    await settleRefunds();
    expect(await k.statusOf(order.shortId)).toBe('REFUNDED');
    expect(await actions()).toEqual(['CANCEL']);
  });

  it('keep the asked refund in the order’s history from before Stripe is asked, even when Stripe refuses', async () => {
    const history = async (orderId: number) =>
      (await k.kit.as(k.owner.token, { method: 'GET', url: `/api/events/${k.eventId}/orders/${orderId}` }))
        .json()
        .activity.map((a: { kind: string; data: unknown }) => ({ kind: a.kind, data: a.data }));
    const asked = { kind: 'REFUND_REQUESTED', data: { amount: 1000, cancel_order: false } };

    const order = await paidOrder(1, 'history@example.com');
    let whileStripeIsAsked: unknown[] = [];
    k.stripeServer.beforeRefund = async () => {
      whileStripeIsAsked = await history(order.id);
    };
    try {
      expect((await refund(order.id, { amount: 1000 })).statusCode).toBe(202);
    } finally {
      k.stripeServer.beforeRefund = undefined;
    }
    expect(whileStripeIsAsked).toContainEqual(asked);
    await settleRefunds();

    const refused = await paidOrder(1, 'refused@example.com');
    await k.kit.app.db.update(orders).set({ paymentIntentId: 'pi_unknown' }).where(eq(orders.id, refused.id));
    const answer = await refund(refused.id, { amount: 1000 });
    expect(answer.statusCode).toBe(502);
    expect(await k.statusOf(refused.shortId)).toBe('REFUND_FAILED');
    expect(await history(refused.id)).toContainEqual(asked);
  });

  it('refuse orders that were not paid by card, or not paid at all, or of another account', async () => {
    const reserved = await k.orderWithIntent(1, 'unpaid@example.com');
    const unpaid = await orderRow(reserved.shortId);
    expect((await refund(unpaid?.id ?? 0, { amount: 100 })).json()).toMatchObject({ code: 'ORDER_NOT_PAID' });

    // Marked paid by hand (as a manual or offline order is): nothing to refund through Stripe.
    await k.kit.app.db
      .update(orders)
      .set({ status: 'COMPLETED', paymentProvider: 'OFFLINE' })
      .where(eq(orders.id, unpaid?.id ?? 0));
    expect((await refund(unpaid?.id ?? 0, { amount: 100 })).json()).toMatchObject({
      code: 'ORDER_NOT_REFUNDABLE',
    });

    const order = await paidOrder(1, 'mine@example.com');
    const stranger = await makeAccount(k.kit.app);
    const theirs = await k.kit.as(stranger.token, {
      method: 'POST',
      url: `/api/events/${k.eventId}/orders/${order.id}/refund`,
      payload: { amount: 100 },
    });
    expect(theirs.statusCode).toBe(404);
    expect((await refund(order.id, { amount: 0 })).statusCode).toBe(422);
  });

  it('refund once for a request retried with its Idempotency-Key, after the first settled or at once', async () => {
    const order = await paidOrder(1, 'retried.refund@example.com');
    const keyed = () =>
      k.kit.app.inject({
        method: 'POST',
        url: `/api/events/${k.eventId}/orders/${order.id}/refund`,
        payload: { amount: 100 },
        headers: { authorization: `Bearer ${k.owner.token}`, 'idempotency-key': 'k1' },
      });
    const first = await keyed();
    expect(first.statusCode, first.body).toBe(202);
    await settleRefunds();
    expect(await orderRow(order.shortId)).toMatchObject({ status: 'PARTIALLY_REFUNDED', refundedTotal: 100 });

    // Sent again after the first finished: the same answer, no second refund.
    const again = await keyed();
    expect(again.statusCode).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    // Several at once, as a client that timed out might: still one refund.
    const rush = await Promise.all(Array.from({ length: 5 }, keyed));
    expect(rush.map((r) => r.statusCode)).toEqual([202, 202, 202, 202, 202]);
    await settleRefunds();
    expect(await orderRow(order.shortId)).toMatchObject({ refundedTotal: 100 });
    expect(await k.kit.app.db.$count(refunds, eq(refunds.orderId, order.id))).toBe(1);

    // The same key for another amount is refused; a new key is a new refund.
    const other = await k.kit.app.inject({
      method: 'POST',
      url: `/api/events/${k.eventId}/orders/${order.id}/refund`,
      payload: { amount: 200 },
      headers: { authorization: `Bearer ${k.owner.token}`, 'idempotency-key': 'k1' },
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const second = await k.kit.app.inject({
      method: 'POST',
      url: `/api/events/${k.eventId}/orders/${order.id}/refund`,
      payload: { amount: 100 },
      headers: { authorization: `Bearer ${k.owner.token}`, 'idempotency-key': 'k2' },
    });
    expect(second.statusCode, second.body).toBe(202);
    await settleRefunds();
    expect(await orderRow(order.shortId)).toMatchObject({ refundedTotal: 200 });
  });
});
