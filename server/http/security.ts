import type { FastifyInstance } from 'fastify';

/** The SPA page where door staff scan tickets (`web/features/check-in/staff/routes.tsx`). */
const CAMERA_PAGE = /^\/check-in\/[^/]+\/?$/;

/** Browser features no page of Tessera uses; the camera is allowed only on the scanner page. */
const DENIED_FEATURES = ['accelerometer', 'geolocation', 'gyroscope', 'magnetometer', 'microphone', 'usb'];

/**
 * The embeddable ticket widget (decision 022): its pages are the only ones other sites may put
 * in a frame, and its script is the only file they may load from us.
 */
const FRAMEABLE_PAGE = /^\/widget\/[^/]/;
const EMBED_SCRIPT = '/widget.js';

const pathOf = (url: string | undefined) => (url ?? '/').split('?', 1)[0] ?? '/';

/** Whether other sites may frame the page at this path (`frame-ancestors *`), or only Tessera itself. */
export function isFrameable(pathname: string): boolean {
  return FRAMEABLE_PAGE.test(pathname);
}

export function permissionsPolicy(pathname: string): string {
  const camera = CAMERA_PAGE.test(pathname) ? 'camera=(self)' : 'camera=()';
  return [camera, ...DENIED_FEATURES.map((feature) => `${feature}=()`)].join(', ');
}

/** `frameAncestors: ['*']` and the like, as one Content-Security-Policy value. */
function policy(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => [name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), ...values].join(' '))
    .join(';');
}

/**
 * Security headers for the API and the SPA. The SPA is built to need no inline script;
 * Mantine injects style tags and attributes, hence 'unsafe-inline' for styles only.
 * API answers carry personal data, tokens and secret links: no cache may keep them
 * (`Cache-Control: no-store`) unless a route sets a cache policy of its own.
 *
 * The few combinations a path can need are written once, at start: a request only picks its
 * set (issue 19 measured the per-request assembly of these headers at a tenth of a cached
 * public read's time).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { https: boolean; stripe?: { testApiBase?: string | null } },
): void {
  // Card payments: Stripe's script and frames (Payment Element), or the local test server's
  // origin for the test-only card form, which confirms straight from the browser.
  const stripe = options.stripe;
  const testOrigin = stripe?.testApiBase ? new URL(stripe.testApiBase).origin : null;
  const stripeJs = stripe && !testOrigin ? ['https://js.stripe.com'] : [];
  const stripeConnect = stripe && !testOrigin ? ['https://api.stripe.com'] : testOrigin ? [testOrigin] : [];
  const stripeFrames = stripe && !testOrigin ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [];
  const contentSecurityPolicy = (frameAncestors: string) =>
    policy({
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...stripeJs],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...stripeConnect],
      frameSrc: ["'self'", ...stripeFrames],
      frameAncestors: [frameAncestors],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      ...(options.https ? { upgradeInsecureRequests: [] } : {}),
    });
  const always: Record<string, string> = {
    // Cross-origin isolation (COEP) would break embedded payment frames: not sent.
    'cross-origin-opener-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(options.https ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  const sets = new Map<string, Record<string, string>>();
  const headersFor = (pathname: string) => {
    const frameable = isFrameable(pathname);
    const key = `${frameable} ${CAMERA_PAGE.test(pathname)} ${pathname === EMBED_SCRIPT} ${pathname.startsWith('/api/')}`;
    let set = sets.get(key);
    if (!set) {
      set = {
        ...always,
        'content-security-policy': contentSecurityPolicy(frameable ? '*' : "'self'"),
        // Only the widget's pages may be framed by any site, and its script loaded by any site.
        ...(frameable ? {} : { 'x-frame-options': 'SAMEORIGIN' }),
        'cross-origin-resource-policy': pathname === EMBED_SCRIPT ? 'cross-origin' : 'same-origin',
        'permissions-policy': permissionsPolicy(pathname),
        // A route with a cache policy of its own sets it over this one.
        ...(pathname.startsWith('/api/') ? { 'cache-control': 'no-store' } : {}),
      };
      sets.set(key, set);
    }
    return set;
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headersFor(pathOf(request.url)));
    done();
  });
}
