import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardTransactions, orders } from '../../db/schema';
import { makeMember, type Owner } from '../../test/builders';
import { createStripeKit, type StripeKit } from '../../test/stripe-kit';

// Billing (decision 028): each card payment and refund booked with the platform fee and the
// Stripe fee the local Stripe server reports, summed per month, and a CSV statement per month.

let k: StripeKit;
let stripeAccount: string;
let organizer: Owner;
const month = new Date().toISOString().slice(0, 7);

beforeAll(async () => {
  k = await createStripeKit({ price: 2500, quantity: 20 }, { platformFeePercent: 2.5 });
  stripeAccount = await k.connect();
  organizer = await makeMember(k.kit.app, k.owner, { role: 'ORGANIZER' });
});
afterAll(async () => {
  await k?.close();
});

const get = (url: string, token = k.owner.token) => k.kit.as(token, { method: 'GET', url });
const orderOf = async (shortId: string, token = k.owner.token) => {
  const [row] = await k.kit.app.db.select().from(orders).where(eq(orders.shortId, shortId));
  if (!row) throw new Error(`no order ${shortId}`);
  const res = await get(`/api/events/${k.eventId}/orders/${row.id}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** A completed card order of `quantity` seats, every Stripe event delivered twice. */
async function paidOrder(quantity: number, email: string) {
  const order = await k.orderWithIntent(quantity, email);
  await k.stripe.paymentIntents.confirm(
    order.intentId,
    { payment_method: 'pm_card_visa' },
    { stripeAccount },
  );
  for (const event of [...k.eventsFor(order.intentId), ...k.eventsFor(order.intentId)])
    await k.deliver(event);
  expect(await k.statusOf(order.shortId)).toBe('COMPLETED');
  return order;
}

async function refund(shortId: string, amount: number) {
  const { id } = await orderOf(shortId);
  const res = await k.kit.as(k.owner.token, {
    method: 'POST',
    url: `/api/events/${k.eventId}/orders/${id}/refund`,
    payload: { amount, notify_buyer: false },
  });
  expect(res.statusCode, res.body).toBe(202);
  // The stand-in settles a refund a moment later; its events are then delivered.
  await new Promise((resolve) => setTimeout(resolve, 120));
  for (const event of k.stripeServer.events.filter((e) => e.type.startsWith('refund.')))
    await k.deliver(event);
}

/** The balance transaction the local Stripe server booked for a PaymentIntent's charge. */
function reported(intentId: string) {
  const charge = [...k.stripeServer.charges.values()].find((c) => c.payment_intent === intentId);
  const transaction = k.stripeServer.balanceTransactions.get(charge?.balance_transaction ?? '');
  if (!charge || !transaction) throw new Error(`no charge for ${intentId}`);
  const fee = k.stripeServer.applicationFees.get(charge.application_fee ?? '');
  return { charge, transaction, fee };
}

describe('billing', () => {
  let single: Awaited<ReturnType<typeof paidOrder>>;
  let pair: Awaited<ReturnType<typeof paidOrder>>;

  it('store the platform fee and the Stripe fee of each card payment, once, as Stripe reports them', async () => {
    single = await paidOrder(1, 'one.seat@example.com');
    pair = await paidOrder(2, 'two.seats@example.com');
    for (const [order, platform, stripeFee] of [
      [single, 63, 63],
      [pair, 125, 100],
    ] as const) {
      const { transaction, fee } = reported(order.intentId);
      // 2.5 % of the total, rounded half up; Stripe's 1.5 % + 25 of the stand-in.
      expect(fee?.amount).toBe(platform);
      expect(transaction.fee).toBe(platform + stripeFee);
      const detail = await orderOf(order.shortId);
      expect(detail.card_fees).toEqual({ platform_fee: platform, stripe_fee: stripeFee });
      const booked = await k.kit.app.db
        .select()
        .from(cardTransactions)
        .where(eq(cardTransactions.stripePaymentIntentId, order.intentId));
      expect(booked).toHaveLength(1);
      expect(booked[0]).toMatchObject({
        kind: 'PAYMENT',
        amount: order.total,
        currency: 'EUR',
        stripeBalanceTransactionId: transaction.id,
      });
    }
  });

  it('store on each refund the share of the platform fee it gave back', async () => {
    await refund(pair.shortId, 1000);
    let detail = await orderOf(pair.shortId);
    expect(detail.refunds).toHaveLength(1);
    // A fifth of the charge gives back a fifth of the 1.25 € fee; Stripe keeps its own.
    expect(detail.refunds[0].fees).toEqual({ platform_fee: 25, stripe_fee: 0 });
    await refund(pair.shortId, 4000);
    detail = await orderOf(pair.shortId);
    expect(detail.status).toBe('REFUNDED');
    expect(detail.refunds.map((r: { fees: unknown }) => r.fees)).toEqual([
      { platform_fee: 25, stripe_fee: 0 },
      { platform_fee: 100, stripe_fee: 0 },
    ]);
    expect(reported(pair.intentId).fee?.amount_refunded).toBe(125);
    // The payment's fees stay as they were.
    expect(detail.card_fees).toEqual({ platform_fee: 125, stripe_fee: 100 });
  });

  it('sum the month up to what the orders were paid and refunded', async () => {
    const res = await get('/api/accounts/billing');
    expect(res.statusCode, res.body).toBe(200);
    const paid = [await orderOf(single.shortId), await orderOf(pair.shortId)];
    const sales = paid.reduce((sum, o) => sum + o.total, 0);
    const refunded = paid.reduce((sum, o) => sum + o.refunded_total, 0);
    const platform = paid.reduce((sum, o) => sum + o.card_fees.platform_fee, 0) - 125;
    const stripeFees = paid.reduce((sum, o) => sum + o.card_fees.stripe_fee, 0);
    expect(res.json()).toEqual({
      platform_fee_percent: 2.5,
      months: [
        {
          month,
          figures: [
            {
              currency: 'EUR',
              payments: 2,
              card_sales: sales,
              refunds: refunded,
              platform_fees: platform,
              stripe_fees: stripeFees,
              net: sales - refunded - platform - stripeFees,
            },
          ],
        },
      ],
    });
    expect(res.json().months[0].figures[0]).toMatchObject({
      card_sales: 7500,
      refunds: 5000,
      platform_fees: 63,
      stripe_fees: 163,
      net: 2274,
    });
  });

  it('write the month’s statement: a line per payment and refund, amounts with their currency’s decimals, then the total', async () => {
    // An event title a spreadsheet would run as a formula.
    const renamed = await k.kit.as(k.owner.token, {
      method: 'PUT',
      url: `/api/events/${k.eventId}`,
      payload: { title: '=HYPERLINK("http://x.example")' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const res = await get(`/api/accounts/billing/statements/${month}.csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="tessera-statement-${month}.csv"`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Date (UTC),Type,Order reference,Event,Currency,Amount,Platform fee,Stripe fee,Net,Stripe reference',
    );
    const rows = lines.slice(1).map((line) => line.split(','));
    expect(rows.map((r) => [r[1], r[5], r[6], r[7], r[8]])).toEqual([
      ['Payment', '25.00', '0.63', '0.63', '23.74'],
      ['Payment', '50.00', '1.25', '1.00', '47.75'],
      ['Refund', '-10.00', '-0.25', '0.00', '-9.75'],
      ['Refund', '-40.00', '-1.00', '0.00', '-39.00'],
      ['Total', '25.00', '0.63', '1.63', '22.74'],
    ]);
    expect(rows[0]?.[3]).toBe(`"'=HYPERLINK(""http://x.example"")"`);
    expect(rows[0]?.[9]).toMatch(/^ch_/);
    expect(rows[2]?.[9]).toMatch(/^re_/);
    expect(rows.at(-1)?.[4]).toBe('EUR');
  });

  it('answer 404 for a month without card payments, and for what is not a month', async () => {
    const empty = await get('/api/accounts/billing/statements/2020-01.csv');
    expect(empty.statusCode).toBe(404);
    expect(empty.json()).toMatchObject({ code: 'BILLING_STATEMENT_NOT_FOUND' });
    for (const wrong of ['2031-13', '31-01', 'january']) {
      const res = await get(`/api/accounts/billing/statements/${wrong}.csv`);
      expect(res.statusCode, wrong).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('refuse organizers: billing is for admins', async () => {
    for (const url of ['/api/accounts/billing', `/api/accounts/billing/statements/${month}.csv`]) {
      const res = await get(url, organizer.token);
      expect(res.statusCode, url).toBe(403);
    }
    // The order itself is theirs to see, but not what the platform and Stripe charged for it.
    const detail = await orderOf(pair.shortId, organizer.token);
    expect(detail.card_fees).toBeNull();
    expect(detail.refunds.map((r: { fees: unknown }) => r.fees)).toEqual([null, null]);
    expect((await orderOf(pair.shortId)).card_fees).not.toBeNull();
  });
});
