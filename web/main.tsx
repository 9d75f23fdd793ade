import './styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './api/query-client';
import { installIntentPrefetch } from './features/checkout/prefetch';
import { activateLocale, initialLocale } from './i18n';
import { Providers } from './providers';
import { AppRoutes } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
const queryClient = createQueryClient();
installIntentPrefetch();

function render() {
  root.render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
}

// Render once the visitor's catalog is in, so that no untranslated text flashes by.
activateLocale(initialLocale())
  .catch(() => activateLocale('en'))
  .finally(render);
