import { Trans } from '@lingui/react/macro';
import { googleCalendarUrl, outlookCalendarUrl } from '../../../common/calendar-links';
import type { OrderEventSummary } from '../../../common/orders';
import { CalendarIcon, Icon, type IconProps } from '../../components/icons';
import { Button, ButtonLink } from '../../ui';
import { calendarFieldsOf, downloadCalendar } from './calendar';

function DownloadIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
    </Icon>
  );
}

/**
 * "Download PDF" for an order's tickets or one ticket (decision 031): a plain link to the
 * server's PDF, which the browser saves. Built with `web/ui`: checkout's summary shows them too.
 */
export function PdfButton({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <ButtonLink href={href} download variant="default" leftSection={<DownloadIcon size={16} />}>
      {children}
    </ButtonLink>
  );
}

/**
 * The event in the buyer's calendar: an .ics file (in the event's time zone), or the event
 * filled in on Google Calendar or Outlook on the web. Each links back to `pageUrl`, the order
 * or ticket the buyer is looking at.
 */
export function CalendarButtons({ event, pageUrl }: { event: OrderEventSummary; pageUrl: string }) {
  const linked = { ...calendarFieldsOf(event), details: pageUrl };
  const external = { target: '_blank', rel: 'noopener noreferrer' } as const;
  return (
    <>
      <Button
        variant="default"
        leftSection={<CalendarIcon size={16} />}
        onClick={() => downloadCalendar(event, pageUrl)}
      >
        <Trans>Add to calendar</Trans>
      </Button>
      <ButtonLink href={googleCalendarUrl(linked)} variant="subtle" {...external}>
        <Trans>Google Calendar</Trans>
      </ButtonLink>
      <ButtonLink href={outlookCalendarUrl(linked)} variant="subtle" {...external}>
        <Trans>Outlook</Trans>
      </ButtonLink>
    </>
  );
}
