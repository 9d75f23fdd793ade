import './mantine-styles';
import { type CSSVariablesResolver, MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { theme } from '../theme';

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

/**
 * Mantine for the sections of the app built with it: the organizer app, sign-in, the order and
 * ticket pages, the door staff's page and the widget. Loaded with the first of them a visitor
 * opens; the buyer's event page and checkout are built without it (decision 034).
 * `deduplicateCssVariables={false}`: the provider writes all of the theme's variables, so the
 * style sheet of the defaults (4 KB) is left out of `mantine-styles.ts`.
 */
export function MantineShell({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      forceColorScheme="light"
      cssVariablesResolver={accessibleColours}
      deduplicateCssVariables={false}
    >
      {children}
    </MantineProvider>
  );
}
