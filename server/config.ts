import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './trust-proxy';
import { type WalletConfig, type WalletEnv, walletConfig } from './wallet-config';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** A count allowed per minute (or at once), from 1 to 100,000. */
const perMinute = (fallback: number) => z.coerce.number().int().min(1).max(100_000_000).default(fallback);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  APP_URL: optionalString.pipe(z.url().optional()),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  /** Encrypts two-factor secrets at rest (decision 063); without it, a key file in DATA_DIR. */
  SECRET_KEY: optionalString.pipe(z.string().min(32, 'SECRET_KEY must be at least 32 characters').optional()),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().trim().min(3).default('Tessera <no-reply@tessera.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `false`, `true` (one proxy), a number of proxies, or their addresses (decision 038). */
  TRUST_PROXY: z.string().default('false'),
  WEB_DIST_DIR: z.string().trim().min(1).default('./dist/web'),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  S3_PUBLIC_URL: optionalString.pipe(z.url().optional()),
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  AUTH_RATE_LIMIT_PER_MINUTE: perMinute(10),
  PUBLIC_RATE_LIMIT_PER_MINUTE: perMinute(600),
  CHECK_IN_RATE_LIMIT_PER_MINUTE: perMinute(3000),
  CHECK_IN_SEARCH_RATE_LIMIT_PER_MINUTE: perMinute(60),
  ORDER_RATE_LIMIT_PER_MINUTE: perMinute(20),
  ORDER_RATE_LIMIT_PER_EVENT_PER_MINUTE: perMinute(6000),
  OPEN_ORDERS_PER_ADDRESS: perMinute(10),
  PROMO_CODE_RATE_LIMIT_PER_MINUTE: perMinute(20),
  PROMO_CODE_RATE_LIMIT_PER_EVENT_PER_MINUTE: perMinute(300),
  API_KEY_RATE_LIMIT_PER_MINUTE: perMinute(600),
  PAGE_RENDER_RATE_LIMIT_PER_MINUTE: perMinute(30),
  PREVIEW_RATE_LIMIT_PER_MINUTE: perMinute(30),
  /** Let webhook deliveries reach loopback, link-local and private addresses (decision 027). */
  WEBHOOKS_ALLOW_PRIVATE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
      .optional(),
  ),
  REDIS_KEY_PREFIX: z.string().trim().min(1).max(100).default('tessera:'),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  MESSAGES_PER_ACCOUNT_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(100),
  MESSAGE_MAX_RECIPIENTS: z.coerce.number().int().min(1).max(1_000_000).default(20_000),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Where the Stripe SDK sends its calls; tests point it at a local server that speaks Stripe's API. */
  STRIPE_API_BASE: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** The platform's share of each card payment, in percent (0 = none). */
  STRIPE_PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(50).default(0),
  /** Apple Wallet passes (decision 032); the PEM values are the PEM text itself. */
  WALLET_APPLE_PASS_TYPE_ID: optionalString.pipe(
    z
      .string()
      .regex(
        /^pass\.[A-Za-z0-9.-]+$/,
        'WALLET_APPLE_PASS_TYPE_ID is a Pass Type ID such as pass.com.example.tickets',
      )
      .optional(),
  ),
  WALLET_APPLE_TEAM_ID: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Z0-9]{10}$/, 'WALLET_APPLE_TEAM_ID is the ten letters and digits of an Apple team')
      .optional(),
  ),
  WALLET_APPLE_CERT: optionalString,
  WALLET_APPLE_KEY: optionalString,
  WALLET_APPLE_KEY_PASSPHRASE: optionalString,
  WALLET_APPLE_WWDR: optionalString,
  /** Google Wallet passes (decision 032). */
  WALLET_GOOGLE_ISSUER_ID: optionalString.pipe(
    z.string().regex(/^\d+$/, 'WALLET_GOOGLE_ISSUER_ID is the number of a Google Wallet issuer').optional(),
  ),
  WALLET_GOOGLE_SERVICE_ACCOUNT_EMAIL: optionalString.pipe(z.email().optional()),
  WALLET_GOOGLE_PRIVATE_KEY: optionalString,
  /** A country database (MaxMind DB format) for the sessions list; the bundled DB-IP one when unset. */
  GEOIP_DATABASE: optionalString,
  /** Days between an owner confirming an account's deletion and its running (decision 065). */
  ACCOUNT_DELETION_WAIT_DAYS: z.coerce.number().int().min(0).max(365).default(14),
});

