import type { StripeTestServer } from './stripe-server/server';
import { signPayload } from './stripe-server/state';

/**
 * Buyers checking out over real HTTP against server processes that may die and come back
 * (on another port) at any moment. Each step is retried as a browser, or Stripe, would retry
 * it: the same request again until an answer comes. Steps are safe to repeat: the order is
 * created with an Idempotency-Key, details replace, the PaymentIntent is made once per order,
 * webhooks are deduplicated by event id.
 */
export interface Storefront {
  /** The base URL to use now (it changes when a process restarts, or alternates). */
  base(): string;
  stripe: StripeTestServer;
  /** Called after every answered step; a test can kill a process there. */
  onStep?(): void;
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One request, sent again while nothing answers (connection refused or reset) or the answer
 * is 502/503 (a process shutting down, Stripe unreachable), for at most `patienceMs`.
 */
export async function send(
  shop: Pick<Storefront, 'base' | 'onStep'>,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string>; rawBody?: string } = {},
  patienceMs = 180_000,
): Promise<Answer> {
  const deadline = Date.now() + patienceMs;
  for (;;) {
    try {
      const res = await fetch(`${shop.base()}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          ...(init.body !== undefined || init.rawBody ? { 'content-type': 'application/json' } : {}),
          ...init.headers,
        },
        body: init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
      });
      const text = await res.text();
      if (res.status !== 502 && res.status !== 503) {
        shop.onStep?.();
        return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
      }
    } catch {
      // Nobody listening, or the connection died with the process: try again.
    }
    if (Date.now() > deadline) throw new Error(`no answer to ${init.method ?? 'GET'} ${path}`);
    await pause(100);
  }
}

export interface Purchase {
  key: string;
  email: string;
  lines: { ticket_id: number; quantity: number }[];
  /** Pays by card (the total is not zero). */
  card: boolean;
  /** Also asks the server to check the payment with Stripe, as the return page does. */
  refresh?: boolean;
  /** Stripe delivers the webhook twice, at once. */
  duplicateWebhook?: boolean;
}

export interface Outcome {
  purchase: Purchase;
  shortId?: string;
  intentId?: string;
  /** The buyer was told the order is complete (free), or Stripe took the money (card). */
  confirmed: boolean;
  /** The reservation was refused (sold out). */
  refused?: string;
}

const fail = (what: string, answer: Answer): never => {
  throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
};

/** Stripe's side of a payment: delivers the event, signed, until the server answers 2xx. */
export async function deliverWebhook(shop: Storefront, intentId: string, type = 'payment_intent.succeeded') {
  const event = shop.stripe.events.find(
    (e) => e.type === type && (e.data.object as { id?: string }).id === intentId,
  );
  if (!event) throw new Error(`Stripe recorded no ${type} for ${intentId}`);
  const payload = JSON.stringify(event);
  const answer = await send(shop, '/api/public/webhooks/stripe', {
    method: 'POST',
    rawBody: payload,
    headers: { 'stripe-signature': signPayload(payload, shop.stripe.webhookSecret) },
  });
  if (answer.status !== 200) fail('webhook', answer);
}

/** The buyer confirms the card with Stripe, as Stripe.js does in the browser. */
async function confirmCard(shop: Storefront, intentId: string, stripeAccount: string): Promise<string> {
  const res = await fetch(`${shop.stripe.url}/v1/payment_intents/${intentId}/confirm`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${shop.stripe.publishableKey}`,
      'stripe-account': stripeAccount,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'payment_method=pm_card_visa',
  });
  return ((await res.json()) as { status: string }).status;
}

/** One buyer's whole checkout: reserve, details, then complete (free) or pay by card. */
export async function checkout(shop: Storefront, eventId: number, purchase: Purchase): Promise<Outcome> {
  const orders = `/api/public/events/${eventId}/orders`;
  const reserved = await send(shop, orders, {
    method: 'POST',
    body: { tickets: purchase.lines },
    headers: { 'idempotency-key': purchase.key },
  });
  if (reserved.status === 409) return { purchase, confirmed: false, refused: String(reserved.body.code) };
  if (reserved.status !== 201 && reserved.status !== 200) fail('reserve', reserved);
  const shortId = String(reserved.body.short_id);
  const person = { first_name: 'Ana', last_name: 'Lima', email: purchase.email };
  const attendees = purchase.lines.flatMap((l) =>
    Array.from({ length: l.quantity }, () => ({ ...person, ticket_id: l.ticket_id })),
  );
  const details = await send(shop, `${orders}/${shortId}`, { method: 'PUT', body: { ...person, attendees } });
  if (details.status !== 200) fail('details', details);

  if (!purchase.card) {
    const done = await send(shop, `${orders}/${shortId}/complete`, { method: 'POST', body: {} });
    if (done.status === 200) return { purchase, shortId, confirmed: true };
    // Completed by the first try, whose answer was lost with the process.
    const status = (await send(shop, `${orders}/${shortId}`)).body.status;
    if (done.status === 409 && status === 'COMPLETED') return { purchase, shortId, confirmed: true };
    return fail('complete', done);
  }

  const intent = await send(shop, `${orders}/${shortId}/stripe/payment-intent`, { method: 'POST' });
  if (intent.status !== 200) fail('payment intent', intent);
  const intentId = String(intent.body.client_secret).split('_secret_')[0] ?? '';
  const paid = (await confirmCard(shop, intentId, String(intent.body.stripe_account))) === 'succeeded';
  if (!paid) return { purchase, shortId, intentId, confirmed: false };
  const refresh = purchase.refresh
    ? send(shop, `${orders}/${shortId}/stripe/refresh`, { method: 'POST' })
    : Promise.resolve(undefined);
  // Stripe may deliver an event twice, the second time while the first is still being handled.
  await Promise.all([
    deliverWebhook(shop, intentId),
    purchase.duplicateWebhook ? deliverWebhook(shop, intentId) : undefined,
    refresh,
  ]);
  return { purchase, shortId, intentId, confirmed: true };
}

/** `count` purchases, free and by card, of one or two seats, some with a free seat added. */
export function purchases(
  random: () => number,
  count: number,
  tickets: { free: number; paid: number },
): Purchase[] {
  return Array.from({ length: count }, (_, i) => {
    const card = random() < 0.5;
    const quantity = random() < 0.7 ? 1 : 2;
    const lines = card
      ? [
          { ticket_id: tickets.paid, quantity },
          ...(random() < 0.3 ? [{ ticket_id: tickets.free, quantity: 1 }] : []),
        ]
      : [{ ticket_id: tickets.free, quantity }];
    return {
      key: `buyer-${i}-${Math.floor(random() * 1e9)}`,
      email: `buyer${i}@example.com`,
      lines,
      card,
      refresh: card && random() < 0.3,
      duplicateWebhook: card && random() < 0.2,
    };
  });
}
