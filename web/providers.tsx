import { I18nProvider } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { OfflineNotice } from './components/OfflineNotice';
import { i18n } from './i18n';
import { Toasts } from './ui/Toasts';

/**
 * What every page has: its language, the API's cache, the offline notice and the toasts.
 * Mantine comes with the sections that use it (`components/MantineShell.tsx`).
 */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <OfflineNotice />
        {children}
        <AppToasts />
      </QueryClientProvider>
    </I18nProvider>
  );
}

function AppToasts() {
  const { t } = useLingui();
  return <Toasts closeLabel={t`Close`} />;
}
