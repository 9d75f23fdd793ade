import helmet from '@fastify/helmet';
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

/**
 * Security headers for the API and the SPA. The SPA is built to need no inline script;
 * Mantine injects style tags and attributes, hence 'unsafe-inline' for styles only.
 * API answers carry personal data, tokens and secret links: no cache may keep them
 * (`Cache-Control: no-store`) unless a route sets a cache policy of its own.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { https: boolean; stripe?: { testApiBase?: string | null } },
): Promise<void> {
  // Card payments: Stripe's script and frames (Payment Element), or the local test server's
  // origin for the test-only card form, which confirms straight from the browser.
  const stripe = options.stripe;
  const testOrigin = stripe?.testApiBase ? new URL(stripe.testApiBase).origin : null;
  const stripeJs = stripe && !testOrigin ? ['https://js.stripe.com'] : [];
  const stripeConnect = stripe && !testOrigin ? ['https://api.stripe.com'] : testOrigin ? [testOrigin] : [];
  const stripeFrames = stripe && !testOrigin ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripeJs],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...stripeConnect],
        frameSrc: ["'self'", ...stripeFrames],
        frameAncestors: [(req) => (isFrameable(pathOf(req.url)) ? '*' : "'self'")],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Cross-origin isolation would break embedded payment frames later on.
    crossOriginEmbedderPolicy: false,
    // Both set per path below: the widget's pages may be framed, its script loaded, by any site.
    xFrameOptions: false,
    crossOriginResourcePolicy: false,
    strictTransportSecurity: options.https ? { maxAge: 15552000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', async (request, reply) => {
    const pathname = pathOf(request.url);
    if (!isFrameable(pathname)) reply.header('x-frame-options', 'SAMEORIGIN');
    reply.header('cross-origin-resource-policy', pathname === EMBED_SCRIPT ? 'cross-origin' : 'same-origin');
  });
  app.addHook('onSend', async (request, reply) => {
    const pathname = pathOf(request.url);
    reply.header('permissions-policy', permissionsPolicy(pathname));
    if (pathname.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
}
