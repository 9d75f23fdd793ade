import './styles';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './api/query-client';
import { installIntentPrefetch } from './features/checkout/prefetch';
import { activateLocale, initialLocale } from './i18n';
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
let serverRendered = false;
try {
  const { stale, queries } = JSON.parse(seeded?.textContent || '{"queries":[]}') as {
    stale?: boolean;
    queries: [unknown[], unknown][];
  };
  for (const [key, value] of queries) {
    queryClient.setQueryData(key, value, stale ? { updatedAt: 0 } : undefined);
    serverRendered = true;
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
  if (!serverRendered || !container?.firstElementChild) {
    createRoot(container as HTMLElement).render(app);
    return;
  }
  hydrateRoot(container, app, {
    // React renders the page anew where it differs from the server's (another language, say).
    onRecoverableError: (error) => console.warn('Tessera: server-rendered page replaced:', error),
  });
}

// Render once the visitor's catalog is in, so that no untranslated text flashes by.
activateLocale(initialLocale())
  .catch(() => activateLocale('en'))
  .finally(render);
