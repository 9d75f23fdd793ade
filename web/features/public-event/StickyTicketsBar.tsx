import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Button, Text } from '../../ui';
import type { PublicEvent } from './api';
import { shortDate } from './when';

/** The id of the tickets section, which the bar scrolls to. */
export const TICKETS_ID = 'tickets';

/**
 * On a phone, a bar at the bottom of the screen with the way to the tickets, while the tickets
 * section is not in the upper 60 % of the screen (above the fold's bottom edge, or scrolled past).
 */
export function StickyTicketsBar({ event, label }: { event: PublicEvent; label: string }) {
  const { i18n } = useLingui();
  const [hidden, setHidden] = useState(true);
  useEffect(() => {
    const target = document.getElementById(TICKETS_ID);
    if (!target || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver(([entry]) => setHidden(Boolean(entry?.isIntersecting)), {
      rootMargin: '0px 0px -40% 0px',
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, []);

  const goToTickets = () => {
    const target = document.getElementById(TICKETS_ID);
    target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    document.getElementById('tickets-heading')?.focus({ preventScroll: true });
  };

  return (
    <>
      <div className="event-sticky-spacer" />
      {hidden ? null : (
        <div className="event-sticky-bar" data-testid="sticky-tickets-bar">
          <div style={{ minWidth: 0 }}>
            <Text weight={700} size="sm" truncate>
              {event.title}
            </Text>
            <Text size="xs" tone="muted">
              {shortDate(event, i18n.locale)}
            </Text>
          </div>
          <Button onClick={goToTickets} style={{ flexShrink: 0 }} data-prefetch="checkout">
            {label}
          </Button>
        </div>
      )}
    </>
  );
}
