import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';

/** A spinner; `sm` is the one inside a busy button, in the text's colour. */
export function Loader({ size, label }: { size?: 'sm'; label?: string }) {
  return label ? (
    <span className="ui-loader" data-size={size} role="status" aria-label={label} />
  ) : (
    <span className="ui-loader" data-size={size} aria-hidden="true" />
  );
}

/** The loader in the middle of the screen, while a page's code or data is on its way. */
export function CenteredLoader({ label }: { label: string }) {
  return (
    <div className="ui-center" role="status" aria-label={label}>
      <Loader />
    </div>
  );
}

/** A grey block where content will be. */
export function Skeleton({
  height,
  width,
  round,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & { height: number; width?: string | number; round?: boolean }) {
  const style: CSSProperties = { height, width: width ?? '100%' };
  return <span className="ui-skeleton" data-round={round ? '' : undefined} style={style} {...rest} />;
}

export type AlertTone = 'info' | 'error' | 'success' | 'warning';

/**
 * A message on a tinted background. Errors are announced (`role="alert"`) unless the caller
 * says otherwise; other tones are plain content.
 */
export function Alert({
  tone = 'info',
  title,
  children,
  role,
  ...rest
}: HTMLAttributes<HTMLDivElement> & { tone?: AlertTone; title?: ReactNode }) {
  return (
    <div
      className="ui-alert"
      data-tone={tone}
      role={role ?? (tone === 'error' ? 'alert' : undefined)}
      {...rest}
    >
      {title ? <p className="ui-alert-title">{title}</p> : null}
      {children}
    </div>
  );
}

export function Badge({
  tone,
  children,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & { tone?: 'success' | 'error' | 'info' | 'warning' | 'muted' }) {
  return (
    <span className="ui-badge" data-tone={tone} {...rest}>
      {children}
    </span>
  );
}

/** A page's "nothing here" or "something went wrong": an icon, a heading, words, actions. */
export function EmptyState({
  icon,
  tone,
  title,
  titleOrder = 1,
  children,
  actions,
}: {
  icon: ReactNode;
  tone?: 'error';
  title: ReactNode;
  titleOrder?: 1 | 2;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const Heading = `h${titleOrder}` as const;
  return (
    <div className="ui-empty">
      <span className="ui-empty-icon" data-tone={tone} aria-hidden="true">
        {icon}
      </span>
      <Heading className="ui-title" data-size="h3">
        {title}
      </Heading>
      {children ? (
        <p className="ui-text" data-tone="muted">
          {children}
        </p>
      ) : null}
      {actions ? (
        <div className="ui-group" data-gap="sm" data-justify="center">
          {actions}
        </div>
      ) : null}
    </div>
  );
}
