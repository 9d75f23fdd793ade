import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { Loader } from './feedback';

export type ButtonVariant = 'filled' | 'light' | 'default' | 'subtle' | 'danger';
export type ButtonSize = 'xs' | 'sm' | 'md';

interface Look {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  round?: boolean;
  leftSection?: ReactNode;
}

/** The attributes that give any element (a router `Link`, say) a button's look. */
export function buttonLook(
  { variant = 'filled', size = 'sm', fullWidth, round }: Look = {},
  className?: string,
) {
  return {
    className: className ? `ui-button ${className}` : 'ui-button',
    'data-variant': variant,
    'data-size': size,
    'data-full': fullWidth ? '' : undefined,
    'data-round': round ? '' : undefined,
  };
}

/**
 * A button. `loading` keeps its size, shows a spinner, and takes no second press (the form's
 * submit stays a no-op until the answer is in).
 */
export function Button({
  variant,
  size,
  fullWidth,
  round,
  leftSection,
  loading,
  type = 'button',
  disabled,
  children,
  onClick,
  className,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & Look & { loading?: boolean }) {
  return (
    <button
      type={type}
      {...buttonLook({ variant, size, fullWidth, round }, className)}
      data-loading={loading ? '' : undefined}
      aria-busy={loading || undefined}
      disabled={disabled}
      onClick={loading ? (e) => e.preventDefault() : onClick}
      {...rest}
    >
      {leftSection}
      <span>{children}</span>
      {loading ? <Loader size="sm" /> : null}
    </button>
  );
}

/** A link that looks like a button. */
export function ButtonLink({
  variant,
  size,
  fullWidth,
  round,
  leftSection,
  children,
  className,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & Look) {
  return (
    <a {...buttonLook({ variant, size, fullWidth, round }, className)} {...rest}>
      {leftSection}
      <span>{children}</span>
    </a>
  );
}

/** A square button with an icon or a sign; `aria-label` names it. */
export function IconButton({
  variant = 'default',
  className,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; 'aria-label': string }) {
  return (
    <button
      type="button"
      {...buttonLook({ variant }, className ? `ui-icon-button ${className}` : 'ui-icon-button')}
      {...rest}
    />
  );
}
