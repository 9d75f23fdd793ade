import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Locale } from '../../common/i18n/locales';
import type { EventPageData, SeededQueries } from '../../common/server-render';
import { sharedReads } from './fresh-reads';

/**
 * The public event page rendered on the server into the first HTML (decision 026): the page
 * paints before any script has run, and the browser hydrates it with the same data. The
 * rendering is the web build's own (`dist/ssr/ssr.js`, from `web/ssr.tsx`); without it (tests
 * with a stand-in build, `npm run dev`) pages are served as the bare app shell, as before.
 */

export interface RenderedPage {
  eventId: number;
  /** The language the page was rendered in: a browser showing another renders it anew. */
  locale: Locale;
  /** The page's markup, for inside `#root`. */
  body: string;
  /** Style sheets the page's components asked for, for the head. */
  head: string;
  /** The queries the page was rendered from, as JSON: the browser seeds its cache with them. */
  queries: string;
  /** The queries are older than the event's current figures: the browser asks for them again. */
  stale: boolean;
}

type RenderEventPage = (
  url: string,
  locale: Locale,
  data: EventPageData,
) => Promise<{ html: string; queries: SeededQueries }>;

/** The element of the first HTML that carries the seeded queries (read by `web/main.tsx`). */
export const SEEDED_DATA_ID = 'tessera-data';

/** JSON that cannot end the script element it sits in, whatever an organizer wrote. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * React puts the elements a component hoists (style sheets with a precedence, `<title>`,
 * `<meta>`, `<link>`) before the markup. The style sheets go to the head, where the browser
 * applies them before the first paint and React finds them again; title and meta are already
 * in the head the server writes for the page. Other styles (Mantine's) are part of the markup.
 */
export function splitHoisted(html: string): { head: string; body: string } {
  const hoisted =
    /^(?:<style data-precedence[^>]*>[\s\S]*?<\/style>|<title>[\s\S]*?<\/title>|<meta [^>]*>|<link [^>]*>)/;
  let rest = html;
  let head = '';
  for (let match = hoisted.exec(rest); match; match = hoisted.exec(rest)) {
    if (!match[0].startsWith('<title') && !match[0].startsWith('<meta')) head += match[0];
    rest = rest.slice(match[0].length);
  }
  return { head, body: rest };
}

/** The app shell with a rendered page in it. */
export function withRenderedPage(shell: string, page: RenderedPage): string {
  return shell
    .replace('</head>', () => `${page.head}</head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${page.body}</div><script id="${SEEDED_DATA_ID}" type="application/json">{"stale":${page.stale},"locale":"${page.locale}","queries":${page.queries}}</script>`,
    );
}

/**
 * A page whose data was read this recently is served as it is: a crowd on one event costs one
 * read of its data a second, not one per visitor.
 */
const CHECKED_MS = 1_000;
/**
 * While the event's figures move (a crowd buying), a rendering this young is served again
 * rather than rendering anew; the browser is told its data is old and asks again.
 */
const REUSE_MS = 2_000;
const MAX_CACHED = 500;

interface Cached {
  renderedAt: number;
  fingerprint: string;
  page: Promise<RenderedPage>;
}

/** A page's data, and a text that changes whenever the data does (the answers' validators). */
export interface PageData {
  data: EventPageData;
  fingerprint: string;
}

/**
 * Asked before each new rendering, for the visitor whose request would cause it: null lets it
 * go ahead (and counts it), a number refuses it for that many seconds.
 */
export type RenderBudget = () => Promise<number | null>;

/** A rendering the visitor's budget refused, with nothing rendered before to serve instead. */
export interface RenderRefused {
  refused: true;
  retryAfterSeconds: number;
}

export interface PageToRender {
  /** The address the page is kept and rendered at: only what the page reads of its address. */
  url: string;
  locale: Locale;
  data: () => Promise<PageData | null>;
  budget?: RenderBudget;
}

export interface ServerRenderer {
  /** The page, a refusal of the visitor's budget, or null when there is nothing to render. */
  render(page: PageToRender): Promise<RenderedPage | RenderRefused | null>;
}

export interface RendererOptions {
  /** Told of each new rendering (the log, at debug). */
  onRender?: (rendering: { eventId: number; locale: Locale }) => void;
}

/**
 * The renderer of the build in `webDistDir`'s sibling `ssr/`, or null without one. Per address
 * and language, the page's data is read at most once a second (visitors meanwhile share that
 * read, or the page it confirmed); the page is rendered again only when the data changed, and
 * at most every `REUSE_MS` while it keeps changing.
 */
export async function loadServerRenderer(
  webDistDir: string,
  { onRender }: RendererOptions = {},
): Promise<ServerRenderer | null> {
  const entry = path.join(webDistDir, '..', 'ssr', 'ssr.js');
  if (!existsSync(entry)) return null;
  const { renderEventPage } = (await import(pathToFileURL(entry).href)) as {
    renderEventPage: RenderEventPage;
  };
  const cache = new Map<string, Cached>();

  const refresh = async (
    key: string,
    { url, locale, data, budget }: PageToRender,
  ): Promise<RenderedPage | RenderRefused | null> => {
    const read = await data();
    if (!read) {
      cache.delete(key);
      return null;
    }
    const { data: input, fingerprint } = read;
    const cached = cache.get(key);
    const now = Date.now();
    if (cached?.fingerprint === fingerprint) return cached.page;
    const servedStale = () => cached?.page.then((page) => ({ ...page, stale: true }));
    if (cached && now - cached.renderedAt < REUSE_MS) return servedStale() as Promise<RenderedPage>;
    const wait = budget ? await budget() : null;
    if (wait !== null) {
      // Over the visitor's budget: the page rendered before, however old, or nothing.
      return servedStale() ?? { refused: true, retryAfterSeconds: wait };
    }
    onRender?.({ eventId: input.event.id, locale });
    const page = renderEventPage(url, locale, input).then(({ html, queries }) => ({
      eventId: input.event.id,
      locale,
      ...splitHoisted(html),
      queries: scriptJson(queries),
      stale: false,
    }));
    cache.delete(key);
    cache.set(key, { renderedAt: now, fingerprint, page });
    if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value as string);
    // A failed rendering is not kept: the next visitor tries again.
    page.catch(() => {
      if (cache.get(key)?.page === page) cache.delete(key);
    });
    return page;
  };

  // Visitors within a second of a check share it: its page, or its null (a refusal is the
  // visitor's own, and shared with no one).
  const checks = sharedReads(refresh, {
    freshMs: CHECKED_MS,
    keep: (outcome) => !(outcome && 'refused' in outcome),
  });
  return { render: (page) => checks.get(`${page.locale} ${page.url}`, page) };
}
