import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './api/query-client';
import { installIntentPrefetch } from './features/checkout/prefetch';
import { activateLocale, i18n, initialLocale } from './i18n';
import { Providers } from './providers';
import { AppRoutes } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const queryClient = createQueryClient();
installIntentPrefetch();

// A public event page comes rendered by the server (decision 026), with the answers it was
// rendered from: the cache starts with them, so the first render here matches the page.
// Data the server calls stale (a crowd is buying) is asked for again once the page is up.
const seeded = document.getElementById('tessera-data');
let renderedIn: string | undefined;
try {
  const { stale, locale, queries } = JSON.parse(seeded?.textContent || '{"queries":[]}') as {
    stale?: boolean;
    locale?: string;
    queries: [unknown[], unknown][];
  };
  for (const [key, value] of queries) {
    queryClient.setQueryData(key, value, stale ? { updatedAt: 0 } : undefined);
    renderedIn = locale;
  }
} catch {
  // Unreadable: the page asks the API as usual.
}

function render() {
  const app = (
    <StrictMode>
      <Providers queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>
  );
  const root = container as HTMLElement;
  if (renderedIn && root.firstElementChild) {
    // Hydration attaches to the server's markup as it is (decision 033): a page rendered in
    // another language than the visitor's (a saved choice the server did not see) is
    // rendered anew instead.
    if (renderedIn === i18n.locale) {
      hydrateRoot(root, app);
      return;
    }
    console.warn(
      `Tessera: server-rendered page replaced: rendered in ${renderedIn}, shown in ${i18n.locale}`,
    );
    root.replaceChildren();
  }
  createRoot(root).render(app);
}

// Render once the visitor's catalog is in, so that no untranslated text flashes by, and in a
// task of its own: running the scripts and the first render are then two shorter tasks on a
// slow phone rather than one long one (decision 033).
activateLocale(initialLocale())
  .catch(() => activateLocale('en'))
  .finally(() => setTimeout(render, 0));
