import type Stripe from 'stripe';
import type { Config } from '../../config';

export type StripeConfig = NonNullable<Config['stripe']>;

/**
 * The official SDK, pointed at Stripe or, when `STRIPE_API_BASE` is set, at another server that
 * speaks its API (the local test server): host, port and protocol are taken from that URL.
 * The SDK loads here, only when card payments are configured, not with every start.
 */
export async function createStripeClient(config: StripeConfig): Promise<Stripe> {
  const { default: Stripe } = await import('stripe');
  const base = config.apiBase ? new URL(config.apiBase) : undefined;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/** The keys of the local test server (`server/test/stripe-server/`), never Stripe's. */
export const TEST_SECRET_KEY = 'sk_test_tessera_local';
export const TEST_PUBLISHABLE_KEY = 'pk_test_tessera_local';

/**
 * Talking to the local test server: the checkout page may then show its test-only card form
 * instead of Stripe's Payment Element (which needs Stripe's own servers).
 */
export const usesTestServer = (config: StripeConfig) => config.publishableKey === TEST_PUBLISHABLE_KEY;
