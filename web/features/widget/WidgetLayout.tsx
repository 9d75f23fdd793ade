import { useLingui } from '@lingui/react/macro';
import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useOutletContext, useParams } from 'react-router';
import { DESIGN_DEFAULTS } from '../../../common/design';
import type { Locale } from '../../../common/i18n/locales';
import { type WidgetOptions, widgetOptionsFromQuery } from '../../../common/widget';
import { activateLocale } from '../../i18n';
import { useRememberAffiliate } from '../public-event/affiliate-link';
import { publicEventQuery } from '../public-event/api';
import { designOf } from '../public-event/design';
import { primaryColourVariables, WIDGET_BUTTON_CSS } from './colours';
import { WIDGET_MESSAGES } from './frame';

/** The embed options, read once from the address the script built, for the widget's pages. */
export const useWidgetOptions = () => useOutletContext<WidgetOptions>();

/**
 * `/widget/{eventId}/…`: the ticket selection and checkout in a frame on another site
 * (decision 022). The options come from the address once (the steps after it drop them);
 * the page tells the frame's owner its height. Links that would leave the widget open in a new
 * tab, since no other page of Tessera may be framed (`AppRoutes`, `frame-guard.tsx`). An `?aff=` code (which the script
 * takes from its tag or from the address of the page it is on) is remembered as on the event
 * page, and at least in the frame's memory when the browser refuses storage to framed pages.
 */
export function WidgetLayout() {
  const [options] = useState(() => widgetOptionsFromQuery(new URLSearchParams(window.location.search)));
  useRememberAffiliate(useParams().eventId);
  const ready = useWidgetLocale(options.locale);
  const root = useRef<HTMLDivElement>(null);
  useHeightReports(root);
  useStepAnnouncements();
  const designed = useDesignedPrimary();
  const primary = options.primaryColor ?? designed;
  const colour = primary ? primaryColourVariables(primary) : undefined;

  return (
    <div
      ref={root}
      data-tessera-widget=""
      data-primary={primary ? '' : undefined}
      style={{ ...colour, padding: 'var(--mantine-spacing-xs)' }}
    >
      <meta name="robots" content="noindex" />
      {primary ? (
        <style href="tessera-widget-colour" precedence="default">
          {WIDGET_BUTTON_CSS}
        </style>
      ) : null}
      {ready ? <Outlet context={options} /> : <WidgetLoader />}
    </div>
  );
}

/**
 * The primary colour of the event's design when the organizer chose one (decision 023), for a
 * widget embedded without a colour of its own. The same query as the widget's tickets page.
 */
function useDesignedPrimary(): string | undefined {
  const { eventId = '' } = useParams();
  const event = useQuery(publicEventQuery(eventId));
  const designed = event.data ? designOf(event.data.settings ?? {}).homepage_primary_color : undefined;
  return designed === DESIGN_DEFAULTS.homepage_primary_color ? undefined : designed;
}

function WidgetLoader() {
  const { t } = useLingui();
  return (
    <Center mih={160} role="status" aria-label={t`Loading`}>
      <Loader />
    </Center>
  );
}

/** Switches to the embed's language (without remembering it, unlike the language menu). */
function useWidgetLocale(locale: Locale | undefined): boolean {
  const { i18n } = useLingui();
  const [ready, setReady] = useState(!locale || i18n.locale === locale);
  useEffect(() => {
    if (!locale || ready) return;
    void activateLocale(locale)
      .catch(() => undefined)
      .finally(() => setReady(true));
  }, [locale, ready]);
  return ready;
}

/** Posts the content's height to the page that frames the widget, each time it changes. */
function useHeightReports(root: RefObject<HTMLDivElement | null>) {
  useLayoutEffect(() => {
    const element = root.current;
    if (!element || window.parent === window) return;
    let last = 0;
    const report = () => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      // Only a height, nothing secret: any page may frame the widget, so any may hear it.
      window.parent.postMessage({ type: WIDGET_MESSAGES.height, height }, '*');
    };
    report();
    const observer = new ResizeObserver(report);
    observer.observe(element);
    return () => observer.disconnect();
  }, [root]);
}

/** A new step starts at its top: scroll up, and ask the framing page to show the frame's top. */
function useStepAnnouncements() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
    // The address is not sent: it holds the order's secret id.
    if (window.parent !== window) window.parent.postMessage({ type: WIDGET_MESSAGES.navigated }, '*');
  }, [pathname]);
}
