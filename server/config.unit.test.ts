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
