import type { CSSProperties, ReactNode } from 'react';
import { DESIGN_ATTRIBUTE, DESIGN_CSS, designVariables, type EventDesign } from './design';

/**
 * An element themed with an event's design: its colours as CSS variables, and (hoisted once
 * into <head> by React) the rules that make Mantine's components inside take them.
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
  const attribute = { [DESIGN_ATTRIBUTE]: '' };
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
      {children}
    </div>
  );
}
