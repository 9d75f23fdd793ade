import '@mantine/core/styles/SegmentedControl.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, SegmentedControl, Text } from '@mantine/core';
import { useState } from 'react';
import type { EventDateResponse, EventDateStatus } from '../../../common/event-dates';
import { errorMessage } from '../../components/api-error';
import { ConfirmModal } from '../../components/ConfirmModal';
import { CalendarIcon } from '../../components/icons';
import { ListPage } from '../../components/ListPage';
import { notify } from '../../components/notify';
import { PlusIcon } from '../../components/organizer-icons';
import { useEvent } from '../events/api';
import { formatEventDate, isoToZoned } from '../events/datetime';
import { useEventId } from '../events/EventLayout';
import { useDeleteEventDate, useEventDates, useUpdateEventDate } from './api';
import { CancelDateModal, type CancelState } from './CancelDateModal';
import { DateModal, type EditingDate, toDateRequest } from './DateModal';
import { DatesCalendar } from './DatesCalendar';
import { DatesTable } from './DatesTable';
import { DateTicketsModal } from './DateTicketsModal';
import { DATE_STATUS_LABELS } from './labels';
import { RuleModal } from './RuleModal';
import { SeriesModal } from './SeriesModal';

type View = 'list' | 'calendar';

/** `/manage/event/:eventId/dates`: when the event happens, as a list or on a month calendar. */
export function EventDatesPage() {
  const { t, i18n } = useLingui();
  const eventId = useEventId() ?? 0;
  const event = useEvent(eventId);
  const dates = useEventDates(eventId);
  const update = useUpdateEventDate(eventId);
  const remove = useDeleteEventDate(eventId);
  const [view, setView] = useState<View>('list');
  const [editing, setEditing] = useState<EditingDate | null>(null);
  const [ruleOpen, setRuleOpen] = useState(false);
  const [deleting, setDeleting] = useState<EventDateResponse | null>(null);
  const [cancelling, setCancelling] = useState<CancelState | null>(null);
  const [ticketsOf, setTicketsOf] = useState<EventDateResponse | null>(null);
  const [seriesOf, setSeriesOf] = useState<EventDateResponse | null>(null);
  const timeZone = event.data?.timezone ?? 'UTC';
  const when = (date: EventDateResponse) => formatEventDate(date.starts_at, timeZone, i18n.locale);

  const changeStatus = (date: EventDateResponse, status: EventDateStatus) => {
    const name = when(date);
    const label = i18n._(DATE_STATUS_LABELS[status]);
    const values = {
      starts_at: isoToZoned(date.starts_at, timeZone),
      ends_at: isoToZoned(date.ends_at, timeZone),
      label: date.label ?? '',
      status,
      capacity: date.capacity ?? '',
    };
    update.mutate(
      { id: date.id, body: toDateRequest(values, timeZone) },
      {
        onSuccess: () => notify(t`${name} is now: ${label}.`),
        onError: (error) => notify(errorMessage(error), 'error'),
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const name = when(deleting);
    remove.mutate(deleting.id, {
      onSuccess: () => notify(t`The date ${name} has been deleted.`),
      onError: (error) => notify(errorMessage(error), 'error'),
      onSettled: () => setDeleting(null),
    });
  };
  const deletingName = deleting ? when(deleting) : '';

  const start = event.data?.start_date;
  const end = event.data?.end_date;
  const ruleDefaults = {
    start_time: start ? isoToZoned(start, timeZone).slice(11) : '',
    end_time: end ? isoToZoned(end, timeZone).slice(11) : '',
  };

  return (
    <ListPage
      documentTitle={`${t`Dates`} · ${event.data?.title ?? ''} · Tessera`}
      title={<Trans>Dates</Trans>}
      description={
        <Trans>
          When the event happens: one date or many. Times are the local time of the event's time zone,{' '}
          {timeZone}.
        </Trans>
      }
      actions={
        <Group gap="sm">
          <Button variant="default" onClick={() => setRuleOpen(true)}>
            <Trans>Add dates by rule</Trans>
          </Button>
          <Button leftSection={<PlusIcon size={16} />} onClick={() => setEditing({ date: null })}>
            <Trans>Add date</Trans>
          </Button>
        </Group>
      }
      filters={
        <SegmentedControl
          aria-label={t`Show the dates as`}
          value={view}
          onChange={(value) => setView(value as View)}
          data={[
            { value: 'list', label: t`List` },
            { value: 'calendar', label: t`Calendar` },
          ]}
        />
      }
      query={dates}
      loadingLabel={t`Loading the dates`}
      errorTitle={t`Could not load the dates`}
      isEmpty={(data) => data.length === 0}
      empty={{
        icon: <CalendarIcon />,
        title: <Trans>No dates yet</Trans>,
        description: <Trans>Add one date, or many at once by a rule.</Trans>,
      }}
      table={(data) =>
        view === 'list' ? (
          <DatesTable
            dates={data}
            timeZone={timeZone}
            actions={{
              onEdit: (date) => setEditing({ date }),
              onStatus: changeStatus,
              onDelete: setDeleting,
              onCancel: (date) =>
                setCancelling({ date, mode: date.status === 'CANCELLED' ? 'progress' : 'form' }),
              onTickets: setTicketsOf,
              onSeries: setSeriesOf,
            }}
          />
        ) : (
          <DatesCalendar dates={data} timeZone={timeZone} onEdit={(date) => setEditing({ date })} />
        )
      }
    >
      <DateModal
        eventId={eventId}
        timeZone={timeZone}
        editing={editing}
        onClose={() => setEditing(null)}
        links={{ tickets: setTicketsOf, series: setSeriesOf }}
      />
      <DateTicketsModal
        eventId={eventId}
        date={ticketsOf}
        name={ticketsOf ? when(ticketsOf) : ''}
        context={{ currency: event.data?.currency ?? 'EUR', timeZone }}
        onClose={() => setTicketsOf(null)}
      />
      <SeriesModal eventId={eventId} timeZone={timeZone} date={seriesOf} onClose={() => setSeriesOf(null)} />
      <CancelDateModal
        eventId={eventId}
        state={cancelling}
        dates={dates.data ?? []}
        when={when}
        onCancelled={(date, count) => {
          const name = when(date);
          notify(
            count > 1 ? t`${count} dates have been cancelled.` : t`The date ${name} has been cancelled.`,
          );
          setCancelling({ date, mode: 'progress' });
        }}
        onClose={() => setCancelling(null)}
      />
      <RuleModal
        eventId={eventId}
        timeZone={timeZone}
        defaults={ruleDefaults}
        opened={ruleOpen}
        onClose={() => setRuleOpen(false)}
      />
      <ConfirmModal
        opened={deleting !== null}
        title={t`Delete this date?`}
        confirmLabel={t`Delete`}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      >
        <Text span size="sm">
          <Trans>The date {deletingName} will be removed from the event.</Trans>
        </Text>
      </ConfirmModal>
    </ListPage>
  );
}
