import type { LightMyRequestResponse } from 'fastify';
import type Stripe from 'stripe';
import { expect } from 'vitest';
import { createStripeClient } from '../payments/stripe/client';
import { makeAccount, makeLiveEvent, makeOrder, type Owner } from './builders';
import { createIdentityKit, type IdentityKit } from './identity';
import { type StripeTestServer, startStripeTestServer } from './stripe-server/server';
import { type StripeEvent, signPayload } from './stripe-server/state';

/**
 * The app wired to the local Stripe stand-in (through the official SDK), with an owner, a live
 * event with one paid ticket, and helpers to reserve, pay and deliver webhooks. Events are not
 * sent on their own: tests deliver them (again, shuffled, forged…) with `deliver`.
 */
export interface StripeKit {
  kit: IdentityKit;
  stripeServer: StripeTestServer;
  /** The SDK as the buyer's browser would use it, for confirming payments. */
  stripe: Stripe;
  owner: Owner;
  eventId: number;
  ticketId: number;
  deliver(event: StripeEvent, signature?: string): Promise<LightMyRequestResponse>;
  /** Connects the owner's account through onboarding; answers the connected account id. */
  connect(): Promise<string>;
  /** A reserved order with its details and PaymentIntent. */
  orderWithIntent(
    quantity?: number,
    email?: string,
  ): Promise<{ shortId: string; total: number; intentId: string; body: Record<string, string> }>;
  /** The events the stand-in recorded about one object (a PaymentIntent, a refund). */
  eventsFor(objectId: string): StripeEvent[];
  statusOf(shortId: string): Promise<string>;
  close(): Promise<void>;
}

export async function createStripeKit(
  ticket: { price: number; quantity: number },
  /** The platform's share of each payment (`STRIPE_PLATFORM_FEE_PERCENT`); none unless said. */
  options: { platformFeePercent?: number; env?: Record<string, string> } = {},
): Promise<StripeKit> {
  const stripeServer = await startStripeTestServer();
  stripeServer.autoDeliver = false;
  const kit = await createIdentityKit({
    STRIPE_SECRET_KEY: stripeServer.secretKey,
    STRIPE_PUBLISHABLE_KEY: stripeServer.publishableKey,
    STRIPE_WEBHOOK_SECRET: stripeServer.webhookSecret,
    STRIPE_API_BASE: stripeServer.url,
    ...(options.platformFeePercent === undefined
      ? {}
      : { STRIPE_PLATFORM_FEE_PERCENT: String(options.platformFeePercent) }),
    ...options.env,
  });
  const stripe = await createStripeClient({
    secretKey: stripeServer.secretKey,
    publishableKey: stripeServer.publishableKey,
    webhookSecret: stripeServer.webhookSecret,
    apiBase: stripeServer.url,
    platformFeePercent: 0,
  });
  const owner = await makeAccount(kit.app);
  const { event, tickets } = await makeLiveEvent(kit.app, owner, {
    title: 'Card night',
    start_date: '2031-02-01T20:00:00Z',
    // Offline too, so the event may go live before Stripe is connected.
    settings: { offline_payments_enabled: true },
    tickets: [
      {
        title: 'Seat',
        type: 'PAID',
        price: ticket.price,
        quantity_available: ticket.quantity,
        tax_and_fee_ids: [],
      },
    ],
  });
  const eventId = event.id;
  const ticketId = tickets[0]?.id ?? 0;
  const base = `/api/public/events/${eventId}/orders`;

  const self: StripeKit = {
    kit,
    stripeServer,
    stripe,
    owner,
    eventId,
    ticketId,
    async deliver(event, signature) {
      const payload = JSON.stringify(event);
      return await kit.app.inject({
        method: 'POST',
        url: '/api/public/webhooks/stripe',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signature ?? signPayload(payload, stripeServer.webhookSecret),
        },
        payload,
      });
    },
    async connect() {
      const res = await kit.as(owner.token, { method: 'POST', url: '/api/accounts/payment/stripe/connect' });
      await fetch(res.json().url, { redirect: 'manual' });
      const state = (await kit.as(owner.token, { method: 'GET', url: '/api/accounts/payment' })).json();
      expect(state.status).toBe('CONNECTED');
      return state.stripe_account_id as string;
    },
    async orderWithIntent(quantity = 1, email = 'card.buyer@example.com') {
      const order = await makeOrder(kit.app, {
        eventId,
        lines: [{ ticket_id: ticketId, quantity }],
        buyer: 'Ana',
        email,
        until: 'details',
      });
      const res = await kit.app.inject({
        method: 'POST',
        url: `${base}/${order.short_id}/stripe/payment-intent`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const intentId = res.json().client_secret.split('_secret_')[0] as string;
      return { shortId: order.short_id, total: order.totals.total, intentId, body: res.json() };
    },
    eventsFor: (objectId) =>
      stripeServer.events.filter((e) => (e.data.object as { id?: string }).id === objectId),
    statusOf: async (shortId) =>
      (await kit.app.inject({ method: 'GET', url: `${base}/${shortId}` })).json().status,
    async close() {
      await kit.close();
      await stripeServer.stop();
    },
  };
  return self;
}
