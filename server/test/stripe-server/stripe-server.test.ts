import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeClient } from '../../payments/stripe/client';
import { type StripeTestServer, startStripeTestServer } from './server';

// The stand-in must look like Stripe to the official SDK, or tests through it prove nothing.

let stripeServer: StripeTestServer;
beforeAll(async () => {
  stripeServer = await startStripeTestServer();
});
afterAll(async () => {
  await stripeServer?.stop();
});

const client = () =>
  createStripeClient({
    secretKey: stripeServer.secretKey,
    publishableKey: stripeServer.publishableKey,
    webhookSecret: stripeServer.webhookSecret,
    apiBase: stripeServer.url,
    platformFeePercent: 0,
  });

describe('the Stripe test server', () => {
  it('answers the SDK with Stripe’s shapes, keeps idempotency, and signs webhooks as Stripe does', async () => {
    const stripe = await client();
    const account = await stripe.accounts.create({ type: 'express', email: 'org@example.com' });
    expect(account).toMatchObject({ object: 'account', charges_enabled: false });
    const link = await stripe.accountLinks.create({
      account: account.id,
      type: 'account_onboarding',
      refresh_url: 'http://app/refresh',
      return_url: 'http://app/return',
    });
    expect(link.url).toContain(`/onboarding/${account.id}`);

    const received: string[] = [];
    const hook = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const event = stripe.webhooks.constructEvent(
          Buffer.concat(chunks),
          String(req.headers['stripe-signature']),
          stripeServer.webhookSecret,
        );
        received.push(`${event.type}:${event.account ?? ''}`);
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    stripeServer.webhookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/`;

    const onboarding = await fetch(link.url, { redirect: 'manual' });
    expect(onboarding.headers.get('location')).toBe('http://app/return');
    expect((await stripe.accounts.retrieve(account.id)).charges_enabled).toBe(true);

    const options = { stripeAccount: account.id, idempotencyKey: 'order-1' };
    const pi = await stripe.paymentIntents.create({ amount: 2500, currency: 'eur' }, options);
    const again = await stripe.paymentIntents.create({ amount: 2500, currency: 'eur' }, options);
    expect(again.id).toBe(pi.id);
    expect(pi.client_secret).toMatch(/^pi_.+_secret_/);
    const paid = await stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa' }, options);
    expect(paid.status).toBe('succeeded');
    const refund = await stripe.refunds.create({ payment_intent: pi.id, amount: 1000 }, options);
    expect(refund.status).toBe('pending');
    await expect(stripe.refunds.create({ payment_intent: pi.id, amount: 2000 }, options)).rejects.toThrow(
      /greater than the unrefunded/,
    );
    await expect.poll(() => received.length).toBe(4);
    expect(received).toEqual([
      `account.updated:${account.id}`,
      `payment_intent.succeeded:${account.id}`,
      `refund.created:${account.id}`,
      `refund.updated:${account.id}`,
    ]);
    expect(() => stripe.webhooks.constructEvent('{}', 't=1,v1=00', stripeServer.webhookSecret)).toThrow();
    await new Promise<void>((resolve) => hook.close(() => resolve()));
  });
});
