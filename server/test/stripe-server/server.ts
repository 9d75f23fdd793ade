import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  newAccount,
  newCharge,
  newEvent,
  newPaymentIntent,
  newRefund,
  type StripeAccount,
  type StripeApplicationFee,
  type StripeBalanceTransaction,
  type StripeCharge,
  type StripeEvent,
  type StripePaymentIntent,
  type StripeRefund,
  settleRefundMoney,
  signPayload,
  TEST_PUBLISHABLE_KEY,
  TEST_SECRET_KEY,
} from './state';

/**
 * A local server that speaks the part of Stripe's HTTP API Tessera calls (accounts, account
 * links, payment intents, refunds, events) and sends webhooks signed as Stripe signs them.
 * The app reaches it through the official SDK (`STRIPE_API_BASE`). Tests only.
 *
 * Each successful payment gets a charge, a balance transaction with Stripe's fee and the
 * application fee in its `fee_details`, and an application fee on the platform; `expand[]` on
 * retrieves fills in those ids. A refund with `refund_application_fee` gives back a share of
 * the application fee.
 *
 * Test cards, as on Stripe: confirming with `pm_card_visa` succeeds, `pm_card_chargeDeclined`
 * is declined. `GET /onboarding/{account}?return_url=` finishes onboarding and redirects back.
 */
export interface StripeTestServer {
  url: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where webhooks go; nothing is sent until it is set. */
  webhookUrl: string | undefined;
  /** When false, events are only recorded: a test delivers them itself (again, shuffled…). */
  autoDeliver: boolean;
  /** When true, refunds end `failed` instead of `succeeded`. */
  failRefunds: boolean;
  /** Awaited before a refund is made: a test can look at the app while it waits on Stripe. */
  beforeRefund: (() => Promise<void>) | undefined;
  accounts: Map<string, StripeAccount>;
  paymentIntents: Map<string, StripePaymentIntent & { account?: string; idempotencyKey?: string }>;
  refunds: Map<string, StripeRefund>;
  charges: Map<string, StripeCharge>;
  balanceTransactions: Map<string, StripeBalanceTransaction>;
  applicationFees: Map<string, StripeApplicationFee>;
  events: StripeEvent[];
  /** Sends one event to `webhookUrl`, signed; answers the app's status code. */
  deliver(event: StripeEvent, signature?: string): Promise<number>;
  stop(): Promise<void>;
}

type Params = Record<string, string>;
type Handler = (req: {
  params: Params;
  match: string[];
  account?: string;
  idempotencyKey?: string;
}) =>
  | { status?: number; body: unknown; redirect?: string }
  | Promise<{ status?: number; body: unknown; redirect?: string }>;

const stripeError = (status: number, message: string, code = 'resource_missing') => ({
  status,
  body: { error: { type: 'invalid_request_error', code, message } },
});

async function readParams(req: IncomingMessage): Promise<Params> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const url = new URL(req.url ?? '/', 'http://x');
  const out: Params = Object.fromEntries(url.searchParams);
  for (const [k, v] of new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) out[k] = v;
  return out;
}

