import { type CSSProperties, createContext, type ReactNode, useId } from 'react';
import { DESIGN_ATTRIBUTE, designVariables, type EventDesign } from './design';

/** Marks the element inside a themed one where its dialogs, menus and tooltips are put. */
export const DESIGN_PORTAL_ATTRIBUTE = 'data-event-design-portal';

/** The selector of the innermost themed element's place for floating parts. */
export const DesignPortalContext = createContext<string | undefined>(undefined);

/**
 * An element themed with an event's design: its colours as CSS variables, which the buyer's
 * components (`web/ui`) take inside it. Mantine's components inside take them too with
 * `MantineInEventTheme`. The element ends with an empty one where floating parts (dialogs,
 * menus) are put, so they are themed as well; it is in the server's markup too, so hydration
 * is unaffected.
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
  const attribute = { [DESIGN_ATTRIBUTE]: '' };
  const portal = { [DESIGN_PORTAL_ATTRIBUTE]: portalId };
  return (
    <div
      {...attribute}
      data-testid={testId}
      className={className}
      style={{ ...designVariables(design), ...style } as CSSProperties}
    >
      <DesignPortalContext value={`[${DESIGN_PORTAL_ATTRIBUTE}="${portalId}"]`}>
        {children}
      </DesignPortalContext>
      <div {...portal} />
    </div>
  );
}
