import type { FastifyInstance, onRequestHookHandler, RouteOptions } from 'fastify';

/** The SPA page where door staff scan tickets (`web/features/check-in/staff/routes.tsx`). */
const CAMERA_PAGE = /^\/check-in\/[^/]+\/?$/;

/** Browser features no page of Tessera uses; the camera is allowed only on the scanner page. */
const DENIED_FEATURES = ['accelerometer', 'geolocation', 'gyroscope', 'magnetometer', 'microphone', 'usb'];

/**
 * The embeddable ticket widget (decision 022): its pages are the only ones other sites may put
 * in a frame, and its script is the only file they may load from us.
 *
 * The widget's own pages and nothing else under `/widget/` (decision 038): its tickets
 * (`/widget/{eventId}`) and its checkout steps (`…/checkout/{orderShortId}/{step}`), as
 * `web/features/widget/routes.tsx` has them. A made-up address below them is a page of the app
 * (its not-found page) that no other site may frame.
 */
const FRAMEABLE_PAGE = /^\/widget\/[^/]+(?:\/checkout\/[^/]+(?:\/(?:details|payment|summary))?)?\/?$/;
/**
 * The embeddable list of an organizer's events (decision 062), written by the server: its page
 * at an organizer's address and nothing below it. The organizer's homepage (`/o/{slug}`) stays
 * unframeable.
 */
const ORGANIZER_WIDGET_PAGE = /^\/widget\/organizer\/[^/]+\/?$/;
const EMBED_SCRIPT = '/widget.js';
/** An event's logo, which e-mails show from wherever they are read (decision 037). */
const MAILED_IMAGE = /^\/api\/public\/events\/\d+\/logo\.png$/;

/** Whether pages of other sites (a webmail) may load the file at this path. */
const crossOrigin = (pathname: string) => pathname === EMBED_SCRIPT || MAILED_IMAGE.test(pathname);

const pathOf = (url: string | undefined) => (url ?? '/').split('?', 1)[0] ?? '/';

/** Whether other sites may frame the page at this path (`frame-ancestors *`), or only Tessera itself. */
export function isFrameable(pathname: string): boolean {
  return FRAMEABLE_PAGE.test(pathname) || ORGANIZER_WIDGET_PAGE.test(pathname);
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
 * The API's JSON answers get the headers that act on JSON (decision 041): no sniffing, no
 * reading from other sites' pages, no framing, and a policy that lets nothing load or run
 * should a browser open one as a page. The headers that only steer a page (its features,
 * referrers, windows, the legacy XSS filter, DNS prefetching) are for pages and for the API's
 * files: every API route that answers other than JSON says so with `produces` (a PDF, an
 * image, a calendar, an export) or is left out of the API's description (its documentation
 * pages), and gets the page's set.
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
      // `blob:`: the ticket design's PDF preview, made in the page from the server's answer.
      frameSrc: ["'self'", 'blob:', ...stripeFrames],
      frameAncestors: [frameAncestors],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      ...(options.https ? { upgradeInsecureRequests: [] } : {}),
    });
  const transport: Record<string, string> = options.https
    ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' }
    : {};
  const always: Record<string, string> = {
    // Cross-origin isolation (COEP) would break embedded payment frames: not sent.
    'cross-origin-opener-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...transport,
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  const sets = new Map<string, Record<string, string>>();
  /** The set of a page or file (`page`), or of a JSON answer of the API. */
  const headersFor = (pathname: string, page: boolean) => {
    const api = pathname.startsWith('/api/');
    const frameable = isFrameable(pathname);
    const key = `${frameable} ${CAMERA_PAGE.test(pathname)} ${crossOrigin(pathname)} ${api} ${page}`;
    let set = sets.get(key);
    if (set) return set;
    const resourcePolicy = crossOrigin(pathname) ? 'cross-origin' : 'same-origin';
    set =
      api && !page
        ? {
            ...transport,
            'x-content-type-options': 'nosniff',
            'cross-origin-resource-policy': resourcePolicy,
            'content-security-policy': JSON_POLICY,
            'cache-control': 'no-store',
          }
        : {
            ...always,
            'content-security-policy': contentSecurityPolicy(frameable ? '*' : "'self'"),
            // Only the widget's pages may be framed by any site, and its script (and the logos
            // e-mails show) loaded by any site.
            ...(frameable ? {} : { 'x-frame-options': 'SAMEORIGIN' }),
            'cross-origin-resource-policy': resourcePolicy,
            'permissions-policy': permissionsPolicy(pathname),
            // A route with a cache policy of its own sets it over this one.
            ...(api ? { 'cache-control': 'no-store' } : {}),
          };
    sets.set(key, set);
    return set;
  };
  // The set of each path asked for lately, so that a crowd on one address costs a lookup.
  const byPath = new Map<string, Record<string, string>>();
  app.addHook('onRequest', (request, reply, done) => {
    const pathname = pathOf(request.url);
    let set = byPath.get(pathname);
    if (!set) {
      set = headersFor(pathname, !pathname.startsWith('/api/'));
      if (byPath.size >= PATHS_KEPT) byPath.clear();
      if (pathname.length <= 200) byPath.set(pathname, set);
    }
    reply.headers(set);
    done();
  });
  // The API's routes that answer files or pages add the page's set over the JSON one.
  const pageHeaders: onRequestHookHandler = (request, reply, done) => {
    reply.headers(headersFor(pathOf(request.url), true));
    done();
  };
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || !answersPages(route)) return;
    route.onRequest = [pageHeaders, ...[route.onRequest ?? []].flat()];
  });
}

/** Paths whose header set is kept; past that, all are forgotten (made-up paths cannot grow memory). */
const PATHS_KEPT = 1_000;

/** What a JSON answer lets a browser do should it open one as a page: nothing, not even frame it. */
export const JSON_POLICY = "default-src 'none';frame-ancestors 'none'";

/** Whether an API route answers something else than JSON: it names what (`produces`) or is not described. */
export function answersPages(route: Pick<RouteOptions, 'schema'>): boolean {
  const schema = route.schema as { produces?: string[]; hide?: boolean } | undefined;
  return Boolean(schema?.hide) || (schema?.produces ?? []).some((type) => !type.includes('json'));
}
