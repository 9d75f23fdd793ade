import type { Messages } from '@lingui/core';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static.edge';
import { StaticRouter } from 'react-router';
import type { Locale } from '../common/i18n/locales';
import type { EventPageData, SeededQueries } from '../common/server-render';
import { createQueryClient } from './api/query-client';
import { queryKeys } from './api/query-keys';
import { i18n } from './i18n';
import { Providers } from './providers';
import { AppRoutes } from './router';

/**
 * The server's rendering of a public event page (decision 026), built by `vite build --ssr`
 * into `dist/ssr/` and imported by `server/http/server-render.ts`. It renders the same
 * tree as `main.tsx`, with the event and its tickets already in the query cache, so the first
 * HTML carries the page a buyer sees, and the browser, given the same data, hydrates it.
 */

const catalogs = import.meta.glob<{ messages: Messages }>('./locales/*/buyer.ts');

async function activate(locale: Locale): Promise<void> {
  const load = catalogs[`./locales/${locale}/buyer.ts`] ?? catalogs['./locales/en/buyer.ts'];
  if (!load) throw new Error(`no buyer catalog for ${locale}`);
  i18n.load(locale, (await load()).messages);
  i18n.activate(locale);
}

// The catalog is the process's one Lingui instance: one page renders at a time.
let queue: Promise<unknown> = Promise.resolve();

/** The HTML inside `#root` for the event page at `url`, and the queries it was rendered from. */
export function renderEventPage(
  url: string,
  locale: Locale,
  data: EventPageData,
): Promise<{ html: string; queries: SeededQueries }> {
  const run = async () => {
    await activate(locale);
    const queries: SeededQueries = [
      [queryKeys.publicEvents.detail(data.eventId, data.promoCode), data.event],
    ];
    if (data.tickets)
      queries.push([queryKeys.publicEvents.tickets(data.eventId, data.promoCode, data.dateId), data.tickets]);
    if (data.dates) queries.push([queryKeys.publicEvents.dates(data.eventId), data.dates]);
    const linked = data.dateId === undefined ? undefined : Number(data.dateId);
    if (data.linkedDates && linked !== undefined)
      queries.push([queryKeys.publicEvents.dates(data.eventId, { dateId: linked }), data.linkedDates]);
    const queryClient = createQueryClient();
    for (const [key, value] of queries) queryClient.setQueryData(key, value);
    // Prerendering waits for the lazily loaded page. Every boundary is written in place, however
    // large: a boundary written apart would need React's inline script to move it, which the
    // page's security policy blocks. The edge build, not Node's: Node's keeps each rendering's
    // request in an AsyncLocalStorage, which on Node 20 turns on promise hooks for the whole
    // process from the first page on, a tenth of every API read after it (decision 041).
    const { prelude } = await prerender(
      <StrictMode>
        <Providers queryClient={queryClient}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </Providers>
      </StrictMode>,
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    return { html: await new Response(prelude).text(), queries };
  };
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}
