/**
 * The public event page's addresses: `/e/{id}/{slug}` and `/event/{id}/{slug}`, the slug
 * optional and free (it changes nothing on the page). One definition for the web app's router,
 * the server's rendering of the page, its meta tags and the scripts it preloads.
 */
export const EVENT_PAGE_PREFIXES = ['e', 'event'] as const;

/** The router's path of the page under each prefix. */
export const EVENT_PAGE_ROUTES = EVENT_PAGE_PREFIXES.map((prefix) => `${prefix}/:eventId/:eventSlug?`);

const EVENT_PAGE_PATH = new RegExp(`^/(?:${EVENT_PAGE_PREFIXES.join('|')})/(\\d{1,15})(?:/[^/]*)?/?$`);

/**
 * The event id of an event page's path (no query) as written there (the browser keys the page's
 * queries by it), or null when the path is no event page.
 */
export function eventPageId(pathname: string): string | null {
  return EVENT_PAGE_PATH.exec(pathname)?.[1] ?? null;
}
