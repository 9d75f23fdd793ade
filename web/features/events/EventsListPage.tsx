import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/EmptyState.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/ActionIcon.css';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  Anchor,
  Button,
  Container,
  EmptyState,
  Group,
  Modal,
  Pagination,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { whileLoggedInAnd } from '../../api/token';
import { ErrorAlert } from '../../components/ErrorAlert';
import { InlineLoader } from '../../components/InlineLoader';
import { CalendarIcon } from '../../components/icons';
import { notify } from '../../components/notify';
import { PaletteIcon, PlusIcon, SearchIcon, SettingsIcon } from '../../components/organizer-icons';
import { FitSelect } from '../../components/selects';
import { organizerQuery, useOrganizers } from '../organizers/api';
import { type EventSort, type EventsParams, type EventsState, eventsQuery } from './api';
import { EventBasicsForm } from './EventBasicsForm';
import { EventRow } from './EventRow';
import { TabLinks } from './TabLinks';

const STATES: readonly EventsState[] = ['upcoming', 'ended', 'archived'];
const SORTS: readonly EventSort[] = ['start_date', 'title', 'created_at'];

function oneOf<T extends string>(values: readonly T[], value: string | null | undefined): T | null {
  return value != null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** `/manage/events/:eventsState?`: every event of the account. */
export function EventsPage() {
  return <EventsList />;
}

/** `/manage/organizer/:organizerId/events/:eventsState?`: the events of one organizer. */
export function OrganizerEventsPage() {
  const { organizerId } = useParams();
  const id = Number(organizerId);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to="/manage/events" replace />;
  return <EventsList organizerId={id} />;
}

/** Search, order and page live in the address; the tab is the path's last part. */
function useEventsParams(
  organizerId?: number,
): [EventsParams | null, (change: Partial<EventsParams>) => void] {
  const { eventsState } = useParams();
  const [search, setSearch] = useSearchParams();
  const state = eventsState === undefined ? 'upcoming' : oneOf(STATES, eventsState);
  const sortBy = oneOf(SORTS, search.get('sort_by')) ?? 'start_date';
  const params: EventsParams | null = state
    ? {
        state,
        page: Math.max(1, Number(search.get('page')) || 1),
        query: search.get('query') ?? '',
        sortBy,
        sortDirection:
          search.get('sort_direction') === 'desc' || search.get('sort_direction') === 'asc'
            ? (search.get('sort_direction') as 'asc' | 'desc')
            : state === 'upcoming'
              ? 'asc'
              : 'desc',
        organizerId,
      }
    : null;
  const update = (change: Partial<EventsParams>) => {
    if (!params) return;
    const next = { ...params, page: 1, ...change };
    const entries: Record<string, string> = {};
    if (next.page > 1) entries.page = String(next.page);
    if (next.query) entries.query = next.query;
    if (next.sortBy !== 'start_date') entries.sort_by = next.sortBy;
    entries.sort_direction = next.sortDirection;
    setSearch(entries, { replace: true });
  };
  return [params, update];
}

function EventsList({ organizerId }: { organizerId?: number }) {
  const { t } = useLingui();
  const [params, setParams] = useEventsParams(organizerId);
  const base = organizerId ? `/manage/organizer/${organizerId}/events` : '/manage/events';
  const organizers = useOrganizers();
  const organizer = useQuery({
    ...organizerQuery(organizerId ?? 0),
    ...whileLoggedInAnd(Boolean(organizerId)),
  });
  const [creating, setCreating] = useState(false);
  const [searchText, setSearchText] = useState(params?.query ?? '');
  const [debouncedSearch] = useDebouncedValue(searchText, 300);
  const events = useQuery({
    ...eventsQuery(
      params ?? { state: 'upcoming', page: 1, query: '', sortBy: 'start_date', sortDirection: 'asc' },
    ),
    ...whileLoggedInAnd(params !== null),
  });
  const navigate = useNavigate();

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search text may reset the page.
  useEffect(() => {
    if (params && debouncedSearch.trim() !== params.query) setParams({ query: debouncedSearch.trim() });
  }, [debouncedSearch]);

  if (!params) return <Navigate to={base} replace />;

  const heading = organizerId ? (organizer.data?.name ?? '') : t`Events`;
  const organizerList = organizers.data?.data ?? [];
  const byId = new Map(organizerList.map((o) => [o.id, o]));
  const total = events.data?.meta.total ?? 0;
  const newEvent = () => {
    if (organizers.data && organizerList.length === 0) void navigate('/welcome');
    else setCreating(true);
  };

  return (
    <Container size="lg" py="md" px={0}>
      <title>{`${heading || t`Events`} · Tessera`}</title>
      <Stack gap="lg">
        <Group justify="space-between" align="center" gap="sm">
          <Stack gap={2}>
            {organizerId ? (
              <Anchor component={Link} to="/manage/events" size="sm">
                <Trans>All events</Trans>
              </Anchor>
            ) : null}
            <Title order={1} fz={28}>
              {heading}
            </Title>
          </Stack>
          <Group gap="sm">
            {organizerId ? (
              <Button
                variant="default"
                component={Link}
                to={`/manage/organizer/${organizerId}/settings`}
                leftSection={<SettingsIcon size={16} />}
              >
                <Trans>Organizer settings</Trans>
              </Button>
            ) : null}
            {organizerId ? (
              <Button
                variant="default"
                component={Link}
                to={`/manage/organizer/${organizerId}/homepage`}
                leftSection={<PaletteIcon size={16} />}
              >
                <Trans>Homepage design</Trans>
              </Button>
            ) : null}
            <Button leftSection={<PlusIcon size={16} />} onClick={newEvent}>
              <Trans>Create event</Trans>
            </Button>
          </Group>
        </Group>

        <TabLinks
          label={t`Event lists`}
          tabs={[
            { to: `${base}/upcoming`, label: t`Upcoming`, current: params.state === 'upcoming' },
            { to: `${base}/ended`, label: t`Ended`, current: params.state === 'ended' },
            { to: `${base}/archived`, label: t`Archived`, current: params.state === 'archived' },
          ]}
        />

        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t`Search`}
            placeholder={t`Event title`}
            leftSection={<SearchIcon size={16} />}
            type="search"
            value={searchText}
            onChange={(event) => setSearchText(event.currentTarget.value)}
            w={{ base: '100%', xs: 260 }}
          />
          <FitSelect
            label={t`Sort by`}
            allowDeselect={false}
            data={[
              { value: 'start_date:asc', label: t`Start date, soonest first` },
              { value: 'start_date:desc', label: t`Start date, latest first` },
              { value: 'title:asc', label: t`Title, A to Z` },
              { value: 'title:desc', label: t`Title, Z to A` },
              { value: 'created_at:desc', label: t`Newest created first` },
            ]}
            value={`${params.sortBy}:${params.sortDirection}`}
            onChange={(value) => {
              const [sortBy, direction] = (value ?? 'start_date:asc').split(':');
              setParams({
                sortBy: oneOf(SORTS, sortBy) ?? 'start_date',
                sortDirection: direction === 'desc' ? 'desc' : 'asc',
              });
            }}
          />
        </Group>

        {events.isPending ? (
          <InlineLoader />
        ) : events.isError ? (
          <Stack gap="sm">
            <ErrorAlert error={events.error} title={t`Could not load the events`} />
            <Button variant="default" w="fit-content" onClick={() => events.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </Stack>
        ) : events.data.data.length === 0 ? (
          <Paper withBorder radius="lg" p={{ base: 'xl', sm: 48 }}>
            <EmptyState icon={<CalendarIcon />} variant="light">
              <EmptyState.Title order={2}>
                {params.query ? <Trans>No events match</Trans> : <Trans>No events to show</Trans>}
              </EmptyState.Title>
              <EmptyState.Description>
                {params.query ? (
                  <Trans>Try another search.</Trans>
                ) : params.state === 'upcoming' ? (
                  <Trans>Create an event to start selling tickets.</Trans>
                ) : params.state === 'ended' ? (
                  <Trans>Events whose dates have passed are listed here.</Trans>
                ) : (
                  <Trans>Archived events are kept here, out of the way. You can restore them.</Trans>
                )}
              </EmptyState.Description>
              {!params.query && params.state === 'upcoming' ? (
                <EmptyState.Actions>
                  {organizers.data && organizerList.length === 0 ? (
                    <Button component={Link} to="/welcome">
                      <Trans>Set up your first event</Trans>
                    </Button>
                  ) : (
                    <Button onClick={newEvent}>
                      <Trans>Create event</Trans>
                    </Button>
                  )}
                </EmptyState.Actions>
              ) : null}
            </EmptyState>
          </Paper>
        ) : (
          <Stack
            gap="sm"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-busy={events.isPlaceholderData}
          >
            {events.data.data.map((event) => (
              <li key={event.id}>
                <EventRow
                  event={event}
                  organizer={byId.get(event.organizer_id)}
                  showOrganizer={!organizerId}
                />
              </li>
            ))}
          </Stack>
        )}

        {events.data && events.data.meta.last_page > 1 ? (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              <Plural value={total} one="# event" other="# events" />
            </Text>
            <Pagination
              total={events.data.meta.last_page}
              value={params.page}
              onChange={(page) => setParams({ page })}
              getControlProps={(control) =>
                control === 'previous'
                  ? { 'aria-label': t`Previous page` }
                  : control === 'next'
                    ? { 'aria-label': t`Next page` }
                    : {}
              }
              getItemProps={(page) => ({ 'aria-label': t`Page ${page}` })}
            />
          </Group>
        ) : null}
      </Stack>

      <Modal
        opened={creating}
        onClose={() => setCreating(false)}
        title={t`Create event`}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': t`Close` }}
      >
        {organizers.isPending ? (
          <InlineLoader />
        ) : organizers.isError ? (
          <ErrorAlert error={organizers.error} />
        ) : (
          <EventBasicsForm
            organizers={organizerId ? organizerList.filter((o) => o.id === organizerId) : organizerList}
            submitLabel={t`Create event`}
            onCancel={() => setCreating(false)}
            onCreated={(event) => {
              setCreating(false);
              notify(t`The event has been created.`);
              void navigate(`/manage/event/${event.id}`);
            }}
          />
        )}
      </Modal>
    </Container>
  );
}