export type Env = z.input<typeof EnvSchema>;
export type { WalletConfig } from './wallet-config';

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Public base URL used in links (e-mails, QR codes). */
  appUrl: string;
  dataDir: string;
  /** SECRET_KEY, when set; else `secrets.ts` keeps a generated key in DATA_DIR. */
  secretKey: string | undefined;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  /** Which peers may name the client in `X-Forwarded-For` (decision 038). */
  trustProxy: TrustProxy;
  webDistDir: string;
  /** What anyone may do without a login, per minute unless said otherwise (decision 018). */
  rateLimits: RateLimits;
  /** Counts of the rate limits live here, shared by every instance; without it, in memory. */
  redis?: { url: string; keyPrefix: string };
  /** How long a client may take to send a whole request (its headers: at most 15 s of it). */
  requestTimeoutMs: number;
  /** Messages to attendees (decision 020). */
  messages: MessageLimits;
  /** Outgoing webhooks (decision 027): may they reach the server's own networks. */
  webhooks: { allowPrivate: boolean };
  /** Uploaded files go to this S3-compatible bucket instead of DATA_DIR/uploads. */
  s3?: {
    bucket: string;
    region: string;
    endpoint?: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    forcePathStyle: boolean;
    publicUrl: string;
  };
  /** Create the demo account on the first start of an empty database. */
  seedDemo: boolean;
  /** The country database read for the sessions list (decision 066); the bundled one when unset. */
  geoipDatabase: string | undefined;
  /** Days a confirmed account deletion waits before it runs (decision 065); 0 runs it at once. */
  accountDeletionWaitDays: number;
  /** Card payments through Stripe Connect; absent when the keys are not set. */
  stripe?: {
    secretKey: string;
    publishableKey: string;
    webhookSecret: string;
    apiBase?: string;
    platformFeePercent: number;
  };
  /** Apple and Google Wallet passes of tickets (decision 032); each is absent when not set up. */
  wallet: WalletConfig;
}

export interface RateLimits {
  /** Login, registration, forgot-password and reset attempts per client address and per e-mail (or link). */
  auth: number;
  /** Any other public route, per client address and route; also the web app's pages, per client address. */
  public: number;
  /** The door staff's routes behind a check-in list's link (list, scans), per client address and route. */
  checkIn: number;
  /** Searches of a check-in list, per client address. */
  checkInSearch: number;
  /** Orders created per client address. */
  orders: number;
  /** Orders created per event, whatever the addresses. */
  ordersPerEvent: number;
  /** Reservations one client address may hold open at once (not per minute). */
  openOrdersPerAddress: number;
  /** Promo code checks per client address. */
  promoCodes: number;
  /** Promo code checks per event, whatever the addresses. */
  promoCodesPerEvent: number;
  /** Calls one API key may make, on any routes together (decision 025). */
  apiKey: number;
  /** New server renderings of event pages a client address may cause (decision 038). */
  pageRenders: number;
  /** Previews a user may have printed (a sample ticket PDF, a homepage), per user. */
  previews: number;
}

export interface MessageLimits {
  /** Messages (tests included) one account may create in any 24 hours. */
  perAccountPerDay: number;
  /** Addresses one message may go to. */
  maxRecipients: number;
}

export class ConfigError extends Error {}

/** Parses the environment once. Nothing else in the server reads `process.env`. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const wallet = walletConfig(e satisfies WalletEnv);
  if (wallet.problems.length > 0) {
    throw new ConfigError(`Invalid environment:\n${wallet.problems.map((p) => `  ${p}`).join('\n')}`);
  }
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (trustProxy && 'problem' in trustProxy)
    throw new ConfigError(`Invalid environment:\n  ${trustProxy.problem}`);
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
    throw new ConfigError(
      'Invalid environment:\n  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET go together: set all three or none.',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    secretKey: e.SECRET_KEY,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    trustProxy,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    rateLimits: {
      auth: e.AUTH_RATE_LIMIT_PER_MINUTE,
      public: e.PUBLIC_RATE_LIMIT_PER_MINUTE,
      checkIn: e.CHECK_IN_RATE_LIMIT_PER_MINUTE,
      checkInSearch: e.CHECK_IN_SEARCH_RATE_LIMIT_PER_MINUTE,
      orders: e.ORDER_RATE_LIMIT_PER_MINUTE,
      ordersPerEvent: e.ORDER_RATE_LIMIT_PER_EVENT_PER_MINUTE,
      openOrdersPerAddress: e.OPEN_ORDERS_PER_ADDRESS,
      promoCodes: e.PROMO_CODE_RATE_LIMIT_PER_MINUTE,
      promoCodesPerEvent: e.PROMO_CODE_RATE_LIMIT_PER_EVENT_PER_MINUTE,
      apiKey: e.API_KEY_RATE_LIMIT_PER_MINUTE,
      pageRenders: e.PAGE_RENDER_RATE_LIMIT_PER_MINUTE,
      previews: e.PREVIEW_RATE_LIMIT_PER_MINUTE,
    },
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : undefined,
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    messages: { perAccountPerDay: e.MESSAGES_PER_ACCOUNT_PER_DAY, maxRecipients: e.MESSAGE_MAX_RECIPIENTS },
    webhooks: { allowPrivate: e.WEBHOOKS_ALLOW_PRIVATE },
    seedDemo: e.SEED_DEMO,
    geoipDatabase: e.GEOIP_DATABASE ? path.resolve(e.GEOIP_DATABASE) : undefined,
    accountDeletionWaitDays: e.ACCOUNT_DELETION_WAIT_DAYS,
    wallet: wallet.wallet,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE,
            platformFeePercent: e.STRIPE_PLATFORM_FEE_PERCENT,
          }
        : undefined,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          publicUrl:
            e.S3_PUBLIC_URL ??
            (e.S3_ENDPOINT
              ? `${e.S3_ENDPOINT.replace(/\/+$/, '')}/${e.S3_BUCKET}`
              : `https://${e.S3_BUCKET}.s3.${e.S3_REGION}.amazonaws.com`),
        }
      : undefined,
  };
}
