import { useLingui } from '@lingui/react/macro';
import { Stack, Title } from '@mantine/core';
import { EVENT_REPORTS } from '../../../common/reports';
import { InlineLoader } from '../../components/InlineLoader';
import { useEvent } from '../events/api';
import { useEventId } from '../events/EventLayout';
import { ReportsView } from './ReportsView';

/** `/manage/event/:eventId/reports`: the event's reports, days in its time zone. */
export function EventReportsPage() {
  const { t } = useLingui();
  const event = useEvent(useEventId() ?? 0);
  // The event layout says when the event cannot be loaded.
  if (event.isPending || event.isError) return <InlineLoader label={t`Loading the reports`} />;
  const { id, timezone } = event.data;
  return (
    <Stack gap="md">
      <Title order={2} fz="xl">{t`Reports`}</Title>
      <ReportsView
        names={EVENT_REPORTS}
        sourceOf={(report) => ({ scope: 'event', eventId: id, report })}
        zoneNote={t`Days are those of the event’s time zone (${timezone}). A sale counts on the day its order was completed, a refund on the day it was given.`}
      />
    </Stack>
  );
}
