import type { HTMLAttributes, ReactNode } from 'react';

export type Tone = 'muted' | 'error' | 'accent' | 'info' | 'success';

interface TextProps extends HTMLAttributes<HTMLElement> {
  as?: 'p' | 'span' | 'div' | 'output' | 's' | 'strong' | 'small' | 'dt' | 'dd';
  size?: 'xs' | 'sm' | 'md' | 'lg';
  weight?: 500 | 600 | 700;
  tone?: Tone;
  truncate?: boolean;
  children?: ReactNode;
}

/** A paragraph (or inline text with `as`) in one of the theme's sizes and tones. */
export function Text({ as: Tag = 'p', size, weight, tone, truncate, className, ...rest }: TextProps) {
  return (
    <Tag
      className={className ? `ui-text ${className}` : 'ui-text'}
      data-size={size}
      data-weight={weight}
      data-tone={tone}
      data-truncate={truncate ? '' : undefined}
      {...rest}
    />
  );
}

/** A heading: `order` is its level, `size` how big it looks (the level's own size by default). */
export function Title({
  order,
  size,
  className,
  ...rest
}: HTMLAttributes<HTMLHeadingElement> & { order: 1 | 2 | 3 | 4; size?: 'h1' | 'h2' | 'h3' | 'h4' }) {
  const Tag = `h${order}` as const;
  return (
    <Tag className={className ? `ui-title ${className}` : 'ui-title'} data-size={size ?? Tag} {...rest} />
  );
}

/** The class of a link in the design's link colour, for `<a>` and the router's `Link` alike. */
export const ANCHOR_CLASS = 'ui-anchor';

/** Text for screen readers only. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className="ui-visually-hidden">{children}</span>;
}
