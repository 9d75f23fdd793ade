import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ANCHOR_CLASS, Stack, Text, Title } from '../../ui';
import { leavesWidget, WIDGET_PATH_PREFIX } from './frame';

// Inside a frame, only the widget's pages are shown (decision 038): every other page of
// Tessera refuses other sites' frames on the server, but the app moves between pages without
// asking it, and a frame on another origin of the same site shares the organizer's login.

/** Whether this document is shown inside a frame. False on the server, which renders pages. */
export function useFramed(): boolean {
  const [framed] = useState(() => typeof window !== 'undefined' && window.self !== window.top);
  return framed;
}

export const isWidgetPath = (pathname: string) => pathname.startsWith(WIDGET_PATH_PREFIX);

/**
 * While `active`, a click on a link that leaves the widget (another site, or a page of
 * Tessera that is not the widget's) opens it in a new tab: the browser follows the link
 * there, and the router, which would show the page inside the frame, never hears of it.
 */
export function useLinksLeaveInNewTab(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement)) return;
      if (link.target && link.target !== '_self') return;
      if (!leavesWidget(link.href, window.location.href)) return;
      link.target = '_blank';
      link.rel = 'noopener';
      event.stopPropagation();
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [active]);
}

/** The widget page this frame showed last (`/widget/{eventId}`), to offer the way back. */
export function useLastWidgetPage(pathname: string): string | undefined {
  const last = useRef<string | undefined>(undefined);
  if (isWidgetPath(pathname)) {
    const eventId = pathname.slice(WIDGET_PATH_PREFIX.length).split('/')[0];
    if (eventId) last.current = `${WIDGET_PATH_PREFIX}${eventId}`;
  }
  return last.current;
}

/**
 * Shown in a frame instead of a page that is not the widget's: the page itself opens in a new
 * tab, where its address can be seen, and the way back leads to the widget's tickets.
 */
export function OutsideWidget({ href, widgetPage }: { href: string; widgetPage: string | undefined }) {
  const { t } = useLingui();
  const title = t`This page opens outside the ticket widget`;
  return (
    // Its own font: leaving a section built with Mantine takes Mantine's variables away from
    // the body's font rule, which Mantine's style sheet (still loaded) keeps.
    <main aria-label={title} style={{ padding: 24, fontFamily: 'var(--ui-font)', color: 'var(--ui-text)' }}>
      <title>{title}</title>
      <Stack gap="sm" align="start">
        <Title order={1} size="h3">
          {title}
        </Title>
        <Text tone="muted">
          <Trans>Only the tickets and the checkout are shown here.</Trans>
        </Text>
        <a href={href} target="_blank" rel="noopener" className={ANCHOR_CLASS}>
          <Trans>Open the page in a new tab</Trans>
        </a>
        {widgetPage ? (
          <Link to={widgetPage} className={ANCHOR_CLASS}>
            <Trans>Back to the tickets</Trans>
          </Link>
        ) : null}
      </Stack>
    </main>
  );
}