export async function startStripeTestServer(
  options: { webhookSecret?: string; webhookUrl?: string } = {},
): Promise<StripeTestServer> {
  const s: StripeTestServer = {
    url: '',
    secretKey: TEST_SECRET_KEY,
    publishableKey: TEST_PUBLISHABLE_KEY,
    webhookSecret: options.webhookSecret ?? 'whsec_tessera_local',
    webhookUrl: options.webhookUrl,
    autoDeliver: true,
    failRefunds: false,
    beforeRefund: undefined,
    accounts: new Map(),
    paymentIntents: new Map(),
    refunds: new Map(),
    charges: new Map(),
    balanceTransactions: new Map(),
    applicationFees: new Map(),
    events: [],
    async deliver(event, signature) {
      if (!s.webhookUrl) throw new Error('the Stripe test server has no webhook URL');
      const payload = JSON.stringify(event, null, 2);
      const res = await fetch(s.webhookUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Stripe-Signature': signature ?? signPayload(payload, s.webhookSecret),
        },
        body: payload,
      });
      return res.status;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const emit = (type: string, object: unknown, account?: string) => {
    const event = newEvent(type, object, account);
    s.events.push(event);
    if (s.autoDeliver && s.webhookUrl) void s.deliver(event).catch(() => undefined);
    return event;
  };

  /** Refunds by the idempotency key they were made with, per connected account. */
  const refundKeys = new Map<string, StripeRefund>();
  const intentOf = (piId: string | undefined) => (piId ? s.paymentIntents.get(piId) : undefined);
  const publicIntent = (pi: StripePaymentIntent & { account?: string; idempotencyKey?: string }) => {
    const { account: _account, idempotencyKey: _key, ...rest } = pi;
    return rest;
  };

  /** `expand[]=a.b`: the ids at those paths replaced by their objects, as Stripe answers. */
  const byId = (value: unknown): unknown => {
    if (typeof value !== 'string') return value;
    for (const map of [s.charges, s.balanceTransactions, s.applicationFees, s.refunds, s.paymentIntents]) {
      const found = map.get(value);
      if (found) return structuredClone(found);
    }
    return value;
  };
  const expanded = (body: unknown, params: Params): unknown => {
    const paths = Object.entries(params)
      .filter(([key]) => /^expand\[\d*\]$/.test(key))
      .map(([, value]) => value.split('.'));
    const out = structuredClone(body) as Record<string, unknown>;
    for (const path of paths) {
      let node: Record<string, unknown> | undefined = out;
      for (const field of path) {
        if (!node || typeof node !== 'object') break;
        node[field] = byId(node[field]);
        node = node[field] as Record<string, unknown> | undefined;
      }
    }
    return out;
  };
  const retrieve =
    (map: Map<string, unknown>, name: string): Handler =>
    ({ match, params }) => {
      const found = map.get(match[1] ?? '');
      return found ? { body: expanded(found, params) } : stripeError(404, `No such ${name}`);
    };

  const routes: [string, RegExp, Handler][] = [
    [
      'POST',
      /^\/v1\/accounts$/,
      ({ params }) => {
        const account = newAccount(params);
        s.accounts.set(account.id, account);
        return { body: account };
      },
    ],
    [
      'GET',
      /^\/v1\/accounts\/([^/]+)$/,
      ({ match }) => {
        const account = s.accounts.get(match[1] ?? '');
        return account ? { body: account } : stripeError(404, 'No such account');
      },
    ],
    [
      'DELETE',
      /^\/v1\/accounts\/([^/]+)$/,
      ({ match }) => {
        const id = match[1] ?? '';
        if (!s.accounts.delete(id)) return stripeError(404, 'No such account');
        return { body: { id, object: 'account', deleted: true } };
      },
    ],
    [
      'POST',
      /^\/v1\/account_links$/,
      ({ params }) => {
        if (!s.accounts.has(params.account ?? '')) return stripeError(404, 'No such account');
        const returnUrl = encodeURIComponent(params.return_url ?? '');
        return {
          body: {
            object: 'account_link',
            url: `${s.url}/onboarding/${params.account}?return_url=${returnUrl}`,
            created: Math.floor(Date.now() / 1000),
            expires_at: Math.floor(Date.now() / 1000) + 300,
          },
        };
      },
    ],
    [
      'GET',
      /^\/onboarding\/([^/]+)$/,
      ({ match, params }) => {
        const account = s.accounts.get(match[1] ?? '');
        if (!account) return stripeError(404, 'No such account');
        Object.assign(account, { charges_enabled: true, payouts_enabled: true, details_submitted: true });
        emit('account.updated', account, account.id);
        return { body: null, redirect: params.return_url ?? '/' };
      },
    ],
    [
      'POST',
      /^\/v1\/payment_intents$/,
      ({ params, account, idempotencyKey }) => {
        if (idempotencyKey) {
          const earlier = [...s.paymentIntents.values()].find(
            (pi) => pi.idempotencyKey === idempotencyKey && pi.account === account,
          );
          if (earlier) return { body: publicIntent(earlier) };
        }
        if (!Number.isInteger(Number(params.amount)) || Number(params.amount) < 1)
          return stripeError(400, 'Invalid amount', 'parameter_invalid_integer');
        const pi = { ...newPaymentIntent(params), account, idempotencyKey };
        s.paymentIntents.set(pi.id, pi);
        return { body: publicIntent(pi) };
      },
    ],
    [
      'GET',
      /^\/v1\/payment_intents\/([^/]+)$/,
      ({ match, params }) => {
        const pi = intentOf(match[1]);
        return pi ? { body: expanded(publicIntent(pi), params) } : stripeError(404, 'No such payment_intent');
      },
    ],
    [
      'POST',
      /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
      ({ match, params }) => {
        const pi = intentOf(match[1]);
        if (!pi) return stripeError(404, 'No such payment_intent');
        if (pi.status === 'succeeded')
          return stripeError(
            400,
            'This PaymentIntent has already succeeded.',
            'payment_intent_unexpected_state',
          );
        if (params.payment_method === 'pm_card_chargeDeclined') {
          Object.assign(pi, {
            status: 'requires_payment_method',
            last_payment_error: { code: 'card_declined', message: 'Your card was declined.' },
          });
          emit('payment_intent.payment_failed', publicIntent(pi), pi.account);
          return { body: publicIntent(pi) };
        }
        const { charge, transaction, fee } = newCharge(pi, pi.account);
        s.charges.set(charge.id, charge);
        s.balanceTransactions.set(transaction.id, transaction);
        if (fee) s.applicationFees.set(fee.id, fee);
        Object.assign(pi, {
          status: 'succeeded',
          amount_received: pi.amount,
          latest_charge: charge.id,
          last_payment_error: null,
        });
        emit('payment_intent.succeeded', publicIntent(pi), pi.account);
        return { body: publicIntent(pi) };
      },
    ],
    [
      'POST',
      /^\/v1\/refunds$/,
      async ({ params, account, idempotencyKey }) => {
        await s.beforeRefund?.();
        // Stripe answers a key it has seen, with the same parameters, with the refund it made then.
        const earlier = idempotencyKey ? refundKeys.get(`${account}:${idempotencyKey}`) : undefined;
        const same =
          earlier?.payment_intent === params.payment_intent && String(earlier?.amount) === params.amount;
        if (earlier && same) return { body: earlier };
        const pi = intentOf(params.payment_intent);
        if (pi?.status !== 'succeeded')
          return stripeError(400, 'This PaymentIntent has no charge to refund.', 'charge_not_refundable');
        const refunded = [...s.refunds.values()]
          .filter((r) => r.payment_intent === pi.id && r.status !== 'failed')
          .reduce((sum, r) => sum + r.amount, 0);
        const refund = newRefund(pi, params);
        if (refund.amount > pi.amount_received - refunded)
          return stripeError(400, 'Refund amount is greater than the unrefunded amount.', 'amount_too_large');
        s.refunds.set(refund.id, refund);
        if (idempotencyKey) refundKeys.set(`${account}:${idempotencyKey}`, refund);
        emit('refund.created', refund, account);
        // Stripe settles refunds a moment later.
        setTimeout(() => {
          refund.status = s.failRefunds ? 'failed' : 'succeeded';
          const charge = s.charges.get(refund.charge ?? '');
          if (refund.status === 'succeeded' && charge) {
            const fee = s.applicationFees.get(charge.application_fee ?? '');
            const transaction = settleRefundMoney({ refund, charge, fee });
            s.balanceTransactions.set(transaction.id, transaction);
          }
          emit('refund.updated', refund, account);
        }, 50);
        return { body: refund };
      },
    ],
    ['GET', /^\/v1\/refunds\/([^/]+)$/, retrieve(s.refunds, 'refund')],
    ['GET', /^\/v1\/charges\/([^/]+)$/, retrieve(s.charges, 'charge')],
    ['GET', /^\/v1\/balance_transactions\/([^/]+)$/, retrieve(s.balanceTransactions, 'balance_transaction')],
    ['GET', /^\/v1\/application_fees\/([^/]+)$/, retrieve(s.applicationFees, 'application_fee')],
    [
      'GET',
      /^\/v1\/events\/([^/]+)$/,
      ({ match }) => {
        const event = s.events.find((e) => e.id === match[1]);
        return event ? { body: event } : stripeError(404, 'No such event');
      },
    ],
  ];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, Stripe-Account');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const route = routes.find(([method, pattern]) => method === req.method && pattern.test(path));
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (!route) return send(404, stripeError(404, `Unrecognized request URL (${req.method}: ${path})`).body);
    const key = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const browserConfirm = key === s.publishableKey && path.endsWith('/confirm');
    if (!path.startsWith('/onboarding/') && key !== s.secretKey && !browserConfirm) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const [, pattern, handler] = route;
    const result = await handler({
      params: await readParams(req),
      match: pattern.exec(path) ?? [],
      account: (req.headers['stripe-account'] as string | undefined) ?? undefined,
      idempotencyKey: (req.headers['idempotency-key'] as string | undefined) ?? undefined,
    });
    if (result.redirect) return void res.writeHead(302, { Location: result.redirect }).end();
    send(result.status ?? 200, result.body);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res
        .writeHead(500, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ error: { message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  s.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return s;
}
