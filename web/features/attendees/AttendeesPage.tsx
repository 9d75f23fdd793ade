import '@mantine/core/styles/Input.css';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Select } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { EventResponse } from '../../../common/events';
import { ATTENDEE_STATUSES } from '../../../common/orders';
import { ExportMenu } from '../../components/ExportMenu';
import { InlineLoader } from '../../components/InlineLoader';
import { ListPage, ListSearch } from '../../components/ListPage';
import { isForbidden, NoPermissionPage } from '../../components/NoPermission';
import { PlusIcon, UsersIcon } from '../../components/organizer-icons';
import { FitSelect } from '../../components/selects';
import { useSearchBox } from '../../components/use-search-box';
import { DateFilterSelect, useDateChoices } from '../event-dates/DateFilter';
import { useEvent } from '../events/api';
import { useEventId } from '../events/EventLayout';
import { useTickets } from '../tickets/api';
import { AddAttendeeModal } from './AddAttendeeModal';
import { AttendeeDrawer } from './AttendeeDrawer';
import { AttendeesTable } from './AttendeesTable';
import { useAttendees } from './api';
import { downloadAttendees } from './export';
import { ATTENDEE_STATUS_LABELS } from './labels';
import { type AttendeesParams, isFiltered, paramsFromSearch, searchFromParams } from './params';

/** The filter option that filters nothing. */
const ALL = 'all';

/** `/manage/event/:eventId/attendees`: who holds a ticket, with search, filters, details and export. */
export function AttendeesPage() {
  const { t } = useLingui();
  const event = useEvent(useEventId() ?? 0);
  // The event layout says when the event cannot be loaded.
  if (event.isPending || event.isError) return <InlineLoader label={t`Loading attendees`} />;
  return <Attendees event={event.data} />;
}

/** The list's page, search, order, filters and open attendee live in the address. */
function useAttendeesParams(): [AttendeesParams, (change: Partial<AttendeesParams>, push?: boolean) => void] {
  const [search, setSearch] = useSearchParams();
  const params = paramsFromSearch(search);
  const update = (change: Partial<AttendeesParams>, push = false) => {
    // A new search, filter or order starts again at the first page.
    const page =
      'page' in change || Object.keys(change).every((key) => key === 'attendeeId') ? {} : { page: 1 };
    setSearch(searchFromParams({ ...params, ...page, ...change }), { replace: !push });
  };
  return [params, update];
}

function Attendees({ event }: { event: EventResponse }) {
  const { t, i18n } = useLingui();
  const [params, setParams] = useAttendeesParams();
  const attendees = useAttendees(event.id, params);
  const tickets = useTickets(event.id);
  const [adding, setAdding] = useState(false);
  const dates = useDateChoices(event.id, event.timezone);
  const [searchText, setSearchText] = useSearchBox(params.query, (query) => setParams({ query }));

  const filtered = isFiltered(params);
  const clearFilters = () => {
    setSearchText('');
    setParams({ query: '', ticketId: null, status: null, dateId: null });
  };

  if (attendees.isError && isForbidden(attendees.error)) return <NoPermissionPage />;
  const total = attendees.data?.meta.total ?? 0;
  const hasAny = attendees.data !== undefined && (total > 0 || filtered);

  const addButton = (
    <Button leftSection={<PlusIcon size={16} />} onClick={() => setAdding(true)}>
      <Trans>Add an attendee</Trans>
    </Button>
  );

  return (
    <ListPage
      documentTitle={`${t`Attendees`} · ${event.title} · Tessera`}
      title={<Trans>Attendees</Trans>}
      description={
        <Trans>Everyone who holds a ticket: find them, add one by hand, cancel or resend a ticket.</Trans>
      }
      actions={
        hasAny ? (
          <Group gap="sm">
            <ExportMenu
              download={(format, onProgress) =>
                downloadAttendees({ eventId: event.id, params }, format, onProgress)
              }
              done={t`The attendees have been exported.`}
              failed={t`The export of attendees failed. Please try again.`}
            />
            {addButton}
          </Group>
        ) : null
      }
      filters={
        hasAny ? (
          <>
            <ListSearch
              placeholder={t`Name, e-mail or order reference`}
              value={searchText}
              onChange={setSearchText}
            />
            <DateFilterSelect
              eventId={event.id}
              timezone={event.timezone}
              value={params.dateId}
              onChange={(dateId) => setParams({ dateId })}
            />
            <Select
              label={t`Ticket`}
              data={[
                { value: ALL, label: t`All tickets` },
                ...(tickets.data ?? []).map((ticket) => ({ value: String(ticket.id), label: ticket.title })),
              ]}
              value={params.ticketId === null ? ALL : String(params.ticketId)}
              onChange={(value) => setParams({ ticketId: value && value !== ALL ? Number(value) : null })}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              w={{ base: '100%', xs: 220 }}
            />
            <FitSelect
              label={t`Status`}
              data={[
                { value: ALL, label: t`All statuses` },
                ...ATTENDEE_STATUSES.map((status) => ({
                  value: status,
                  label: i18n._(ATTENDEE_STATUS_LABELS[status]),
                })),
              ]}
              value={params.status ?? ALL}
              onChange={(value) =>
                setParams({ status: ATTENDEE_STATUSES.find((status) => status === value) ?? null })
              }
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          </>
        ) : null
      }
      query={attendees}
      loadingLabel={t`Loading attendees`}
      errorTitle={t`Could not load the attendees`}
      isEmpty={(page) => page.data.length === 0}
      empty={{
        icon: <UsersIcon />,
        title: filtered ? <Trans>No attendee matches</Trans> : <Trans>No attendees yet</Trans>,
        description: filtered ? (
          <Trans>Try another search, or clear the filters.</Trans>
        ) : (
          <Trans>Ticket holders appear here as orders come in. You can also add someone by hand.</Trans>
        ),
        actions: filtered ? (
          <Button variant="default" onClick={clearFilters}>
            <Trans>Clear filters</Trans>
          </Button>
        ) : (
          addButton
        ),
      }}
      table={(page) => (
        <AttendeesTable
          attendees={page.data}
          params={params}
          timezone={event.timezone}
          showDate={dates.several}
          onSort={(sorting) => setParams(sorting)}
          busy={attendees.isPlaceholderData}
        />
      )}
      pagination={(page) =>
        total > 0
          ? {
              count: <Plural value={total} one="# attendee" other="# attendees" />,
              page: params.page,
              lastPage: page.meta.last_page,
              onPage: (next) => setParams({ page: next }, true),
            }
          : null
      }
    >
      <AddAttendeeModal
        opened={adding}
        event={event}
        onClose={() => setAdding(false)}
        onAdded={(attendee) => setParams({ attendeeId: attendee.id }, true)}
      />
      <AttendeeDrawer
        eventId={event.id}
        attendeeId={params.attendeeId}
        timezone={event.timezone}
        onClose={() => setParams({ attendeeId: null })}
      />
    </ListPage>
  );
}
