import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import {
  KIT_ISSUER_ID,
  KIT_PASS_TYPE_ID,
  KIT_SERVICE_ACCOUNT,
  KIT_TEAM_ID,
  makeWalletKit,
} from './test/wallet-kit';

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
      pageRenders: 30,
      previews: 30,
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

describe('the wallet configuration', () => {
  const kit = makeWalletKit({ passphrase: 'open sesame' });
  const apple = Object.fromEntries(
    Object.entries(kit.env).filter(([name]) => name.startsWith('WALLET_APPLE_')),
  );
  const google = Object.fromEntries(
    Object.entries(kit.env).filter(([name]) => name.startsWith('WALLET_GOOGLE_')),
  );

  it('is off without settings, and each wallet is on with all of its own', () => {
    expect(loadConfig({}).wallet).toEqual({ apple: undefined, google: undefined });
    const both = loadConfig(kit.env).wallet;
    expect(both.apple).toMatchObject({ passTypeId: KIT_PASS_TYPE_ID, teamId: KIT_TEAM_ID });
    // The passphrase is used once, at start: what signs passes is the opened key.
    expect(both.apple?.signerKey).toMatch(/^-----BEGIN RSA PRIVATE KEY-----/);
    expect(both.google).toMatchObject({ issuerId: KIT_ISSUER_ID, serviceAccountEmail: KIT_SERVICE_ACCOUNT });
    expect(loadConfig(google).wallet.apple).toBeUndefined();
    expect(loadConfig(apple).wallet.google).toBeUndefined();
  });

  it('takes PEM texts written on one line with \\n for the line breaks', () => {
    const oneLine = (pem: string) => pem.trim().replaceAll('\n', '\\n');
    const config = loadConfig({
      ...apple,
      WALLET_APPLE_CERT: oneLine(apple.WALLET_APPLE_CERT ?? ''),
      WALLET_APPLE_KEY: oneLine(apple.WALLET_APPLE_KEY ?? ''),
    });
    expect(config.wallet.apple?.signerCert).toMatch(/^-----BEGIN CERTIFICATE-----\n/);
  });

  it('refuses to start with some of a wallet’s settings, or with ones that do not fit', () => {
    expect(() => loadConfig({ WALLET_APPLE_TEAM_ID: KIT_TEAM_ID })).toThrow(
      /missing: WALLET_APPLE_PASS_TYPE_ID/,
    );
    expect(() => loadConfig({ ...apple, WALLET_APPLE_WWDR: '' })).toThrow(/missing: WALLET_APPLE_WWDR/);
    expect(() => loadConfig({ WALLET_GOOGLE_ISSUER_ID: KIT_ISSUER_ID })).toThrow(ConfigError);
    expect(() => loadConfig({ ...apple, WALLET_APPLE_KEY_PASSPHRASE: 'wrong' })).toThrow(
      /passphrase does not open it/,
    );
    expect(() => loadConfig({ ...apple, WALLET_APPLE_KEY_PASSPHRASE: '' })).toThrow(
      /WALLET_APPLE_KEY is encrypted/,
    );
    expect(() => loadConfig({ ...apple, WALLET_APPLE_CERT: 'not a certificate' })).toThrow(
      /WALLET_APPLE_CERT is not a PEM certificate/,
    );
    // The signer's own certificate in place of the one that issued it.
    expect(() => loadConfig({ ...apple, WALLET_APPLE_WWDR: apple.WALLET_APPLE_CERT ?? '' })).toThrow(
      /not issued by WALLET_APPLE_WWDR/,
    );
    const other = makeWalletKit();
    expect(() =>
      loadConfig({
        ...apple,
        WALLET_APPLE_KEY: other.env.WALLET_APPLE_KEY ?? '',
        WALLET_APPLE_KEY_PASSPHRASE: '',
      }),
    ).toThrow(/not the private key of WALLET_APPLE_CERT/);
    expect(() => loadConfig({ ...apple, WALLET_APPLE_TEAM_ID: 'team' })).toThrow(/WALLET_APPLE_TEAM_ID/);
    expect(() => loadConfig({ ...google, WALLET_GOOGLE_PRIVATE_KEY: apple.WALLET_APPLE_CERT ?? '' })).toThrow(
      /WALLET_GOOGLE_PRIVATE_KEY is not a PEM private key/,
    );
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default, one for true, a number of them, or proxies by address', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,fd00::/8, loopback' }).trustProxy).toEqual({
      addresses: ['10.0.0.0/8', '192.0.2.7', 'fd00::/8', 'loopback'],
    });
  });

  it('refuses what is neither a number of proxies nor addresses, saying so', () => {
    for (const wrong of [
      'yes',
      '11',
      '10.0.0.0/33',
      '10.0.0/8',
      'fd00::/129',
      '10.0.0.1,,',
      'proxy.internal',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY/);
    }
  });
});
