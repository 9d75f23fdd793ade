import { I18nProvider } from '@lingui/react';
import { type CSSVariablesResolver, MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NotificationsOnDemand } from './components/NotificationsOnDemand';
import { OfflineNotice } from './components/OfflineNotice';
import { i18n } from './i18n';
import { theme } from './theme';

/** Mantine's default dimmed, placeholder and error colours are below 4.5:1 on white; these are not. */
const accessibleColours: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': '#6c757d',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        forceColorScheme="light"
        cssVariablesResolver={accessibleColours}
        deduplicateCssVariables={false}
      >
        <QueryClientProvider client={queryClient}>
          <NotificationsOnDemand />
          <OfflineNotice />
          {children}
        </QueryClientProvider>
      </MantineProvider>
    </I18nProvider>
  );
}
