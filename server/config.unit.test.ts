import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('the Stripe configuration', () => {
  it('is off without keys, on with all three, and refused with some', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
    const keys = {
      STRIPE_SECRET_KEY: 'sk_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };
    expect(loadConfig({ ...keys, STRIPE_PLATFORM_FEE_PERCENT: '2.5' }).stripe).toEqual({
      secretKey: 'sk_x',
      publishableKey: 'pk_x',
      webhookSecret: 'whsec_x',
      apiBase: undefined,
      platformFeePercent: 2.5,
    });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_x' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...keys, STRIPE_API_BASE: 'ftp://x' })).toThrow(ConfigError);
  });
});

describe('the rate limits and timeouts', () => {
  it('have defaults for real users, can be set, and share counts through Redis only when asked', () => {
    const defaults = loadConfig({});
    expect(defaults.rateLimits).toEqual({
      auth: 10,
      public: 600,
      checkIn: 3000,
      checkInSearch: 60,
      orders: 20,
      ordersPerEvent: 6000,
      openOrdersPerAddress: 10,
      promoCodes: 20,
      promoCodesPerEvent: 300,
      apiKey: 600,
    });
    expect(defaults.redis).toBeUndefined();
    expect(defaults.requestTimeoutMs).toBe(60_000);

    const set = loadConfig({
      OPEN_ORDERS_PER_ADDRESS: '3',
      API_KEY_RATE_LIMIT_PER_MINUTE: '30',
      REDIS_URL: 'rediss://cache.internal:6380',
      REQUEST_TIMEOUT_SECONDS: '5',
    });
    expect(set.rateLimits.openOrdersPerAddress).toBe(3);
    expect(set.rateLimits.apiKey).toBe(30);
    expect(set.redis).toEqual({ url: 'rediss://cache.internal:6380', keyPrefix: 'tessera:' });
    expect(set.requestTimeoutMs).toBe(5000);

    expect(() => loadConfig({ REDIS_URL: 'http://cache.internal' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ ORDER_RATE_LIMIT_PER_MINUTE: '0' })).toThrow(ConfigError);
  });
});
