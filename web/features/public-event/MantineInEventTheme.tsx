import { type MantineThemeOverride, MantineThemeProvider } from '@mantine/core';
import { type ReactNode, use, useMemo } from 'react';
import { DESIGN_CSS } from './design';
import { DesignPortalContext } from './EventTheme';

/**
 * Mantine's components inside an `EventTheme` (the waiting list's page): the rules that give
 * its buttons the design's colours, and its modals, popovers and tooltips put in the themed
 * element's own place for them (Mantine's `Portal` default `target`) rather than at the end of
 * `<body>`, outside the design.
 */
export function MantineInEventTheme({ children }: { children: ReactNode }) {
  const target = use(DesignPortalContext);
  const theme = useMemo<MantineThemeOverride>(
    () => ({ components: { Portal: { defaultProps: { target } } } }),
    [target],
  );
  return (
    <>
      <style href="event-design" precedence="default">
        {DESIGN_CSS}
      </style>
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </>
  );
}
