import { type MantineThemeOverride, MantineThemeProvider } from '@mantine/core';
import { type CSSProperties, type ReactNode, useId, useMemo } from 'react';
import { DESIGN_ATTRIBUTE, DESIGN_CSS, designVariables, type EventDesign } from './design';

/** Marks the element inside a themed one where its dialogs, menus and tooltips are put. */
export const DESIGN_PORTAL_ATTRIBUTE = 'data-event-design-portal';

/**
 * An element themed with an event's design: its colours as CSS variables, and (hoisted once
 * into <head> by React) the rules that make Mantine's components inside take them.
 *
 * Mantine puts modals, popovers and tooltips in a portal, by default at the end of <body>,
 * outside this element and so in the app's colours. Inside it, every portal goes to an empty
 * element at its end instead (Mantine's `Portal` default `target`), where the design's
 * variables and rules apply. Portals mount only in the browser, and the element is in the
 * server's markup too, so hydration is unaffected.
 */
export function EventTheme({
  design,
  children,
  style,
  className,
  testId,
}: {
  design: EventDesign;
  children: ReactNode;
  style?: CSSProperties;
  className?: string;
  testId?: string;
}) {
  const portalId = useId();
  const portals = useMemo<MantineThemeOverride>(
    () => ({
      components: { Portal: { defaultProps: { target: `[${DESIGN_PORTAL_ATTRIBUTE}="${portalId}"]` } } },
    }),
    [portalId],
  );
  const attribute = { [DESIGN_ATTRIBUTE]: '' };
  const portal = { [DESIGN_PORTAL_ATTRIBUTE]: portalId };
  return (
    <div
      {...attribute}
      data-testid={testId}
      className={className}
      style={{ ...designVariables(design), ...style } as CSSProperties}
    >
      <style href="event-design" precedence="default">
        {DESIGN_CSS}
      </style>
      <MantineThemeProvider theme={portals}>{children}</MantineThemeProvider>
      <div {...portal} />
    </div>
  );
}
