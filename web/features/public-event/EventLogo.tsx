import { useLingui } from '@lingui/react/macro';

/** What a page needs to show an event's logo: its address (and WebP widths), and its size. */
export interface EventLogoImage {
  url: string;
  width: number;
  height: number;
  variants?: readonly { width: number; url: string }[];
}

/**
 * The event's logo, fitted into `box` (CSS pixels, never enlarged). Its width and height are
 * written on the element, so the page keeps the logo's place before it loads (the event page is
 * rendered on the server: nothing moves when it arrives). A plain element, for the buyer's pages
 * with or without Mantine.
 */
export function EventLogo({
  logo,
  title,
  box = { width: 240, height: 72 },
  className,
}: {
  logo: EventLogoImage;
  title: string;
  box?: { width: number; height: number };
  className?: string;
}) {
  const { t } = useLingui();
  const scale = Math.min(1, box.width / logo.width, box.height / logo.height);
  const width = Math.max(1, Math.round(logo.width * scale));
  const height = Math.max(1, Math.round(logo.height * scale));
  const variants = logo.variants ?? [];
  return (
    <img
      className={className}
      src={variants.find((v) => v.width >= 2 * width)?.url ?? variants.at(-1)?.url ?? logo.url}
      srcSet={variants.map((v) => `${v.url} ${v.width}w`).join(', ') || undefined}
      sizes={variants.length > 0 ? `${width}px` : undefined}
      width={width}
      height={height}
      alt={t`Logo of ${title}`}
      data-testid="event-logo"
      style={{ display: 'block', maxWidth: '100%', height: 'auto', aspectRatio: `${width} / ${height}` }}
    />
  );
}
