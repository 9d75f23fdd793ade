import type { HTMLAttributes, ReactNode } from 'react';

/** Gaps between the children of a stack or group, as in the organizer app's theme. */
export type Gap = '0' | '2xs' | 'xs' | 'sm' | 'md' | 'lg' | 'xl';

type Box =
  | 'div'
  | 'section'
  | 'header'
  | 'footer'
  | 'main'
  | 'article'
  | 'aside'
  | 'ul'
  | 'ol'
  | 'li'
  | 'nav';

interface FlexProps extends HTMLAttributes<HTMLElement> {
  as?: Box;
  gap?: Gap;
  align?: 'start' | 'center' | 'end';
  justify?: 'between' | 'end' | 'center';
  children?: ReactNode;
}

function flex(base: string, { as: Tag = 'div', gap = 'md', align, justify, className, ...rest }: FlexProps) {
  return (
    <Tag
      className={className ? `${base} ${className}` : base}
      data-gap={gap}
      data-align={align}
      data-justify={justify}
      {...rest}
    />
  );
}

/** Children one under the other. */
export function Stack(props: FlexProps) {
  return flex('ui-stack', props);
}

/** Children side by side, wrapping unless `nowrap`. */
export function Group({ nowrap, ...props }: FlexProps & { nowrap?: boolean }) {
  return flex('ui-group', { ...props, ...(nowrap ? { 'data-nowrap': '' } : {}) } as FlexProps);
}

/** A bordered card on the surface colour (the organizer app's `Paper withBorder`). */
export function Card({
  as: Tag = 'div',
  padding,
  className,
  ...rest
}: HTMLAttributes<HTMLElement> & { as?: Box; padding?: 'xl'; children?: ReactNode }) {
  return <Tag className={className ? `ui-card ${className}` : 'ui-card'} data-padding={padding} {...rest} />;
}

/** The page's column: 1140 px at most, with the page's margins unless `flush`. */
export function Container({
  as: Tag = 'main',
  flush,
  ...rest
}: HTMLAttributes<HTMLElement> & { as?: Box; flush?: boolean; children?: ReactNode }) {
  return <Tag className="ui-container" data-flush={flush ? '' : undefined} {...rest} />;
}

/** One column on a phone, two side by side from 48em. */
export function Columns(props: HTMLAttributes<HTMLDivElement>) {
  return <div className="ui-columns" {...props} />;
}

export function Divider() {
  return <hr className="ui-divider" />;
}
